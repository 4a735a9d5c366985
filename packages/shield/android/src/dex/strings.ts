/**
 * String encryption in selected classes: the DEX is disassembled with
 * Debian's baksmali, every `const-string` in the chosen classes is replaced
 * by its encrypted form followed by a call to com.citadel.shell.Str.d (XOR
 * with a per-app key, char by char), and the DEX is assembled again with
 * smali (the round trip apktool relies on). Static field initial values
 * (`.field … = "…"`) are left as they are: the class initialiser is not
 * rewritten. This hides literals from static readers; the key is in the
 * app, so it is no secret against someone running it.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DexFile } from '@citadel/engine-android';
import { runTool, tail } from '../signing/tools.ts';
import { SMALI_ENV, requireShellTool } from '../shell/tools.ts';
import { fail } from '../text.ts';

export const STR_CLASS = 'Lcom/citadel/shell/Str;';
const DECRYPT = `${STR_CLASS}->d(Ljava/lang/String;)Ljava/lang/String;`;
const CONST_STRING = /^(\s*)const-string(?:\/jumbo)?\s+([vp]\d+),\s+"((?:[^"\\]|\\.)*)"\s*$/;

export interface StringPair {
  plain: string;
  enc: string;
}

export interface StringEncryption {
  bytes: Buffer;
  /** classes rewritten (descriptor form) */
  classes: string[];
  pairs: StringPair[];
}

/** A fresh key: 16 chars outside the surrogate range, so the key itself is well-formed text. */
export function stringKey(): string {
  return String.fromCharCode(...Array.from({ length: 16 }, () => randomInt(0x100, 0xd800)));
}

export function xorString(s: string, key: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(s.charCodeAt(i) ^ key.charCodeAt(i % key.length));
  return out;
}

/** smali string literal body → text (baksmali writes \n \t \r \b \f \' \" \\ and \uXXXX). */
export function unescapeSmali(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => {
    if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', "'": "'", '"': '"', '\\': '\\' } as Record<string, string>)[e] ?? e;
  });
}

/** text → smali string literal body, every char outside printable ASCII as \uXXXX. */
export function escapeSmali(s: string): string {
  let out = '';
  for (const ch of s) {
    for (let i = 0; i < ch.length; i++) {
      const c = ch.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c) out += String.fromCharCode(c);
      else out += `\\u${c.toString(16).padStart(4, '0')}`;
    }
  }
  return out;
}

function strSmali(key: string): string {
  return `.class public final ${STR_CLASS}
.super Ljava/lang/Object;
.field static final K:Ljava/lang/String; = "${escapeSmali(key)}"
# d(s): each char XOR the key's char at the same position modulo the key length
.method public static d(Ljava/lang/String;)Ljava/lang/String;
    .locals 6
    invoke-virtual {p0}, Ljava/lang/String;->toCharArray()[C
    move-result-object v0
    sget-object v1, ${STR_CLASS}->K:Ljava/lang/String;
    invoke-virtual {v1}, Ljava/lang/String;->length()I
    move-result v2
    const/4 v3, 0x0
    :loop
    array-length v4, v0
    if-ge v3, v4, :done
    aget-char v4, v0, v3
    rem-int v5, v3, v2
    invoke-virtual {v1, v5}, Ljava/lang/String;->charAt(I)C
    move-result v5
    xor-int/2addr v4, v5
    int-to-char v4, v4
    aput-char v4, v0, v3
    add-int/lit8 v3, v3, 0x1
    goto :loop
    :done
    new-instance v1, Ljava/lang/String;
    invoke-direct {v1, v0}, Ljava/lang/String;-><init>([C)V
    return-object v1
.end method
`;
}

/** "com.example.Foo" (with its inner classes) or "com.example.*" (the package and below) → a test on descriptors. */
export function classMatcher(patterns: string[]): (descriptor: string) => boolean {
  const tests = patterns.map((p) => {
    if (p.endsWith('.*')) {
      const prefix = `L${p.slice(0, -2).replace(/\./g, '/')}/`;
      return (d: string) => d.startsWith(prefix);
    }
    const exact = `L${p.replace(/\./g, '/')}`;
    return (d: string) => d === `${exact};` || d.startsWith(`${exact}$`);
  });
  return (d) => tests.some((t) => t(d));
}

