/**
 * Hostile input through the whole engine: every case ends in an
 * EngineInputError or an assessment that lists what it could not read —
 * never another exception, a hang or an unbounded allocation.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Assessment } from '@citadel/contracts';
import { EngineInputError, buildZip, deflateBomb } from '@citadel/engine-core';
import { mutations, seededRandom } from '@citadel/engine-core/testing';
import { describe, expect, it } from 'vitest';
import { writeBplistObjects } from './formats/test-utils/bplist-writer.ts';
import { ByteSink } from './formats/test-utils/byte-sink.ts';
import { assessFile, buildBinary, buildIpa, result, tempFile } from './testing/build-ipa.ts';

const CORPUS_IPA = fileURLToPath(new URL('../../../../../shared/corpus/ios/undebuggable.ipa', import.meta.url));

async function outcome(bytes: Uint8Array, name = 'x.ipa'): Promise<Assessment | EngineInputError> {
  try {
    return await assessFile(tempFile(bytes, name.replace(/[^\w.]/g, '_')), name);
  } catch (e) {
    if (e instanceof EngineInputError) return e;
    throw e;
  }
}

const unreadable = (a: Assessment | EngineInputError) => (a instanceof EngineInputError ? [] : a.unreadable.map((u) => `${u.file}: ${u.reason}`));

/** A fat header claiming `count` architectures. */
function fatHeader(count: number): Uint8Array {
  return new ByteSink('be').u32(0xcafebabe).u32(count).i32(0x0100000c).i32(0).u32(4096).u32(64).u32(12).toBytes();
}

describe('hostile input', () => {
  it('not a ZIP, a truncated IPA and a ZIP without an app or framework are input errors', async () => {
    expect(await outcome(Buffer.from('plain text, not an app'))).toMatchObject({ code: 'unsupported_format' });
    const ipa = buildIpa();
    expect(await outcome(ipa.subarray(0, Math.floor(ipa.length / 2)))).toMatchObject({ code: 'corrupt' });
    expect(await outcome(buildZip([{ name: 'readme.txt', data: 'hello' }]))).toMatchObject({ code: 'unsupported_format' });
  });

  it('absurd fat counts and load commands past the end: the binary is unreadable, the plist checks still run', async () => {
    const fat = await outcome(buildIpa({ mainBytes: fatHeader(0x7fffffff), info: { NSAppTransportSecurity: { NSAllowsArbitraryLoads: true } } }));
    expect(unreadable(fat).join('\n')).toMatch(/Payload\/Example\.app\/Example: .*(?:fat|arch)/i);
    expect(result(fat as Assessment, 'ios.network.ats_arbitrary_loads')).toBe('fail');
    expect(result(fat as Assessment, 'ios.binary.pie')).toBe('not_executed');
    const macho = Buffer.from(buildBinary());
    macho.writeUInt32LE(0xfffffff0, 20); // sizeofcmds past the end of the file
    const past = await outcome(buildIpa({ mainBytes: macho }));
    expect(unreadable(past).join('\n')).toMatch(/Payload\/Example\.app\/Example/);
    const bare = await outcome(fatHeader(1_000_000), 'libx.dylib');
    expect(bare).toMatchObject({ code: 'corrupt' });
  });

  it('plist bombs: deep nesting, a bplist reference cycle in Info.plist, a billion-laughs entity', async () => {
    const deep = Buffer.from(`<?xml version="1.0"?><plist version="1.0">${'<array>'.repeat(100_000)}${'</array>'.repeat(100_000)}</plist>`);
    const cycle = writeBplistObjects([{ t: 'dict', keys: [1], values: [0] }, { t: 'string', v: 'CFBundleExecutable' }]);
    const laughs = Buffer.from(`<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><plist version="1.0"><string>&b;&b;&b;</string></plist>`);
    for (const info of [deep, cycle, laughs]) {
      const a = await outcome(buildIpa({ info }));
      expect(a).not.toBeInstanceOf(EngineInputError);
      expect(unreadable(a).join('\n')).toMatch(/Info\.plist/);
      expect(result(a as Assessment, 'ios.network.ats_arbitrary_loads')).toBe('not_executed');
      // The executable is still found by the bundle's name and assessed.
      expect(result(a as Assessment, 'ios.binary.pie')).toBe('pass');
    }
  });

  it('zip bombs: an executable that inflates past the limits is unreadable, not inflated', async () => {
    const bomb = buildZip([
      { name: 'Payload/Example.app/Info.plist', data: '<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleExecutable</key><string>Example</string></dict></plist>' },
      { name: 'Payload/Example.app/Example', rawData: deflateBomb(64), declaredUncompressedSize: 1024 },
      { name: 'Payload/Example.app/config.json', rawData: deflateBomb(16), declaredUncompressedSize: 100 },
    ]);
    const a = await outcome(bomb);
    expect(unreadable(a).join('\n')).toMatch(/Example\.app\/Example: /);
    const rssAfter = process.memoryUsage().rss;
    expect(rssAfter).toBeLessThan(2 * 1024 ** 3);
  });

  it('a bundle executable name that climbs out of the bundle is not followed', async () => {
    const a = await outcome(buildIpa({ info: { CFBundleExecutable: '../../../etc/passwd' } }));
    expect(a).not.toBeInstanceOf(EngineInputError);
    expect((a as Assessment).target.executable).toBe('Payload/Example.app/Example');
  });

  it.skipIf(!existsSync(CORPUS_IPA))('mutations of the corpus IPA end in a result or an input error', async () => {
    const base = readFileSync(CORPUS_IPA);
    let assessed = 0;
    for (const m of mutations(base, 40, seededRandom(6), 4)) {
      const a = await outcome(m);
      if (!(a instanceof EngineInputError)) assessed++;
    }
    expect(assessed).toBeGreaterThan(0);
  }, 120_000);

  it('mutations of a built IPA with a fat executable, a framework and a profile never crash the engine', async () => {
    const base = buildIpa({ main: { armv7: true, strings: ['http://x.example.com'] }, frameworks: [{ name: 'Kit' }], profile: { devices: 1 } });
    for (const m of mutations(base, 60, seededRandom(7), 6)) await outcome(m);
  }, 120_000);
});
