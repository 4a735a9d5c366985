/**
 * The SCA engine: collects the input's lockfiles and manifests (input.ts),
 * merges their packages into components with dependency paths, matches them
 * against the offline vulnerability data and reports each vulnerability under
 * the catalogue item of its severity. The target carries what the result
 * page and the CLI's CycloneDX output need: manifests, components (with
 * paths, scope and the verified minimal upgrade), vulnerabilities and the
 * CycloneDX 1.5 SBOM.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Assessment, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, EngineInputError, type EngineOptions, singleInputFile, startAssessment } from '@citadel/engine-core';
import { SCA_CATALOGUE } from './catalogue/index.ts';
import { isExecutableHeader, isJavaArchiveName, isManifestName } from './formats/index.ts';
import { collectManifests } from './input.ts';
import { type Component, type Level, type MatchResult, matchComponents, mergeComponents } from './match/match.ts';
import { ManifestError } from './model.ts';
import { cycloneDx } from './sbom/cyclonedx.ts';
import { applyLicencePolicy, readInputLicences } from './licences/run.ts';
import { readVexStatements } from './sbom/run-vex.ts';
import { vexMatcher } from './sbom/vex.ts';
import { checkEol } from './eol/run.ts';
import type { EolFact } from './eol/index.ts';

export const ENGINE_VERSION = '0.1.0';

const LEVEL_ITEM: Record<Level, string> = { critical: 'vulnerabilities.critical', high: 'vulnerabilities.high', medium: 'vulnerabilities.medium', low: 'vulnerabilities.low', unknown: 'vulnerabilities.medium' };
const VULN_KEYS = ['vulnerabilities.critical', 'vulnerabilities.high', 'vulnerabilities.medium', 'vulnerabilities.low', 'vulnerabilities.suppressed'];
const MAX_SUMMARY = 300;
const REACH_TEXT = { called: 'a vulnerable function the advisory names is used by the project\'s code', imported: 'the package is imported, none of the vulnerable functions seen', not_imported: 'the project\'s own code does not import the package' } as const;

/** What the result page reads from Assessment.target (kind 'sca'). */
export interface ScaTarget {
  kind: 'sca';
  name: string;
  manifests: { file: string; format: string; packages: number; notes: string[] }[];
  components: Component[];
  vulnerabilities: MatchResult['vulnerabilities'];
  /** False when no vulnerability data was configured or it could not be opened. */
  matched: boolean;
  /** Distribution releases of the input's package databases with their end of life (eol/). */
  releases?: { ecosystem: string; eol: EolFact }[];
  /** Runtimes named by version files and Dockerfiles, with their end of life (eol/runtime.ts). */
  runtimes?: { runtime: string; version: string; file: string; eol: EolFact }[];
  sbom: Record<string, unknown>;
}

export class ScaEngine implements Engine {
  readonly name = 'sca';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = ['sca'];
  readonly catalogue = SCA_CATALOGUE;