/** The smali API level for a DEX version (035 → 15, 037 → 24, 038 → 26, 039 → 28): the assembled DEX keeps its version. */
function apiFor(dex: Buffer): number {
  const v = Number(dex.subarray(4, 7).toString('latin1'));
  return v >= 39 ? 28 : v === 38 ? 26 : v === 37 ? 24 : 15;
}

function smaliFiles(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...smaliFiles(p));
    else if (n.endsWith('.smali')) out.push(p);
  }
  return out;
}

/** Rewrites the DEX, or returns undefined when none of its classes is selected (the DEX stays byte for byte). */
export async function encryptStrings(dex: Buffer, name: string, patterns: string[], key: string, workDir: string, signal?: AbortSignal): Promise<StringEncryption | undefined> {
  const [baksmali, smali] = [requireShellTool('baksmali'), requireShellTool('smali')];
  const dir = join(workDir, `strings-${name}`);
  const src = join(dir, 'smali');
  mkdirSync(src, { recursive: true });
  const input = join(dir, 'in.dex');
  writeFileSync(input, dex);
  const opt = { timeoutMs: 600_000, env: SMALI_ENV, ...(signal ? { signal } : {}) };
  const d = await runTool(baksmali, ['disassemble', '-j', '1', '-o', src, input], opt);
  if (d.code !== 0) fail('SHIELD_DEX_UNSUPPORTED', `无法反汇编 ${name}，不能加密字符串`, `${name} cannot be disassembled for string encryption`, tail(d));
  const selected = classMatcher(patterns);
  const classes: string[] = [];
  const pairs: StringPair[] = [];
  for (const f of smaliFiles(src)) {
    const text = readFileSync(f, 'utf8');
    const cls = /^\.class[^\n]*?\s(L[^;\s]+;)\s*$/m.exec(text)?.[1];
    if (!cls || !selected(cls)) continue;
    if (cls === STR_CLASS) fail('SHIELD_ALREADY_SHELLED', '该 DEX 已含有 Citadel 字符串解密类，请使用未加固的原始 APK', 'The DEX already holds the Citadel string decryptor: use the original, unprotected APK');
    let n = 0;
    const lines = text.split('\n').flatMap((line) => {
      const m = CONST_STRING.exec(line);
      if (!m) return [line];
      const [, indent, reg, body] = m;
      const plain = unescapeSmali(body!);
      if (plain.length === 0) return [line];
      const enc = xorString(plain, key);
      pairs.push({ plain, enc });
      n++;
      return [`${indent}const-string ${reg}, "${escapeSmali(enc)}"`, `${indent}invoke-static/range {${reg} .. ${reg}}, ${DECRYPT}`, `${indent}move-result-object ${reg}`];
    });
    if (n > 0) {
      writeFileSync(f, lines.join('\n'));
      classes.push(cls);
    }
  }
  if (classes.length === 0) return undefined;
  writeFileSync(join(src, 'CitadelStr.smali'), strSmali(key));
  const out = join(dir, 'out.dex');
  const a = await runTool(smali, ['assemble', '-j', '1', '--api', String(apiFor(dex)), '-o', out, src], opt);
  if (a.code !== 0) fail('SHIELD_DEX_UNSUPPORTED', `${name} 加密字符串后无法重新汇编`, `${name} cannot be assembled again after string encryption`, tail(a));
  return { bytes: readFileSync(out), classes, pairs };
}

/** Same classes; a DEX re-assembled for string encryption lists them in smali's order and adds the decryptor class. */
export function sameClasses(after: DexFile, before: DexFile, stringsEncrypted: boolean): boolean {
  const a = after.classes().map((c) => c.name);
  const b = before.classes().map((c) => c.name);
  if (!stringsEncrypted) return a.join('\n') === b.join('\n');
  return [...a].sort().join('\n') === [...b, STR_CLASS].sort().join('\n');
}
