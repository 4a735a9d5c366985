/**
 * `npm run scan -- --platform network|ics --target HOSTS --ports LIST`: the
 * targets go to the network engine as its input, the ports and the
 * vulnerability database as its parameters; the engine's policy still
 * decides (the loopback only with --param allowLoopback=true).
 */
import { EngineRegistry } from '@citadel/engine-core';
import { engine as networkEngine } from '@citadel/engine-network';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args.ts';
import { EXIT, runCli } from './scan.ts';

const io = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), registry: new EngineRegistry().register(networkEngine) } };
};

describe('scan --target', () => {
  it('parses targets, ports and the vulnerability database', () => {
    const a = parseArgs(['--platform', 'ics', '--target', '10.0.0.0/30,plc.local', '--ports', '502,102', '--vuln-db', '/data/vuln.db', '--param', 'allowPrivate=true']);
    expect(a).toMatchObject({ platform: 'ics', target: '10.0.0.0/30,plc.local', params: { ports: '502,102', vulnDb: '/data/vuln.db', allowPrivate: 'true' } });
    expect(() => parseArgs(['--target', '127.0.0.1', 'file.apk'])).toThrow(/one of files, --url or --target/);
  });

  it('runs the network engine on the targets', async () => {
    const t = io();
    const code = await runCli(['--platform', 'network', '--target', '127.0.0.1', '--ports', '1', '--param', 'allowLoopback=true', '--param', 'rate=0'], t.io);
    expect(code).toBe(EXIT.ok);
    const a = JSON.parse(t.out.join('')) as { platform: string; target: { hosts_scanned: number; ports_scanned: number } };
    expect(a.platform).toBe('network');
    expect(a.target).toMatchObject({ hosts_scanned: 1, ports_scanned: 1 });
  });

  it('fails with the policy reason when the loopback is not allowed', async () => {
    const t = io();
    expect(await runCli(['--target', '127.0.0.1', '--ports', '1'], t.io)).toBe(EXIT.failed);
    expect(t.err.join('')).toMatch(/loopback.*\(unreachable\)/);
  });
});