  /** A lockfile or manifest, a Java archive, or an executable (ELF, PE, Mach-O) whose Go or cargo-auditable build info lists its components. */
  accepts(fileName: string, head?: Uint8Array): Platform | undefined {
    return isManifestName(fileName) || isJavaArchiveName(fileName) || (head !== undefined && isExecutableHeader(head)) ? 'sca' : undefined;
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    const file = singleInputFile(input, ctx);
    const builder = startAssessment(this, 'sca', options, ctx);
    const c = { id: (k: string) => `sca.${k}` };
    builder.setPhase('manifests');
    let collected: Awaited<ReturnType<typeof collectManifests>>;
    try {
      collected = await collectManifests(file.path, file.name);
    } catch (e) {
      if (e instanceof ManifestError) throw new EngineInputError(e.code === 'too_large' ? 'too_large' : e.code === 'unsupported' ? 'unsupported_format' : 'corrupt', e.message);
      throw e;
    }
    const { manifests, unreadable } = collected;
    if (manifests.length === 0) {
      if (unreadable.length > 0) throw new EngineInputError('corrupt', `no manifest could be read: ${unreadable[0]!.file}: ${unreadable[0]!.reason}`);
      throw new EngineInputError('unsupported_format', 'no lockfile, manifest, SBOM or package database was found (npm, yarn, pnpm, bun; pip, Pipfile, poetry, uv, pdm; Maven, Gradle, JAR/WAR; go.mod, Cargo.lock and Go/Rust binaries; composer, Bundler, NuGet, pub, mix, conan, CocoaPods, SwiftPM, renv; dpkg and apk databases; CycloneDX or SPDX)');
    }
    for (const u of unreadable) builder.unreadable(u.file, u.reason);
    builder.throwIfAborted();
    const components = mergeComponents(manifests);
    // Licences and VEX come from the side files the collector kept and from the scan's params (licences/, sbom/).
    await readInputLicences(components, collected.side);
    await applyLicencePolicy(builder, components);
    const vex = vexMatcher(readVexStatements(builder, collected.side));

    await builder.check(c.id('inventory.unpinned'), () => {
      for (const comp of components) if (comp.unresolved) builder.problem(c.id('inventory.unpinned'), { file: comp.files[0], snippet: comp.name, detail: comp.unresolved });
    });

    const { releases, runtimes } = await checkEol(builder, components, ctx.now?.() ?? new Date(), collected.side);

    builder.setPhase('vulnerabilities');
    let result: MatchResult = { components, vulnerabilities: [] };
    let matched = false;
    const wanted = VULN_KEYS.map(c.id).filter((id) => builder.isSelected(id));
    if (wanted.length > 0) {
      if (!options.vulnData) {
        for (const id of wanted) builder.notExecuted(id, 'no vulnerability data configured (import it under System → vulnerability data, or pass --vuln-db PATH to the CLI)');
      } else {
        let data: Awaited<ReturnType<typeof import('@citadel/vulndb').openVulnerabilityData>> | undefined;
        try {
          data = await (await import('@citadel/vulndb')).openVulnerabilityData(options.vulnData, ctx.signal);
        } catch (e) {
          for (const id of wanted) builder.notExecuted(id, `vulnerability data could not be opened: ${(e as Error).message}`);
        }
        if (data) {
          try {
            await builder.check(wanted, async () => {
              result = await matchComponents(data!, components, ctx.signal, collected.sources, collected.sourcesComplete);
              matched = true;
              const byRef = new Map(components.map((x) => [x.ref, x]));
              for (const v of result.vulnerabilities) {
                const comp = byRef.get(v.component)!;
                const suppressed = vex(v.ids, comp);
                if (suppressed) {
                  // Shown with the statement's reasons under its own (info) item, not counted under its severity.
                  v.suppressed = suppressed;
                  const why = [suppressed.state, suppressed.justification, suppressed.detail?.slice(0, MAX_SUMMARY)].filter(Boolean).join('; ');
                  builder.problem(c.id('vulnerabilities.suppressed'), { file: suppressed.source, className: comp.purl, snippet: `${v.id} ${comp.name}@${comp.version}`, detail: `VEX: ${why}` });
                  continue;
                }
                const path = comp.paths[0]?.join(' > ');
                const detail = [
                  `${v.score !== undefined ? `CVSS ${v.score} ` : ''}${v.summary.slice(0, MAX_SUMMARY)}`,
                  v.ids.length > 1 ? `ids: ${v.ids.join(', ')}` : '',
                  v.fixed.length ? `fixed in: ${v.fixed.join(', ')}` : 'no fixed version known',
                  comp.fix ? `minimal upgrade fixing all: ${comp.fix}` : '',
                  v.reach ? `reachability: ${REACH_TEXT[v.reach.state]}${v.reach.files.length ? ` (${v.reach.files.slice(0, 3).join(', ')})` : ''}` : '',
                  path ? `path: ${path}` : '',
                ].filter(Boolean);
                builder.finding(c.id(LEVEL_ITEM[v.level]), { file: comp.files[0], className: comp.purl, snippet: `${v.id} ${comp.name}@${comp.version}`, detail: detail.join('; ') });
              }
            });
          } finally {
            await data.close();
          }
        }
      }
    }

    const st = await stat(file.path);
    const sha256 = st.isFile() ? await fileSha256(file.path) : undefined;
    const target: ScaTarget = {
      kind: 'sca',
      name: file.name,
      manifests: manifests.map((m) => ({ file: m.file, format: m.format, packages: m.packages.length, notes: m.notes })),
      components: result.components,
      vulnerabilities: result.vulnerabilities,
      matched,
      ...(releases.length ? { releases } : {}),
      ...(runtimes.length ? { runtimes } : {}),
      sbom: cycloneDx({ name: file.name, ...(sha256 ? { sha256 } : {}) }, result, ctx.now?.() ?? new Date(), ENGINE_VERSION),
    };
    Object.assign(builder.target, target);
    return builder.build();
  }
}

/** Streamed: an uploaded project zip can be hundreds of MB. */
async function fileSha256(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

export const engine = new ScaEngine();
