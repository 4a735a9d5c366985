/**
 * Fuzz: a few hundred deterministic mutations of the real corpus's manifest,
 * resource table and DEX. Each case must parse (possibly with warnings) or
 * throw FormatError — never another exception, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { FormatError } from '@citadel/engine-core';
import { parseAxml } from './axml/parse-axml.ts';
import { parseArsc } from './arsc/parse-arsc.ts';
import { parseDex } from './dex/parse-dex.ts';
import { walkMethods } from './dex/methods.ts';
import { parseProtoXml } from './aab/xml-node.ts';
import { toXml } from './xml-tree/to-xml.ts';
import { mutate } from './testing/mutate.ts';
import { writeProtoXml } from './testing/proto-writer.ts';
import { corpusApk, corpusAvailable, extractEntry } from './testing/corpus.ts';

const CASES = 200;

function survive(label: string, run: () => void): 'ok' | 'format-error' {
  try {
    run();
    return 'ok';
  } catch (e) {
    if (e instanceof FormatError) return 'format-error';
    throw new Error(`${label}: ${e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e)}`);
  }
}

function fuzz(input: Uint8Array, cases: number, seedBase: number, run: (b: Uint8Array) => void, headerBias?: number): Record<string, number> {
  const tally: Record<string, number> = { ok: 0, 'format-error': 0 };
  for (let i = 0; i < cases; i++) tally[survive(`seed ${seedBase + i}`, () => run(mutate(input, seedBase + i, headerBias)))]!++;
  return tally;
}

const readManifest = (b: Uint8Array): void => {
  toXml(parseAxml(b));
};

const readTable = (b: Uint8Array): void => {
  const t = parseArsc(b);
  t.resolveString(0x7f060023);
  t.localizedStrings(0x7f060001);
  t.resolveFilePath(0x7f030000);
  const id = t.findId('string', 'app_name');
  if (id !== undefined) t.values(id);
};

const readDex = (b: Uint8Array): void => {
  const dex = parseDex(b);
  for (const m of walkMethods(dex)) {
    for (const i of m.facts.invokes.slice(0, 4)) {
      try {
        dex.method(i.methodIndex);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
  }
};

describe('fuzzing the readers with mutated real samples', () => {
  it.skipIf(!corpusAvailable('diva.apk'))('AXML: DIVA manifest', async () => {
    const tally = fuzz(await extractEntry(corpusApk('diva.apk'), 'AndroidManifest.xml'), CASES, 1000, readManifest);
    expect(tally.ok! + tally['format-error']!).toBe(CASES);
    expect(tally.ok).toBeGreaterThan(0);
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('ARSC: UnCrackable resource table', async () => {
    const tally = fuzz(await extractEntry(corpusApk('uncrackable-level1.apk'), 'resources.arsc'), CASES, 2000, readTable);
    expect(tally.ok! + tally['format-error']!).toBe(CASES);
  });

  it.skipIf(!corpusAvailable('diva.apk'))('ARSC: DIVA resource table', async () => {
    const tally = fuzz(await extractEntry(corpusApk('diva.apk'), 'resources.arsc'), 40, 2500, readTable, 0x2000);
    expect(tally.ok! + tally['format-error']!).toBe(40);
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('DEX: UnCrackable classes.dex with full bytecode walk', async () => {
    const tally = fuzz(await extractEntry(corpusApk('uncrackable-level1.apk'), 'classes.dex'), CASES, 3000, readDex, 0x200);
    expect(tally.ok! + tally['format-error']!).toBe(CASES);
    expect(tally.ok).toBeGreaterThan(0);
  });

  it.skipIf(!corpusAvailable('diva.apk'))('DEX: DIVA classes.dex (fewer cases, 1.5 MB each)', async () => {
    const tally = fuzz(await extractEntry(corpusApk('diva.apk'), 'classes.dex'), 12, 4000, readDex, 0x100);
    expect(tally.ok! + tally['format-error']!).toBe(12);
  });

  it('AAB protobuf XML built by the test writer', () => {
    const bytes = writeProtoXml({ name: 'manifest', attrs: [{ name: 'package', string: 'x.y' }], children: [{ name: 'application', attrs: [{ name: 'debuggable', android: true, bool: true }] }] });
    const tally = fuzz(bytes, CASES, 5000, (b) => void toXml(parseProtoXml(b)), 64);
    expect(tally.ok! + tally['format-error']!).toBe(CASES);
  });
});
