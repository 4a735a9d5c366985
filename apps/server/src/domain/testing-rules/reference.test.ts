/**
 * The screens' read paths: the SDK list's search fields (name, prefix,
 * category, enabled) and the read-only rule catalogue reference (platforms,
 * items with CWE/OWASP and texts in the asked language, Rule_Settings only).
 */
import type { Operation } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';

const VIEW: Operation[] = ['view'];

describe.each(DIALECTS)('SDK search and rule reference on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reader: Record<string, string>;
  const sdks = async (filters: Record<string, unknown>) => (await post(t.app, '/rules/sdkList', { page_size: 50, ...filters }, admin)).body.data as { total: number; list: { name: string; category: string; enabled: boolean; packages: string[] }[] };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, `reader-${dialect}`, { customerKey: 'ref-a', grants: [{ resources: 'Rule_ThirdSdk', operations: VIEW }] });
    reader = (await login(t, `reader-${dialect}`, TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('filters the SDK library by name, prefix, category and enabled', async () => {
    const own = (await post(t.app, '/rules/sdkSave', { name: 'Zeta Maps', category: 'map', packages: ['io.zetamaps.sdk'], ios_frameworks: ['ZetaMapKit'], ios_class_prefixes: ['ZMK'] }, admin)).body.data;
    expect((await sdks({ name: 'Zeta' })).list.map((s) => s.name)).toEqual(['Zeta Maps']);
    expect((await sdks({ prefix: 'zetamaps' })).list.map((s) => s.name)).toEqual(['Zeta Maps']);
    expect((await sdks({ prefix: 'ZMK' })).list.map((s) => s.name)).toEqual(['Zeta Maps']);
    // The name field does not match prefixes.
    expect((await sdks({ name: 'zetamaps' })).total).toBe(0);
    const maps = await sdks({ category: 'map' });
    expect(maps.total).toBeGreaterThan(1);
    expect(maps.list.every((s) => s.category === 'map')).toBe(true);
    const { id, name, category, packages, ios_frameworks, ios_class_prefixes } = own;
    expect((await post(t.app, '/rules/sdkSave', { id, name, category, packages, ios_frameworks, ios_class_prefixes, enabled: false }, admin)).body.data.enabled).toBe(false);
    expect((await sdks({ name: 'Zeta', enabled: true })).total).toBe(0);
    expect((await sdks({ name: 'Zeta', enabled: false })).list.map((s) => s.enabled)).toEqual([false]);
    expect((await sdks({ enabled: false })).list.every((s) => !s.enabled)).toBe(true);
    // %, _ and \ are literal.
    expect((await sdks({ name: '%' })).total).toBe(0);
  });

  it('lists every platform of the catalogue and one platform\'s items with CWE, OWASP and texts in the asked language', async () => {
    const zh = (await post(t.app, '/rules/catalogue', { platform: 'android', lang: 'zh-CN' }, admin)).body.data;
    expect(zh.platforms).toEqual(expect.arrayContaining([expect.objectContaining({ platform: 'android', count: expect.any(Number) }), expect.objectContaining({ platform: 'ios' })]));
    expect(zh.platform).toBe('android');
    const debuggable = zh.items.find((i: { id: string }) => i.id === 'android.manifest.debuggable');
    expect(debuggable).toMatchObject({ category: 'manifest', risk: expect.any(String), cwe: expect.any(Array), owasp: expect.any(Array), title: expect.stringMatching(/[\u4e00-\u9fff]/), solution: expect.any(String) });
    expect(zh.items.every((i: { id: string }) => i.id.startsWith('android.'))).toBe(true);
    expect(zh.items.length).toBe(zh.platforms.find((p: { platform: string }) => p.platform === 'android').count);
    const en = (await post(t.app, '/rules/catalogue', { platform: 'android', lang: 'en' }, admin)).body.data;
    expect(en.items.find((i: { id: string }) => i.id === 'android.manifest.debuggable').title).toMatch(/^[\x20-\x7e]+$/);
    // Without a platform: the first one listed.
    expect((await post(t.app, '/rules/catalogue', {}, admin)).body.data.platform).toBe(zh.platforms[0].platform);
    expect((await post(t.app, '/rules/catalogue', { platform: 'android' }, reader)).body.error).toBe('no_permission');
  });
});
