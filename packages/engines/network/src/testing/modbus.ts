/**
 * Test support: Debian's pymodbus (python3-pymodbus, run with /usr/bin/python3)
 * as a real Modbus/TCP server on a free loopback port, with the writes it
 * received (there must be none). `pymodbusMissing()` names the package when
 * it cannot run, for the test's skip reason.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./modbus-server.py', import.meta.url));
const PYTHON = '/usr/bin/python3';

export function pymodbusMissing(): string | undefined {
  const r = spawnSync(PYTHON, ['-c', 'import pymodbus.server, pymodbus.device'], { encoding: 'utf8' });
  if (r.error) return `${PYTHON} not found (apt-get install python3)`;
  return r.status === 0 ? undefined : `pymodbus not importable by ${PYTHON}: apt-get install python3-pymodbus python3-serial-asyncio`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ModbusServer {
  port: number;
  /** "WRITE fc=… address=…" lines the server printed. */
  writes(): string[];
  stop(): Promise<void>;
}

/** On `fixedPort` (the benchmark uses 502, where nmap's modbus-discover runs) or a free port. */
export async function startPymodbus(fixedPort?: number): Promise<ModbusServer> {
  const port = fixedPort ?? (await freePort());
  const child: ChildProcess = spawn(PYTHON, [SCRIPT, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString().slice(0, 4000)));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`pymodbus did not start: ${err.slice(0, 500)}`)), 15_000);
    const check = () => {
      if (out.includes('READY')) {
        clearTimeout(t);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`pymodbus exited (${code}): ${err.slice(0, 500)}`));
    });
  });
  return {
    port,
    writes: () => out.split('\n').filter((l) => l.startsWith('WRITE')),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
