/**
 * String encryption for a JAR: the classes the strategy selects get their
 * string loads routed through a small decryptor class (string-encrypt.ts), which
 * is compiled here with javac (Debian's JDK, `--release 8`, so any Android or
 * Java consumer can load it) and added to the JAR in the package of the first
 * selected class. Verification reads the output classes: each recorded string
 * has its ciphertext as a constant (the key stream is its own inverse, so
 * ciphering the constant again must give the string back), the decryptor is
 * there with `public static String d(String)`, and the count of clear-text
 * strings left (only those also used as field constants or bootstrap
 * arguments) is reported.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTool } from '../signing/tools.ts';
import { fail } from '../text.ts';
import { className, readClassModel, utf8 } from './class-model.ts';
import { keepMatches } from './rename.ts';
import { cipherString, decryptorJava, encryptClassStrings } from './string-encrypt.ts';

export interface StringReport {
  /** entry → the strings encrypted in it */
  classes: Map<string, string[]>;
  sites: number;
  skippedMethods: number;
  /** internal name of the decryptor class */
  decryptor: string;
  key: number;
}

export async function encryptStrings(before: Map<string, Buffer>, selected: string[], workDir: string): Promise<{ classes: Map<string, Buffer>; decryptor: { name: string; bytes: Buffer }; report: StringReport } | undefined> {
  const chosen = [...before.keys()].filter((e) => keepMatches(selected, e.slice(0, -'.class'.length)));
  if (chosen.length === 0) fail('SHIELD_BAD_STRATEGY', '字符串加密的类或包在 SDK 中不存在', 'No class of the SDK matches the classes or packages selected for string encryption', selected.join(', '));
  const first = chosen[0]!.slice(0, -'.class'.length);
  const pkg = first.includes('/') ? first.slice(0, first.lastIndexOf('/')) : '';
  let simple = '';
  for (let i = 0; !simple; i++) {
    const n = `S${i.toString(36)}`;
    if (!before.has(`${pkg ? `${pkg}/` : ''}${n}.class`)) simple = n;
  }
  const decryptor = `${pkg ? `${pkg}/` : ''}${simple}`;
  const key = randomBytes(4).readInt32LE(0);
  const classes = new Map<string, Buffer>();
  const report: StringReport = { classes: new Map(), sites: 0, skippedMethods: 0, decryptor, key };
  for (const entry of chosen) {
    const r = encryptClassStrings(before.get(entry)!, decryptor, key);
    report.skippedMethods += r.skippedMethods;
    if (r.sites === 0) continue;
    classes.set(entry, r.bytes);
    report.classes.set(entry, r.strings);
    report.sites += r.sites;
  }
  if (report.sites === 0) return undefined;
  const javac = requireTool('javac');
  const dir = mkdtempSync(join(workDir, 'decryptor-'));
  const src = join(dir, `${simple}.java`);
  writeFileSync(src, decryptorJava(pkg, simple, key));
  mkdirSync(join(dir, 'out'));
  await promisify(execFile)(javac, ['--release', '8', '-g:none', '-nowarn', '-d', join(dir, 'out'), src], { timeout: 120_000 }).catch((e: Error) => fail('SHIELD_STUB_BUILD', '字符串解密类编译失败', 'The string decryptor class could not be compiled', e.message.slice(0, 500)));
  const bytes = readFileSync(join(dir, 'out', `${decryptor}.class`));
  return { classes, decryptor: { name: `${decryptor}.class`, bytes }, report };
}

export function verifyStrings(report: StringReport & { where: string }, output: (entry: string) => Buffer | undefined): { ok: boolean; detail: string } {
  const problems: string[] = [];
  let leftClear = 0;
  let checked = 0;
  const dec = output(`${report.decryptor}.class`);
  try {
    const m = dec ? readClassModel(dec) : undefined;
    if (!m || !m.members.some((x) => !x.field && (x.access & 0x9) === 0x9 && utf8(m, x.nameIdx) === 'd' && utf8(m, x.descIdx) === '(Ljava/lang/String;)Ljava/lang/String;')) problems.push(`decryptor ${report.decryptor} missing or without d(String)`);
  } catch (e) {
    problems.push(`decryptor: ${(e as Error).message}`);
  }
  for (const [entry, plain] of report.classes) {
    const b = output(entry);
    if (!b) {
      problems.push(`${entry} missing`);
      continue;
    }
    try {
      const m = readClassModel(b);
      const consts = new Set(m.cp.filter((e) => e.tag === 8).map((e) => utf8(m, (e as { ref: number }).ref)));
      const utfs = new Set(m.cp.filter((e) => e.tag === 1).map((e) => (e as { text: string }).text));
      for (const s of plain) {
        checked++;
        if (!consts.has(cipherString(s, report.key))) problems.push(`${className(m, m.thisClass)}: no ciphertext for a string of ${s.length} chars`);
        if (s.length >= 4 && utfs.has(s)) leftClear++;
      }
    } catch (e) {
      problems.push(`${entry}: ${(e as Error).message}`);
    }
    if (problems.length > 20) break;
  }
  return { ok: problems.length === 0, detail: problems.length ? problems.slice(0, 10).join('; ') : `${checked} strings in ${report.classes.size} classes decrypt back; decryptor ${report.decryptor}; ${leftClear} also kept in clear as field constants, bootstrap arguments or names` };
}
