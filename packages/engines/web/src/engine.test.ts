import type { Assessment } from '@citadel/contracts';
import { EngineInputError, engineConformanceProblems } from '@citadel/engine-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { ACTIVE_RULE_IDS } from './checks/active/index.ts';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './crawl/render.ts';
import { PLANTED, PLANTED_RENDERED, type TestSite, startTestSite } from './testing/test-site.ts';

const LOCAL = { allowNetworks: '127.0.0.1', rate: '0', sqliDelaySeconds: '1', requestTimeoutMs: '8000' };
const failed = (a: Assessment) => a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId);
const row = (a: Assessment, id: string) => a.findings.find((f) => f.ruleId === id)!;

describe('web engine', () => {
  let vulnerable: TestSite;
  let hardened: TestSite;
  let vulnResult: Assessment;
  let twinResult: Assessment;

  beforeAll(async () => {
    [vulnerable, hardened] = await Promise.all([startTestSite('vulnerable'), startTestSite('hardened')]);
    vulnResult = await engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, active: 'all' } }, {});
    twinResult = await engine.run({ files: [], url: hardened.url }, { params: { ...LOCAL, active: 'all' } }, {});
  }, 120_000);
  afterAll(async () => {
    await vulnerable?.close();
    await hardened?.close();
  });

  it('conforms to the engine contract', () => {
    expect(engineConformanceProblems(engine)).toEqual([]);
    expect(engine.accepts()).toBeUndefined();
  });

  it('finds every planted vulnerability of the vulnerable app', () => {
    const fails = failed(vulnResult);
    const missing = Object.keys(PLANTED).filter((id) => !fails.includes(id));
    expect(missing).toEqual([]);
    expect(vulnResult.target).toMatchObject({ url: vulnerable.url, host: '127.0.0.1', scheme: 'http', status: 200 });
    expect(vulnResult.target.pages as number).toBeGreaterThanOrEqual(10);
  });

  it('reports none of them on the hardened twin', () => {
    const fails = failed(twinResult);
    expect(fails.filter((id) => id in PLANTED)).toEqual([]);
    expect(fails).toEqual([]);
  });

  it('gives each finding its URL, parameter, exact request, response excerpt and a way to reproduce', () => {
    const xss = row(vulnResult, 'web.injection.xss_reflected').evidence[0]!;
    expect(xss.file).toContain('/search?');
    expect(xss.request).toMatch(/^GET \/search\?q=.*HTTP\/1\.1\r\nHost: 127\.0\.0\.1:/);
    expect(xss.response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(xss.snippet).toMatch(/<xss\w+>/);
    expect(xss.detail).toMatch(/parameter: q .*reproduce: curl -i /);
    const sqli = row(vulnResult, 'web.injection.sqli_error').evidence.map((e) => e.response).join('\n');
    expect(sqli).toMatch(/SQLITE_ERROR/);
    const stored = row(vulnResult, 'web.injection.xss_stored').evidence[0]!;
    expect(stored.detail).toMatch(/POST \/guestbook/);
    const creds = row(vulnResult, 'web.auth.default_credentials').evidence[0]!;
    expect(creds.detail).toMatch(/admin\/admin/);
    expect(row(vulnResult, 'web.exposure.env_file').evidence[0]!.response).toMatch(/DB_PASSWORD/);
    expect(row(vulnResult, 'web.content.cors_misconfig').evidence[0]!.request).toMatch(/Origin: https:\/\/citadel-cors-probe\.example/);
  });

  it('finds default credentials on a form that stays on its page, and a password change by GET without a token', () => {
    const creds = row(vulnResult, 'web.auth.default_credentials').evidence.map((e) => `${e.file} ${e.detail}`);
    expect(creds.some((c) => /\/members\?.*admin\/password logs in/.test(c))).toBe(true);
    const csrf = row(vulnResult, 'web.content.csrf_missing').evidence.map((e) => `${e.file} ${e.detail}`);
    expect(csrf.some((c) => /\/account .*GET form that changes a password/.test(c))).toBe(true);
  });

  it('finds command injection behind a filter that strips $ ( ) and backticks', () => {
    const cmd = row(vulnResult, 'web.injection.command').evidence.map((e) => `${e.file} ${e.detail}`);
    expect(cmd.some((c) => /\/lookup\?.*"\|expr \d+ \\\* \d+" in "host" printed \d+/.test(c))).toBe(true);
  });

  it('never sends a password change whose new password and confirmation agree', () => {
    const changes = vulnerable.requests.filter((r) => r.url.startsWith('/account?')).map((r) => new URLSearchParams(r.url.split('?')[1]));
    expect(changes.length).toBeGreaterThan(5);
    expect(changes.filter((q) => q.get('password_new') === q.get('password_conf'))).toEqual([]);
  });

  it('proves blind SSRF out of band with a callback listener, only when one is configured', async () => {
    const oob = (a: Assessment) => row(a, 'web.injection.ssrf').evidence.filter((e) => /out of band/.test(e.detail ?? ''));
    const params = { ...LOCAL, active: 'ssrf', callbackListen: '127.0.0.1:0', callbackWaitSeconds: '2' };
    const a = await engine.run({ files: [], url: vulnerable.url }, { params }, {});
    expect(oob(a).map((e) => e.file)).toEqual([`${vulnerable.url}webhook`]);
    expect(oob(a)[0]!.detail).toMatch(/parameter: callback .*made the target request it \(out of band\): GET \/ctdoob\w+ from 127\.0\.0\.1/);
    const twin = await engine.run({ files: [], url: hardened.url }, { params }, {});
    expect(failed(twin)).toEqual([]);
    const without = await engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, active: 'ssrf' } }, {});
    expect(oob(without)).toEqual([]);
    expect(row(without, 'web.injection.ssrf').result).toBe('fail');
    await expect(engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, callbackListen: 'nowhere' } }, {})).rejects.toMatchObject({ code: 'missing_parameter' });
  });

  it.skipIf(!existsSync(CHROMIUM_PATH))('finds DOM-based XSS with rendering, not on the twin, and says why without rendering', async () => {
    const params = { ...LOCAL, active: 'xss', render: 'true', include: '/lang|/$' };
    const a = await engine.run({ files: [], url: vulnerable.url }, { params }, {});
    for (const id of Object.keys(PLANTED_RENDERED)) expect(row(a, id).result).toBe('fail');
    const dom = row(a, 'web.injection.xss_dom').evidence[0]!;
    expect(dom.file).toContain('/lang?default=');
    expect(dom.detail).toMatch(/parameter: default .*after rendering it holds the element <ctddom\w+>/);
    const twin = await engine.run({ files: [], url: hardened.url }, { params }, {});
    expect(row(twin, 'web.injection.xss_dom').result).toBe('pass');
    expect(row(vulnResult, 'web.injection.xss_dom')).toMatchObject({ result: 'not_executed', evidence: [{ detail: expect.stringMatching(/render=true/) }] });
  }, 90_000);

  it('the TLS items are not executed for an http target', () => {
    expect(row(vulnResult, 'web.tls.cert_untrusted')).toMatchObject({ result: 'not_executed', evidence: [{ detail: 'the target is not https' }] });
  });

  it('runs no active check unless the options enable it', async () => {
    const before = vulnerable.requests.length;
    const a = await engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, maxPages: '5' } }, {});
    for (const id of ACTIVE_RULE_IDS) expect(row(a, id).result).toBe('not_executed');
    expect(row(a, 'web.headers.csp_missing').result).toBe('fail');
    const sent = vulnerable.requests.slice(before);
    expect(sent.some((r) => /%3C|<|\.\.%2F|\.env|\.git|TRACE/i.test(`${r.method} ${r.url}`))).toBe(false);
  });

  it('runs only the enabled groups and honours selected items', async () => {
    const a = await engine.run({ files: [], url: vulnerable.url }, { selected: ['web.exposure.env_file', 'web.injection.open_redirect', 'web.headers.csp_missing'], params: { ...LOCAL, active: 'files,redirect' } }, {});
    expect(failed(a).sort()).toEqual(['web.exposure.env_file', 'web.headers.csp_missing', 'web.injection.open_redirect']);
    expect(row(a, 'web.injection.xss_reflected').result).toBe('not_executed');
  });

  it('refuses loopback targets unless the policy allows them', async () => {
    const err = await engine.run({ files: [], url: vulnerable.url }, { params: {} }, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineInputError);
    expect(err).toMatchObject({ code: 'unreachable', message: expect.stringMatching(/loopback/) });
    const ok = await engine.run({ files: [], url: vulnerable.url }, { params: { allowLoopback: 'true', rate: '0', maxPages: '2' } }, {});
    expect(ok.target.pages).toBe(2);
  });

  it('rejects bad input and options with EngineInputError', async () => {
    await expect(engine.run({ files: [] }, {}, {})).rejects.toMatchObject({ code: 'missing_parameter' });
    await expect(engine.run({ files: [], url: 'ftp://127.0.0.1/' }, {}, {})).rejects.toMatchObject({ code: 'unsupported_format' });
    await expect(engine.run({ files: [], url: vulnerable.url }, { params: { maxPages: 'lots' } }, {})).rejects.toMatchObject({ code: 'missing_parameter' });
    await expect(engine.run({ files: [], url: vulnerable.url }, { params: { active: 'nuke' } }, {})).rejects.toMatchObject({ code: 'missing_parameter' });
    await expect(engine.run({ files: [], url: vulnerable.url }, { params: { allowNetworks: '127.0.0.999/8' } }, {})).rejects.toMatchObject({ code: 'missing_parameter' });
  });

  it('logs in with a form and keeps the session; sends a user-supplied header', async () => {
    const a = await engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, maxPages: '3', loginUrl: `${vulnerable.url}login`, loginUser: 'admin', loginPassword: 'admin' } }, {});
    expect(a.target.authenticated).toBe(true);
    const bad = await engine.run({ files: [], url: hardened.url }, { params: { ...LOCAL, maxPages: '3', loginUrl: `${hardened.url}login`, loginUser: 'admin', loginPassword: 'admin' } }, {});
    expect(bad.target.authenticated).toBe(false);
    expect(bad.unreadable.some((u) => /login failed/.test(u.reason))).toBe(true);
  });

  it('reports progress per page and per check, and a total time limit yields partial results', async () => {
    const phases: string[] = [];
    await engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, maxPages: '4', active: 'files' } }, { onProgress: (p) => p.phase && phases.push(p.phase) });
    expect(phases.filter((p) => p.startsWith('crawl: page')).length).toBe(4);
    expect(phases).toContain('passive checks');
    expect(phases.some((p) => p.startsWith('active: web.exposure'))).toBe(true);
    const slow = await engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, rate: '4', timeLimitSeconds: '1', active: 'all' } }, {});
    expect(slow.unreadable.some((u) => /total time limit of 1 s reached/.test(u.reason))).toBe(true);
  });

  it('cancels within a second of the abort signal', async () => {
    const ctrl = new AbortController();
    const run = engine.run({ files: [], url: vulnerable.url }, { params: { ...LOCAL, rate: '3', active: 'all' } }, { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(new Error('cancelled by user')), 700);
    const outcome = await Promise.race([run.then(() => 'finished', (e: Error) => e.message), new Promise((r) => setTimeout(() => r('still running 5 s later'), 5700))]);
    expect(outcome).toBe('cancelled by user');
  });
});
