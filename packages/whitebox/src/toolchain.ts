/**
 * The compilers and emulators verification uses, found on PATH. gcc is required
 * (Debian package gcc); the Android cross builds need gcc-aarch64-linux-gnu and
 * gcc-arm-linux-gnueabihf, running them needs qemu-user-static.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export function which(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (!dir) continue;
    const p = path.join(dir, cmd);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}

export interface Toolchains {
  gcc?: string;
  make?: string;
  arm64?: { cc: string; ar: string };
  armv7?: { cc: string; ar: string };
  qemuArm64?: string;
  qemuArm?: string;
}

export function findToolchains(): Toolchains {
  const cross = (t: string) => {
    const cc = which(`${t}-gcc`);
    const ar = which(`${t}-ar`);
    return cc && ar ? { cc, ar } : undefined;
  };
  return {
    gcc: which('gcc') ?? which('cc'),
    make: which('make'),
    arm64: cross('aarch64-linux-gnu'),
    armv7: cross('arm-linux-gnueabihf'),
    qemuArm64: which('qemu-aarch64-static') ?? which('qemu-aarch64'),
    qemuArm: which('qemu-arm-static') ?? which('qemu-arm'),
  };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs a program with a wall-clock limit; the output kept is capped. */
export function run(cmd: string, args: string[], opts: { cwd?: string; input?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; argv0?: string } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, argv0: opts.argv0, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const cap = 64 << 20;
    p.stdout.on('data', (d: Buffer) => { if (stdout.length < cap) stdout += d.toString('utf8'); });
    p.stderr.on('data', (d: Buffer) => { if (stderr.length < 1 << 16) stderr += d.toString('utf8'); });
    const timer = setTimeout(() => {
      timedOut = true;
      p.kill('SIGKILL');
    }, opts.timeoutMs ?? 120_000);
    p.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: stderr + String(e), timedOut });
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
    p.stdin.on('error', () => undefined);
    p.stdin.end(opts.input ?? '');
  });
}
