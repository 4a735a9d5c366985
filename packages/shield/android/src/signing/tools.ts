/**
 * The Android build tools hardening relies on, from Debian packages:
 * apksigner (sign v1+v2+v3 and verify), zipalign (alignment check),
 * dexdump (every DEX must still dump), the JDK, and for the DEX shell smali,
 * baksmali and enjarify. A tool that is missing is named with
 * its package in the error, never skipped: an unverified output is not
 * shipped. Passwords reach apksigner through its environment ("env:" form),
 * never on the command line or in an error message.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fail } from '../text.ts';

/** Each tool with the Debian package that provides it (the DEX shell's smali/baksmali/enjarify included). */
const PACKAGES = {
  apksigner: 'apksigner',
  zipalign: 'zipalign',
  dexdump: 'dexdump',
  keytool: 'default-jre-headless',
  javac: 'default-jdk-headless',
  java: 'default-jre-headless',
  jar: 'default-jdk-headless',
  smali: 'libsmali-java',
  baksmali: 'libsmali-java',
  enjarify: 'enjarify',
  aapt2: 'aapt',
} as const;
export type Tool = keyof typeof PACKAGES;

export function findTool(tool: Tool): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(delimiter)) {
    const p = join(dir, tool);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

export function requireTool(tool: Tool): string {
  const p = findTool(tool);
  if (!p) fail('SHIELD_TOOL_MISSING', `服务器缺少 ${tool}（请安装 Debian 软件包 ${PACKAGES[tool]}）`, `${tool} is not installed on the server (install the Debian package ${PACKAGES[tool]})`);
  return p;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool with a time limit; the exit code is returned, not thrown (a
 * failed start is code -1). Output is capped to its last 64 KiB (dexdump -d
 * prints megabytes); `secrets` are cut out of it.
 */
export function runTool(path: string, args: string[], opts: { env?: Record<string, string>; timeoutMs?: number; signal?: AbortSignal; secrets?: string[] } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, {
      env: { PATH: process.env.PATH ?? '/usr/bin', LANG: 'C.UTF-8', ...opts.env },
      timeout: opts.timeoutMs ?? 300_000,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const keep = (acc: { text: string }) => (chunk: Buffer) => {
      acc.text = (acc.text + chunk.toString('utf8')).slice(-65536);
    };
    const out = { text: '' };
    const err = { text: '' };
    child.stdout.on('data', keep(out));
    child.stderr.on('data', keep(err));
    const clean = (s: string): string => (opts.secrets ?? []).filter((x) => x.length > 0).reduce((acc, x) => acc.split(x).join('***'), s);
    child.on('error', (e) => {
      if (e.name === 'AbortError') reject(e);
      else resolve({ code: -1, stdout: '', stderr: clean(e.message) });
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: clean(out.text), stderr: clean(err.text) }));
  });
}

/** The last meaningful lines of a tool's output, for a verification detail or an error. */
export function tail(r: RunResult, lines = 6): string {
  return `${r.stderr}\n${r.stdout}`.split('\n').map((l) => l.trim()).filter(Boolean).slice(-lines).join(' | ').slice(0, 800);
}
