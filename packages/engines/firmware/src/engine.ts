/**
 * The firmware engine: reads the image (size checked first), unpacks it
 * (unpack/), derives the facts (analysis/), runs the check groups (checks/)
 * and returns the Assessment. The target carries what the portal's preview
 * and compare need without re-running anything: regions, file systems, the
 * file list with sizes and SHA-1, components, services and the CycloneDX SBOM.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Assessment, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, EngineInputError, type EngineOptions, singleInputFile, startAssessment } from '@citadel/engine-core';
import { type ImageFacts, analyseImage } from './analysis/analyse.ts';
import { cycloneDx } from './analysis/sbom.ts';
import { FIRMWARE_CATALOGUE } from './catalogue/index.ts';
import { accountChecks, binaryChecks, networkChecks, secretChecks, webChecks } from './checks/content.ts';
import { FirmwareCheckContext } from './checks/context.ts';
import { imageChecks } from './checks/image.ts';
import { vulnerabilityChecks } from './checks/vulns.ts';
import { DEFAULT_LIMITS } from './unpack/model.ts';
import { HANDLERS, unpackImage } from './unpack/scan.ts';
import { firmwareTarget } from './target.ts';

export const ENGINE_VERSION = '0.1.0';
/** Largest image read (firmware images are flash-sized: tens of MiB). */
export const MAX_IMAGE_BYTES = 512 << 20;

const EXTENSIONS = /\.(?:bin|img|trx|chk|w|ubi|squashfs|sqsh|fw|rom|uimage|itb)$/i;

export class FirmwareEngine implements Engine {
  readonly name = 'firmware';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = ['firmware'];
  readonly catalogue = FIRMWARE_CATALOGUE;

  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    try {
      if (EXTENSIONS.test(fileName)) return 'firmware';
      const b = Buffer.from(head.buffer, head.byteOffset, head.length);
      // A known container signature in the first bytes.
      for (const h of HANDLERS) {
        if (h.generic) continue;
        for (const m of h.magics) {
          const at = b.indexOf(m);
          if (at >= 0 && at + (h.magicOffset ?? 0) === 0) return 'firmware';
        }
      }
      return undefined;
    } catch {
      return undefined;
    }
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    return (await this.assess(input, options, ctx)).assessment;
  }

  /** The assessment and the unpacked image it was made from (compare, preview tools). */
  async assess(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<{ assessment: Assessment; facts: ImageFacts }> {
    const file = singleInputFile(input, ctx);
    const size = (await stat(file.path)).size;
    if (size > MAX_IMAGE_BYTES) throw new EngineInputError('too_large', `firmware image of ${size} bytes is over the limit of ${MAX_IMAGE_BYTES}`);
    if (size < 64) throw new EngineInputError('corrupt', 'the file is too small to be a firmware image');
    const bytes = new Uint8Array(await readFile(file.path));
    const builder = startAssessment(this, 'firmware', options, ctx);
    const now = ctx.now?.() ?? new Date();

    builder.setPhase('unpack');
    const image = unpackImage(bytes, DEFAULT_LIMITS);
    if (image.filesystems.length === 0 && image.blobs.length === 0 && image.regions.every((r) => r.kind === 'unknown' || r.kind === 'padding')) {
      throw new EngineInputError('unsupported_format', 'no known firmware format was found in the file (no vendor header, compressed stream or file system)');
    }
    builder.throwIfAborted();
    builder.setPhase('analysis');
    const facts = analyseImage(image, now, ctx.signal);
    const c = new FirmwareCheckContext(builder, this.catalogue, image, facts);

    await imageChecks(c);
    builder.setPhase('accounts');
    await accountChecks(c);
    builder.setPhase('binaries');
    await binaryChecks(c);
    await networkChecks(c);
    builder.setPhase('secrets');
    await secretChecks(c);
    await webChecks(c);
    builder.setPhase('vulnerabilities');
    const cves = await vulnerabilityChecks(c, options.vulnData, ctx.signal);

    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const cpeOf = await cpeNamer();
    const sbom = cycloneDx(facts.components, facts.identity, { name: file.name, sha256 }, (comp) => cpeOf(comp.name, comp.version));
    Object.assign(builder.target, firmwareTarget(file.name, bytes, sha256, image, facts, cves, sbom));
    for (const u of facts.unreadable) builder.unreadable(u.file, u.reason);
    for (const fs of image.filesystems) for (const e of fs.errors.slice(0, 100)) builder.unreadable(`${fs.kind}@0x${fs.offset.toString(16)}`, e);
    return { assessment: builder.build(), facts };
  }
}

/** CPE 2.3 names of components, when the vulnerability data's map knows them (loaded on first use: engine processes that never assess firmware do not pay for it). */
async function cpeNamer(): Promise<(name: string, version: string) => string | undefined> {
  let map: ((name: string, version: string) => { vendor: string; product: string; version: string; part?: string }[]) | undefined;
  try {
    map = (await import('@citadel/vulndb')).cpesForComponent;
  } catch {
    map = undefined;
  }
  return (name, version) => {
    const q = map?.(name, version)[0];
    return q ? `cpe:2.3:${q.part ?? 'a'}:${q.vendor}:${q.product}:${q.version}:*:*:*:*:*:*:*` : undefined;
  };
}

export const engine = new FirmwareEngine();
