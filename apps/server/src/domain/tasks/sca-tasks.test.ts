/**
 * Software-component tasks: the licence lists and the VEX a user gives are
 * read before the task is queued, and bad ones are refused with their own
 * catalogue codes (a mistyped SPDX id would otherwise allow or deny nothing).
 */
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp } from '../../test-support/test-app.ts';

describe('sca task parameters', () => {
  it('refuses unknown licence ids, an id on both lists and an unreadable or oversized VEX', async () => {
    const t = await startTestApp('sqlite', {});
    try {
      const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
      const create = (params: Record<string, string>) => post(t.app, '/task/create', { platform: 'sca', sample_id: 999_999, params }, admin);
      expect((await create({ licenceAllowed: 'MIT,Apache2.0x' })).body.error).toBe('sca_licence_unknown');
      expect((await create({ licenceAllowed: 'MIT', licenceDenied: 'mit' })).body.error).toBe('sca_licence_conflict');
      expect((await create({ vex: '{"bomFormat":"CycloneDX"' })).body.error).toBe('sca_vex_invalid');
      // Over the request schema's bound for the VEX text: refused before the service.
      expect((await create({ vex: 'x'.repeat(512 * 1024 + 1) })).body.error).toBeTruthy();
      // A long VEX within the bound passes the schema (then the sample is looked up: none here).
      const vex = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [{ id: 'CVE-2021-23337', detail: 'x'.repeat(5000), analysis: { state: 'not_affected' }, affects: [{ ref: 'pkg:npm/lodash' }] }] });
      expect((await create({ licenceAllowed: 'MIT, Apache-2.0', licenceDenied: 'GPL-3.0', vex })).body.error).toBe('file_not_found');
    } finally {
      await t.stop();
    }
  }, 60_000);
});
