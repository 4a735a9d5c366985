import { describe, expect, it } from 'vitest';
import { checkScaParams, licenceListId } from './params.ts';

const cdxVex = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [{ id: 'CVE-2021-23337', analysis: { state: 'not_affected', justification: 'code_not_reachable' }, affects: [{ ref: 'pkg:npm/lodash@4.17.20' }] }] });

describe('SCA task parameters', () => {
  it('takes SPDX ids, their deprecated forms and known names; refuses typos and an id on both lists', () => {
    expect(checkScaParams({ licenceAllowed: 'MIT, Apache-2.0,bsd-3-clause', licenceDenied: 'GPL-3.0\nAGPL-3.0-only' })).toBeUndefined();
    expect(licenceListId('GPL-3.0')).toBe('GPL-3.0-only');
    expect(checkScaParams({ licenceAllowed: 'MIT,Apache2.0x' })).toEqual({ param: 'licenceAllowed', reason: 'unknown_id', value: 'Apache2.0x' });
    expect(checkScaParams({ licenceDenied: 'not a licence' })).toMatchObject({ param: 'licenceDenied', reason: 'unknown_id' });
    expect(checkScaParams({ licenceAllowed: 'MIT,GPL-3.0-only', licenceDenied: 'GPL-3.0' })).toEqual({ param: 'licenceDenied', reason: 'both_lists', value: 'GPL-3.0-only' });
    expect(checkScaParams({ licenceAllowed: Array.from({ length: 201 }, () => 'MIT').join(',') })).toMatchObject({ reason: 'too_many' });
  });

  it('reads the VEX with the engine parser: CycloneDX or OpenVEX with statements, nothing else', () => {
    expect(checkScaParams({ vex: cdxVex })).toBeUndefined();
    const open = JSON.stringify({ '@context': 'https://openvex.dev/ns/v0.2.0', statements: [{ vulnerability: { name: 'CVE-2021-23337' }, products: [{ '@id': 'pkg:npm/lodash' }], status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path' }] });
    expect(checkScaParams({ vex: open })).toBeUndefined();
    expect(checkScaParams({ vex: '{not json' })).toMatchObject({ param: 'vex', reason: 'unreadable' });
    expect(checkScaParams({ vex: '{"hello":1}' })).toMatchObject({ param: 'vex', reason: 'unreadable' });
    expect(checkScaParams({ vex: JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [] }) })).toMatchObject({ param: 'vex', reason: 'empty' });
    expect(checkScaParams({ vex: ' '.repeat(600 * 1024) + '{}' })).toMatchObject({ param: 'vex', reason: 'too_large' });
    expect(checkScaParams({ vex: '' })).toBeUndefined();
  });
});
