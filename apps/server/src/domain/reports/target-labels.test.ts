/**
 * Every engine's target prints in a report under labels of the report's
 * language: the target table names each field from its tables, leaves out the
 * structure (file lists, regions, SBOMs) and prints lists of records as phrases.
 * The engines run here on inputs built in the test (firmware image, lockfile,
 * a loopback port, and DIVA when the corpus is there), as a user's task does.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Assessment } from '@citadel/contracts';
import { EXIT, runCli } from '@citadel/cli';
import { buildImage } from '@citadel/engine-firmware/testing';
import { buildReport, unlabelledTargetFields } from '@citadel/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DIVA = path.resolve(import.meta.dirname, '../../../../../../shared/corpus/android/diva.apk');
const dir = mkdtempSync(path.join(tmpdir(), 'citadel-target-labels-'));
let server: Server;
let port = 0;

async function scan(args: string[]): Promise<Assessment> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli([...args, '--format', 'json', '--quiet'], { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  expect(code, err.join('')).toBeLessThanOrEqual(EXIT.failOn);
  return JSON.parse(out.join('')) as Assessment;
}

function tableOf(a: Assessment, locale: 'zh-CN' | 'ja') {
  return buildReport({ assessment: a, rules: new Map(), site: { title: 'Citadel' } }, { format: 'pdf', locale, range: 'ALL' });
}

beforeAll(async () => {
  server = createServer((s) => {
    s.on('error', () => {});
    s.end('SSH-2.0-OpenSSH_7.4\r\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('target fields in reports', () => {
  const cases: [string, () => Promise<Assessment>][] = [
    [
      'firmware',
      async () => {
        const file = path.join(dir, 'fw.bin');
        writeFileSync(file, buildImage({ type: 'dir', children: { bin: { type: 'dir', children: { busybox: { type: 'file', data: '\0BusyBox v1.19.4 (2014-01-01) multi-call binary\0', mode: 0o755 } } }, etc: { type: 'dir', children: { 'init.d': { type: 'dir', children: { rcS: { type: 'file', data: '#!/bin/sh\n/usr/sbin/telnetd &\n' } } } } } } }));
        return scan([file, '--platform', 'firmware']);
      },
    ],
    [
      'software components',
      async () => {
        const project = path.join(dir, 'project');
        mkdirSync(project, { recursive: true });
        writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'demo', version: '1.0.0', dependencies: { marked: '0.3.5' } }));
        writeFileSync(path.join(project, 'package-lock.json'), JSON.stringify({ name: 'demo', version: '1.0.0', lockfileVersion: 3, packages: { '': { name: 'demo', version: '1.0.0', dependencies: { marked: '0.3.5' } }, 'node_modules/marked': { version: '0.3.5' } } }));
        return scan([project, '--platform', 'sca']);
      },
    ],
    ['network', () => scan(['--platform', 'network', '--target', '127.0.0.1', '--ports', String(port), '--param', 'allowLoopback=true'])],
  ];
  if (existsSync(DIVA)) cases.push(['compliance (DIVA)', () => scan([DIVA, '--platform', 'compliance'])]);

  for (const [name, run] of cases) {
    it(`${name}: every printed field has a label in the tables, and no structure is dumped`, async () => {
      const a = await run();
      expect(unlabelledTargetFields(a)).toEqual([]);
      for (const locale of ['zh-CN', 'ja'] as const) {
        const text = JSON.stringify(tableOf(a, locale));
        // No raw structure keys of the file list, regions or SBOM reach the report.
        expect(text).not.toMatch(/bomFormat|"regions"|entropy: |handler: /);
      }
    });
  }
});
