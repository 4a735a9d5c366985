/**
 * Issue 29 in a real browser: admin adds a system-generated SM4 key, meets the
 * library form's SPEC §5 checks (a mode, a function, a logo starting with a
 * letter; default logo prefix wbsk), creates an encrypt-only ECB library bound to
 * an Android package, waits for its generation (compiled and verified on the
 * server), reads the DCA report in the detail view and downloads the zip; the key
 * then cannot be deleted while the library uses it.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findToolchains } from '@citadel/whitebox';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const tc = findToolchains();

describe.skipIf(!chromiumAvailable || !tc.gcc || !tc.make)('white-box keys and libraries in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('creates a key and a library, shows its DCA report and downloads it', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const db = portal.app.services.database.db as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;

    // a system-generated SM4 key
    await page.goto(`${portal.url}#/whitebox/keys/symmetric`);
    await page.getByTestId('wb-key-table').waitFor();
    await page.getByTestId('wb-key-add').click();
    await page.getByTestId('wb-key-submit').click();
    await page.getByText('请输入密钥名称').waitFor();
    await page.getByTestId('wb-key-name').fill('支付密钥');
    await page.getByTestId('wb-key-algorithm').click();
    await page.locator('.ant-select-item-option', { hasText: 'SM4' }).click();
    await page.getByTestId('wb-key-submit').click();
    const keyRow = page.locator('[data-testid=wb-key-table] tbody tr.ant-table-row', { hasText: '支付密钥' });
    await keyRow.waitFor({ timeout: 15_000 });
    expect(await keyRow.textContent()).toContain('系统生成');
    expect(await keyRow.textContent()).toContain('128 位');

    // the library form: SPEC §5 checks, then an encrypt-only ECB library
    await page.goto(`${portal.url}#/whitebox/library`);
    await page.getByTestId('wb-lib-table').waitFor();
    await page.getByTestId('wb-dca-warning').waitFor();
    await page.getByTestId('wb-lib-add').click();
    const logo = page.getByTestId('wb-lib-logo');
    await expect.poll(() => logo.inputValue(), { timeout: 10_000 }).toMatch(/^wbsk[a-z0-9]+$/);
    await page.getByTestId('wb-lib-mode').getByText('CBC').click(); // the default CBC off: no mode left
    await page.getByTestId('wb-lib-purpose').getByText('解密').click();
    await page.getByTestId('wb-lib-purpose').getByText('加密').click(); // no function left
    await logo.fill('9lib');
    await page.getByTestId('wb-lib-submit').click();
    await page.getByText('算法模式至少选择 ECB 或 CBC 中的一项').waitFor();
    await page.getByText('功能用途至少选择一项').waitFor();
    await page.getByText('标识须以字母开头，仅含字母和数字').waitFor();
    await logo.fill('wbskPay1');
    await page.getByTestId('wb-lib-mode').getByText('ECB').click();
    await page.getByTestId('wb-lib-purpose').getByText('加密').click();
    await page.getByTestId('wb-lib-name').fill('支付白盒库');
    await page.getByTestId('wb-lib-key').click();
    await page.locator('.ant-select-item-option', { hasText: '支付密钥' }).click();
    await page.getByTestId('wb-lib-android').fill('com.example.pay');
    await page.getByTestId('wb-lib-ios').fill('com.example.payios');
    await page.getByTestId('wb-lib-submit').click();
    const libRow = page.locator('[data-testid=wb-lib-table] tbody tr.ant-table-row', { hasText: 'wbskPay1' });
    await libRow.waitFor({ timeout: 15_000 });
    const stored = await db.selectFrom('whitebox_libraries').select(['directions', 'modes', 'android_packages', 'ios_bundle_ids', 'algorithm']).where('logo', '=', 'wbskPay1').executeTakeFirst();
    expect(stored).toEqual({ directions: 'enc', modes: 'ecb', android_packages: 'com.example.pay', ios_bundle_ids: 'com.example.payios', algorithm: 'sm4' });

    // generation runs in the background; the list follows it
    await expect.poll(async () => (await libRow.textContent()) ?? '', { timeout: 400_000, intervals: [2000] }).toMatch(/生成成功|生成失败/);
    expect(await libRow.textContent()).toContain('生成成功');

    // the detail view shows the DCA report and the checks
    await libRow.getByTestId('row-view').click();
    await page.getByTestId('wb-lib-detail').waitFor();
    await page.getByTestId('wb-dca').waitFor();
    const detail = (await page.getByTestId('wb-lib-detail').textContent()) ?? '';
    expect(detail).toContain('明文查表实现（对照）');
    // security first (the default): run-time masking, and a verdict that names the trace count and never says "secure"
    await page.getByTestId('wb-dca-masked').waitFor();
    expect(await page.getByTestId('wb-dca').textContent()).toMatch(/\d+ 条迹/);
    expect(detail).toContain('单比特 DPA');
    expect(detail).not.toMatch(/whitebox\.library\./);
    expect(detail).toContain('GB/T 32907-2016 A.1 enc');
    expect(detail).toContain('key scan');
    await page.keyboard.press('Escape');

    // download: a zip with the C sources, no key inside
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), libRow.getByTestId('row-download').click()]);
    expect(download.suggestedFilename()).toBe('wbskPay1.zip');
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['wbskPay1/wbskPay1.h', 'wbskPay1/wbskPay1.c', 'wbskPay1/wbskPay1_tables.c', 'wbskPay1/Makefile', 'wbskPay1/wbtool.c', 'wbskPay1/README.md']));
    expect(Buffer.from(zip['wbskPay1/wbskPay1.c']!).toString()).toContain('"com.example.pay"');

    // the key is in use: deleting it is refused with the catalogue message
    await page.goto(`${portal.url}#/whitebox/keys/symmetric`);
    await keyRow.waitFor();
    expect(await keyRow.textContent()).toContain('支付白盒库');
    await keyRow.getByTestId('row-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary').first().click();
    await page.getByText('该密钥已被白盒库使用，不能删除').waitFor({ timeout: 10_000 });
    await context.close();
  }, 600_000);
});
