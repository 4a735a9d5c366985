/**
 * Issue 25 in a real browser: a network vulnerability assessment of this
 * machine's Redis and PostgreSQL on 127.0.0.1 (the portal started with the
 * loopback allowed by configuration, as an administrator would) from the
 * submit page, which shows the scan policy, to the result page: host →
 * services with product, version and access → the problems with their proof;
 * then an industrial-internet assessment of Debian's pymodbus server showing
 * the device identity. Skips the parts whose service is not running here.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModbusServer, pymodbusMissing, startPymodbus } from '../../../packages/engines/network/src/testing/modbus.ts';
import { portOpen } from '../../../packages/engines/network/src/testing/services.ts';
import { type Snmpd, snmpdMissing, startSnmpd } from '../../../packages/engines/network/src/testing/snmpd.ts';
import { TEST_ADMIN_PASSWORD, startTestApp } from '../../server/src/test-support/test-app.ts';
import { CHROMIUM, type Portal, chromiumAvailable, signIn } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const redisUp = await portOpen(6379);
const pgUp = await portOpen(5432);

/** The harness's portal, with the scan policy allowing the loopback (configuration, not the task). */
async function startLoopbackPortal(): Promise<Portal> {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
  const app = await startTestApp('sqlite', { CITADEL_WEB_DIR: path.join(root, 'apps/web/dist'), CITADEL_SCAN_ALLOW_LOOPBACK: '1', CITADEL_SCAN_MAX_RATE: '50' });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'] });
  return {
    app,
    url: `http://127.0.0.1:${address.port}/`,
    browser,
    async stop() {
      await browser.close();
      await app.stop();
    },
  };
}

async function submitAndOpen(page: Page, portal: Portal, list: string, targets: string, ports: string, udpPorts?: string): Promise<void> {
  await page.goto(`${portal.url}#/${list}`);
  await page.getByTestId('new-evaluation').click();
  await page.getByTestId('network-create-form').waitFor();
  await page.getByTestId('network-targets').fill(targets);
  await page.getByTestId('network-ports').fill(ports);
  if (udpPorts) await page.getByTestId('network-udp-ports').fill(udpPorts);
  await page.getByTestId('network-submit').click();
  await page.getByTestId('task-table').waitFor();
  const row = page.locator('[data-testid^=task-row-]').first();
  await row.waitFor();
  const uid = (await row.getAttribute('data-testid'))!.replace('task-row-', '');
  await expect.poll(() => page.getByTestId(`task-status-${uid}`).getAttribute('data-status'), { timeout: 120_000 }).toMatch(/^(FINISHED|EXCEPTION)$/);
  expect(await page.getByTestId(`task-status-${uid}`).getAttribute('data-status')).toBe('FINISHED');
  await page.getByTestId(`task-action-view-${uid}`).click();
  await page.getByTestId('result-page').waitFor();
}

describe.skipIf(!chromiumAvailable || !redisUp)('network and industrial assessments in the browser', () => {
  let portal: Portal;
  let modbus: ModbusServer | undefined;
  let snmpd: Snmpd | undefined;
  beforeAll(async () => {
    portal = await startLoopbackPortal();
    if (!pymodbusMissing()) modbus = await startPymodbus();
    // Debian's snmpd on a free loopback UDP port: the UDP row of the result page (skipped when absent).
    if (!snmpdMissing()) snmpd = await startSnmpd();
  }, 240_000);
  afterAll(async () => {
    snmpd?.stop();
    await modbus?.stop();
    await portal?.stop();
  });

  it('submits a network scan under the shown policy and shows hosts, services and the proof', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/special/network/create`);
    const policy = page.getByTestId('network-policy');
    await policy.waitFor();
    await expect.poll(async () => (await policy.textContent()) ?? '').toMatch(/回环地址允许.*内网地址禁止.*速率上限50\/s/);
    await submitAndOpen(page, portal, 'special/network', '127.0.0.1', pgUp ? '6379,5432' : '6379', snmpd ? String(snmpd.port) : undefined);

    const host = page.getByTestId('network-host-127.0.0.1');
    await host.waitFor();
    const hostText = (await host.textContent()) ?? '';
    // Every row says its transport: TCP services "tcp", the SNMP agent found over UDP "udp".
    expect(hostText).toMatch(/6379tcpredisRedis\d+\.\d+\.\d+无需认证/);
    if (pgUp) expect(hostText).toMatch(/5432tcppostgresqlPostgreSQL\d+\.\d+无需认证/);
    const transports = await host.getByTestId('network-transport').allTextContents();
    expect(transports.filter((x) => x === 'tcp')).toHaveLength(pgUp ? 2 : 1);
    if (snmpd) {
      expect(transports).toContain('udp');
      const udpRow = host.locator('tr', { hasText: `${snmpd.port}udp` });
      expect((await udpRow.textContent()) ?? '').toMatch(new RegExp(`${snmpd.port}udpsnmp`));
      // The default-community problem is counted on the UDP row (its evidence is at host:port/udp) and expands with its proof.
      expect(Number(await udpRow.getByTestId('network-problem-count').textContent())).toBeGreaterThanOrEqual(1);
      await udpRow.locator('.ant-table-row-expand-icon').click();
      const snmpProof = (await page.getByTestId('network-service-problems').first().textContent()) ?? '';
      expect(snmpProof).toContain('public');
      await udpRow.locator('.ant-table-row-expand-icon').click();
    }
    // Expand the Redis row: the problem with the exchange that proved it.
    await host.locator('tr', { hasText: '6379' }).locator('.ant-table-row-expand-icon').click();
    const problems = page.getByTestId('network-service-problems').first();
    await problems.waitFor();
    const proof = (await problems.textContent()) ?? '';
    expect(proof).toContain('Redis 未授权访问');
    expect(proof).toContain('INFO');
    expect(proof).toMatch(/redis_version:\d/);
    const body = (await page.getByTestId('result-page').textContent()) ?? '';
    expect(body).toContain('主机与服务');
    expect(body).toContain('开放端口与服务清单');
    // A Chinese page: no raw keys.
    expect(body).not.toMatch(/network\.(hosts|host|service|accessOpen|downloadCsv)|result\.target/);
    await page.context().close();
  }, 240_000);

  it.skipIf(pymodbusMissing() !== undefined)('shows the Modbus device identity on the industrial result page', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await submitAndOpen(page, portal, 'special/industrial', '127.0.0.1', String(modbus!.port));
    const identity = page.getByTestId('network-identity').first();
    await identity.waitFor();
    expect(await identity.textContent()).toMatch(/vendor: Pymodbus.*product_code: PM.*revision: \d/);
    const body = (await page.getByTestId('result-page').textContent()) ?? '';
    expect(body).toContain('Modbus/TCP 无访问控制暴露');
    expect(body).toContain('工控设备标识');
    expect(modbus!.writes()).toEqual([]);
    await page.context().close();
  }, 240_000);
});
