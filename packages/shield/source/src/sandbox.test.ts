import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { networkIsolation, runSandboxed } from './sandbox.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shield-source-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const opts = { cwd: dir, home: dir };

describe('sandbox for customer code', () => {
  it('passes no variable of the portal, reports the exit code and stops a command at its time limit', async () => {
    process.env.CITADEL_TEST_SECRET = 'portal-secret';
    try {
      const r = await runSandboxed(['/bin/sh', '-c', 'echo "[$CITADEL_TEST_SECRET] $HOME"; exit 3'], { ...opts, timeoutMs: 20_000 });
      expect(r.code).toBe(3);
      expect(r.stdout.trim()).toBe(`[] ${dir}`);
    } finally {
      delete process.env.CITADEL_TEST_SECRET;
    }
    const slow = await runSandboxed(['/bin/sh', '-c', 'sleep 30 & sleep 30'], { ...opts, timeoutMs: 300 });
    expect(slow.timedOut).toBe(true);
    expect(slow.code).toBeUndefined();
  });

  it('confines every Node.js process of a command to the project and the scratch home (permission model)', async () => {
    const project = path.join(dir, 'project');
    const home = path.join(dir, 'home');
    mkdirSync(project, { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(path.join(dir, 'outside.txt'), 'portal file');
    writeFileSync(path.join(project, 'own.txt'), 'own file');
    const probe = `const fs=require('fs');const t=(f)=>{try{return f()}catch(e){return e.code}};console.log([t(()=>fs.readFileSync('own.txt','utf8')),t(()=>fs.readFileSync(${JSON.stringify(path.join(dir, 'outside.txt'))},'utf8')),t(()=>fs.writeFileSync(${JSON.stringify(path.join(dir, 'evil.txt'))},'x')),t(()=>{fs.writeFileSync('made.txt','x');return 'wrote'})].join('|'))`;
    writeFileSync(path.join(project, 'probe.js'), probe);
    // the command's own node and a node started by it (as test runners do) are confined alike
    const r = await runSandboxed(['/bin/sh', '-c', 'node probe.js && node -e "require(\'child_process\').execFileSync(process.execPath,[\'probe.js\'],{stdio:\'inherit\'})"'], { cwd: project, home, timeoutMs: 20_000, confineNode: true });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(['own file|ERR_ACCESS_DENIED|ERR_ACCESS_DENIED|wrote', 'own file|ERR_ACCESS_DENIED|ERR_ACCESS_DENIED|wrote']);
    const free = await runSandboxed([process.execPath, 'probe.js'], { cwd: project, home, timeoutMs: 20_000 });
    expect(free.stdout.trim()).toBe('own file|portal file||wrote');
  });

  it.skipIf(!networkIsolation())('gives the command no network beyond loopback', async () => {
    const probe = `const net=require('net');const s=net.createServer(c=>c.end('hi')).listen(0,'127.0.0.1',()=>{net.connect(s.address().port,'127.0.0.1').on('data',d=>{console.log('loopback '+d);net.connect(53,'1.1.1.1').on('error',e=>{console.log('outside '+e.code);process.exit(0)}).on('connect',()=>{console.log('outside connected');process.exit(0)})})})`;
    const r = await runSandboxed([process.execPath, '-e', probe], { ...opts, timeoutMs: 20_000 });
    expect(r.stdout).toContain('loopback hi');
    expect(r.stdout).toMatch(/outside ENETUNREACH/);
  });
});
