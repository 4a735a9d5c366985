/**
 * The end-of-life check of a run: each component whose product
 * endoflife.date records gets its fact (shown on the result page), those
 * past their end of life are findings, and so is the distribution release of
 * a dpkg/apk database (one finding per release, not per installed package).
 */
import type { AssessmentBuilder } from '@citadel/engine-core';
import type { Component } from '../match/match.ts';
import { EOL_SOURCE, type EolFact, eolOfComponent, eolOfRelease } from './index.ts';
import { type RuntimeUse, runtimesOf } from './runtime.ts';

const ID = 'sca.inventory.eol';

export interface EolResult {
  releases: { ecosystem: string; eol: EolFact }[];
  /** Runtimes the project names (version files, Dockerfile base images) that endoflife.date knows. */
  runtimes: (RuntimeUse & { eol: EolFact })[];
}

export async function checkEol(builder: AssessmentBuilder, components: readonly Component[], now: Date, side: readonly { path: string; bytes: Uint8Array }[] = []): Promise<EolResult> {
  const today = now.toISOString().slice(0, 10);
  const releases: { ecosystem: string; eol: EolFact }[] = [];
  const runtimes: EolResult['runtimes'] = [];
  const source = `${EOL_SOURCE.source} as of ${EOL_SOURCE.date}`;
  const when = (f: EolFact): string => (typeof f.eol === 'string' ? `ended ${f.eol}` : 'ended (no date recorded)');
  const upgrade = (f: EolFact): string => [f.latest ? `latest of ${f.cycle}: ${f.latest}` : '', f.newest ? `newest release: ${f.newest}` : ''].filter(Boolean).join('; ');
  await builder.check(ID, () => {
    for (const c of components) {
      const f = eolOfComponent(c.ecosystem, c.name, c.version, today);
      if (!f) continue;
      c.eol = f;
      if (f.ended) builder.finding(ID, { file: c.files[0], className: c.purl, snippet: `${c.name}@${c.version}`, detail: [`${f.title} ${f.cycle ?? `< ${c.version}`}: ${when(f)}`, upgrade(f), `${source}, ${f.link}`].filter(Boolean).join('; ') });
    }
    for (const eco of new Set(components.map((c) => c.ecosystem))) {
      const f = eolOfRelease(eco, today);
      if (!f) continue;
      releases.push({ ecosystem: eco, eol: f });
      const file = components.find((c) => c.ecosystem === eco)?.files[0];
      if (f.ended) builder.finding(ID, { file, snippet: `${f.title} ${f.cycle}`, detail: [`${when(f)}; every package of this release is affected`, upgrade(f), `${source}, ${f.link}`].filter(Boolean).join('; ') });
    }
    for (const r of runtimesOf(side)) {
      const f = eolOfComponent('runtime', r.runtime, r.version, today);
      if (!f) continue;
      runtimes.push({ ...r, eol: f });
      if (f.ended) builder.finding(ID, { file: r.file, snippet: `${f.title} ${r.version}`, detail: [`runtime named by ${r.file}: ${f.title} ${f.cycle ?? `< ${r.version}`} ${when(f)}`, upgrade(f), `${source}, ${f.link}`].filter(Boolean).join('; ') });
    }
  });
  return { releases, runtimes };
}
