/**
 * Issue 26 in a real browser: a compliance assessment from upload to result —
 * the 合规测评 list, its create page, the live task, and the result grouped by
 * regulation clause with the SDK inventory and the pre-consent paths. The APK
 * is built in code (the compliance engine's test builder): an Application
 * that initialises Umeng (which reads the Android ID) before any consent, a
 * JPush provider, and a privacy policy in assets that names only Umeng — replaced by
 * one chosen on the create page (also naming only Umeng), which the result names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApk } from '@citadel/engine-android/testing/build-apk';
import { androidId, appSpec, callStatic, cls, getDeviceId, method, provider } from '../../../packages/engines/compliance/src/testing/build.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const UMENG = 'Lcom/umeng/commonsdk/UMConfigure;';
const JPUSH = 'Lcn/jpush/android/api/JPushInterface;';

function testApk(): Promise<Buffer> {
  return buildApk(
    appSpec({
      classes: [
        cls(UMENG, 'Ljava/lang/Object;', [method('init', androidId, { static: true })]),
        cls(JPUSH, 'Ljava/lang/Object;', [method('init', getDeviceId, { static: true })]),
        cls('Lcn/jpush/android/service/DataProvider;', 'Landroid/content/ContentProvider;', [method('onCreate', (r) => callStatic(r, JPUSH, 'init', [], 'V'))]),
      ],
      appOnCreate: (r) => callStatic(r, UMENG, 'init', [], 'V'),
      components: [provider('cn.jpush.android.service.DataProvider', 'com.example.app.DataProvider')],
      files: { 'assets/privacy.html': '<html><body><h1>隐私政策</h1><p>第三方SDK：友盟+（友盟同欣（北京）科技有限公司），收集设备标识符。</p></body></html>' },
    }),
  );
}

describe.skipIf(!chromiumAvailable)('compliance assessment in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => portal?.stop());

  it('uploads an app whose SDKs start before consent and shows clauses, SDKs and paths', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/special/compliance`);
    await page.getByTestId('compliance-hint').waitFor();
    await page.getByTestId('new-evaluation').click();
    await page.getByTestId('create-form').waitFor();
    await expect(page.getByTestId('create-submit').isDisabled()).resolves.toBe(true);
    await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name: 'consent-demo.apk', mimeType: 'application/vnd.android.package-archive', buffer: await testApk() });
    await expect.poll(() => page.getByTestId('create-submit').isDisabled(), { timeout: 30_000 }).toBe(false);
    // The app type: a news app needs no device identifiers (必要个人信息范围规定).
    await page.getByTestId('create-app-category').click();
    // The list is virtual (only the first options are rendered): search for the type, then pick it.
    await page.keyboard.type('新闻资讯');
    await page.locator('.ant-select-item-option-content', { hasText: '新闻资讯类' }).click();
    // The policy sent with the task replaces the one in the package; a PDF is refused in the page's language.
    const policyInput = page.locator('input[type=file][accept^=".txt"]');
    await policyInput.setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('不支持 PDF，请另存为 TXT 或 HTML 后再选择').waitFor();
    await policyInput.setInputFiles({ name: 'our-policy.html', mimeType: 'text/html', buffer: Buffer.from('<html><body><h1>隐私政策</h1><p>我们使用友盟+ SDK 统计分析。</p></body></html>') });
    await expect(page.getByTestId('compliance-policy-file').textContent()).resolves.toContain('our-policy.html');
    await page.getByTestId('create-submit').click();

    await page.getByTestId('task-table').waitFor();
    const row = page.locator('[data-testid^=task-row-]').first();
    await row.waitFor();
    const uid = (await row.getAttribute('data-testid'))!.replace('task-row-', '');
    await expect.poll(() => page.getByTestId(`task-status-${uid}`).getAttribute('data-status'), { timeout: 120_000 }).toMatch(/^(FINISHED|EXCEPTION)$/);
    expect(await row.textContent()).not.toContain('EXCEPTION');


    await page.getByTestId(`task-action-view-${uid}`).click();
    // On a loaded machine the first result page (its chunk and the preview) took over 30 s.
    await page.getByTestId('result-page').waitFor({ timeout: 90_000 });
    const clauses = page.getByTestId('clause-table');
    await clauses.waitFor();
    const clauseText = await clauses.textContent();
    expect(clauseText).toContain('征得用户同意前就开始收集个人信息或打开可收集个人信息的权限');
    expect(clauseText).toContain('认定方法 三.1');
    expect(clauseText).toContain('不合规');
    expect(clauseText).toContain('需真机检测');
    const sdks = await page.getByTestId('sdk-inventory').textContent();
    expect(sdks).toContain('JPush (Jiguang)');
    expect(sdks).toContain('深圳市和讯华谷信息技术有限公司');
    expect(sdks).toContain('设备标识符');
    expect(sdks).toContain('已披露（友盟）');
    expect(sdks).toContain('未披露');
    // The uploaded policy was the one compared (not assets/privacy.html).
    expect(await page.getByTestId('result-page').textContent()).toContain('our-policy.html');
    const paths = await page.getByTestId('startup-paths').textContent();
    expect(paths).toContain('com.example.app.App.onCreate → com.umeng.commonsdk.UMConfigure.init → android.provider.Settings$Secure.getString("android_id")');
    expect(paths).toContain('cn.jpush.android.service.DataProvider.onCreate → cn.jpush.android.api.JPushInterface.init → android.telephony.TelephonyManager.getDeviceId');
    await expect(page.getByTestId('finding-compliance.dynamic.consent_popup').getAttribute('data-result')).resolves.toBe('not_executed');
    await expect(page.getByTestId('finding-compliance.permission.beyond_category').getAttribute('data-result')).resolves.toBe('find_problem');
    expect(clauseText).toContain('常见类型移动互联网应用程序必要个人信息范围规定');
    // A Chinese page: no raw keys.
    expect(await page.getByTestId('result-page').textContent()).not.toMatch(/compliance\.(verdicts|piTypes|sdkName)/);
    await page.context().close();
  }, 180_000);
});
