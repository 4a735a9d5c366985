/**
 * Runs the customer's code (an entry point, a test command) in a child
 * process: a clean environment (no variable of the portal passes: no
 * secrets, no proxies), HOME and the npm cache in a scratch folder, a wall
 * clock limit, output capped. Where the kernel allows unprivileged user
 * namespaces it also runs without a network (`unshare --net`, only a loopback
 * device) in its own PID namespace, so a timeout kills every process the
 * command started. Elsewhere the child leads its own process group, killed as
 * a whole, and the result says the network was not isolated.
 * With `confineNode`, every Node.js process of the command (the command
 * itself, npm, test runners and the workers they start — NODE_OPTIONS is
 * inherited) runs under Node's permission model: files readable only in the
 * project, the scratch home and npm's own folder, writable only in the first
 * two. Programs other than Node are confined by the namespace and time only,
 * and so is a child a test deliberately starts with an emptied environment
 * (child processes must be allowed for test runners): the model confines the
 * tests as they are written, the namespace is the outer wall.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface RunResult {
  /** exit code, or undefined when killed */
  code: number | undefined;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  cwd: string;
  home: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** run every Node.js process of the command under the permission model (see above) */
  confineNode?: boolean;
}

/** Node 22.13+ names the flag --permission (and Node 24 dropped the old name); Node 20 knows only --experimental-permission. */
export function permissionFlag(): string {
  return process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
}

/** npm's own folder (npm and npx run as Node scripts and must read themselves), when it is where Node's prefix puts it. */
function npmDir(): string[] {
  const dir = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
  return existsSync(dir) ? [dir, path.join(path.dirname(process.execPath), 'npm'), path.join(path.dirname(process.execPath), 'npx')] : [];
}

const quoted = (p: string) => `"${p.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * NODE_OPTIONS for a confined command. Paths are given one flag each (a
 * comma-separated list is refused by current Node 20 and 22). Child processes
 * and workers are allowed — test runners need them — and inherit the options.
 */
export function confinedNodeOptions(cwd: string, home: string): string {
  const read = [cwd, home, ...npmDir()];
  const write = [cwd, home];
  // newer flags only where this Node knows them; the model's own warnings would fill the command's output
  const known = (f: string) => process.allowedNodeEnvironmentFlags.has(f.split('=')[0]!);
  const extra = ['--allow-child-process', '--allow-worker', '--allow-addons', '--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning'].filter(known);
  return [permissionFlag(), ...read.map((p) => `--allow-fs-read=${quoted(p)}`), ...write.map((p) => `--allow-fs-write=${quoted(p)}`), ...extra].join(' ');
}

const OUTPUT_CAP = 64 * 1024;
let isolation: boolean | undefined;

/** Whether `unshare` can give a child its own network and PID namespace here (probed once). */
export function networkIsolation(): boolean {
  if (isolation === undefined) {
    const r = spawnSync('unshare', ['-rnpf', '--kill-child', 'true'], { stdio: 'ignore', timeout: 5000 });
    isolation = r.status === 0;
  }
  return isolation;
}

export function cleanEnv(cwd: string, home: string): Record<string, string> {
  const nodeBin = path.dirname(process.execPath);
  return {
    PATH: [path.join(cwd, 'node_modules', '.bin'), nodeBin, '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    TMPDIR: home,
    LANG: 'C.UTF-8',
    CI: '1',
    NO_COLOR: '1',
    npm_config_cache: path.join(home, '.npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_offline: 'true',
  };
}

/** Runs argv (argv[0] looked up on the clean PATH) and resolves with what happened; never rejects. */
export function runSandboxed(argv: string[], o: RunOptions): Promise<RunResult> {
  const isolated = networkIsolation();
  // inside the namespace the loopback device starts down: bring it up so local test servers work
  const wrapped = isolated ? ['unshare', '-rnpf', '--kill-child', '/bin/sh', '-c', 'ip link set lo up 2>/dev/null; exec "$@"', 'sandbox', ...argv] : argv;
  const started = performance.now();
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let done = false;
    const env = cleanEnv(o.cwd, o.home);
    if (o.confineNode) env.NODE_OPTIONS = confinedNodeOptions(o.cwd, o.home);
    const child = spawn(wrapped[0]!, wrapped.slice(1), { cwd: o.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: !isolated });
    const kill = () => {
      try {
        if (isolated) child.kill('SIGKILL');
        else if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, o.timeoutMs);
    o.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString('utf8')).slice(-OUTPUT_CAP)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-OUTPUT_CAP)));
    const finish = (code: number | undefined, err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', kill);
      if (!isolated) kill();
      resolve({ code, timedOut, stdout, stderr: err ? `${stderr}${err.message}` : stderr, ms: performance.now() - started });
    };
    child.on('error', (err) => finish(undefined, err));
    child.on('close', (code) => finish(code ?? undefined));
  });
}
