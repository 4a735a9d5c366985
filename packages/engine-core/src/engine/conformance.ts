/**
 * What every engine must satisfy, as a list of problems an engine's own test
 * can assert empty: `expect(engineConformanceProblems(engine)).toEqual([])`.
 */
import { PLATFORMS } from '@citadel/contracts';
import { catalogueProblems } from '../catalogue/validate.ts';
import type { Engine } from './types.ts';

const ODD_NAMES = ['', 'a', '.apk', 'x.APK', '../../etc/passwd', '名字.ipa', 'a'.repeat(5000)];

export function engineConformanceProblems(engine: Engine): string[] {
  const p: string[] = [];
  if (!/^[a-z][a-z0-9_-]*$/.test(engine.name)) p.push(`name "${engine.name}" must be a lower-case identifier`);
  if (!engine.version) p.push('version is empty');
  if (engine.platforms.length === 0) p.push('platforms is empty');
  for (const pl of engine.platforms) if (!(PLATFORMS as readonly string[]).includes(pl)) p.push(`unknown platform "${pl}"`);
  p.push(...catalogueProblems(engine.catalogue.items).map((x) => `catalogue: ${x}`));
  for (const item of engine.catalogue.items) {
    if (!engine.platforms.includes(item.platform)) p.push(`catalogue item ${item.id} is for ${item.platform}, which the engine does not list`);
  }
  // accepts() sees arbitrary uploads: it must answer, never throw, and only with its own platforms.
  const heads = [new Uint8Array(0), new Uint8Array(4096), Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) & 0xff), Buffer.from('PK\u0003\u0004')];
  for (const name of ODD_NAMES) {
    for (const head of heads) {
      try {
        const r = engine.accepts(name, head);
        if (r !== undefined && !engine.platforms.includes(r)) p.push(`accepts("${name.slice(0, 20)}") answered ${String(r)}, not one of its platforms`);
      } catch (e) {
        p.push(`accepts("${name.slice(0, 20)}", ${head.length} bytes) threw: ${(e as Error).message}`);
      }
    }
  }
  return [...new Set(p)];
}
