/**
 * Assembles the stub DEX with Debian's smali from the fixed sources in
 * ./smali/*.smali.ts and the generated Config class. Why smali: Debian ships no dx/d8
 * (dalvik-exchange left after buster), so Java source could not become DEX
 * here; smali is the DEX instruction set written out, so what is reviewed is
 * exactly what runs, and the stub is a few hundred lines.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTool, tail } from '../signing/tools.ts';
import { fail } from '../text.ts';
import { type ShellConfig, configSmali } from './config.ts';
import { STUB_SOURCES } from './smali/index.ts';
import { SMALI_ENV, requireShellTool } from './tools.ts';

export async function assembleStub(cfg: ShellConfig, workDir: string, signal?: AbortSignal): Promise<Buffer> {
  const smali = requireShellTool('smali');
  const src = join(workDir, 'stub-src');
  mkdirSync(src, { recursive: true });
  for (const [name, text] of Object.entries(STUB_SOURCES)) writeFileSync(join(src, name), text);
  writeFileSync(join(src, 'Config.smali'), configSmali(cfg));
  const out = join(workDir, 'stub.dex');
  // API 15 opcodes: the stub uses nothing newer, so one DEX serves every device the app supports.
  const r = await runTool(smali, ['assemble', '--api', '15', '-j', '1', '-o', out, src], { timeoutMs: 120_000, env: SMALI_ENV, ...(signal ? { signal } : {}) });
  if (r.code !== 0) fail('SHIELD_SHELL_BUILD_FAILED', '无法生成加固壳 DEX', 'The shell DEX could not be assembled', tail(r));
  return readFileSync(out);
}
