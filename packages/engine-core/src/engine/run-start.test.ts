import { describe, expect, it } from 'vitest';
import { defineCatalogue } from '../catalogue/define.ts';
import { testRule } from '../catalogue/testing.ts';
import { requestedPlatform, singleInputFile, startAssessment } from './run-start.ts';
import { EngineInputError } from './types.ts';

describe('run start', () => {
  it('takes the one input file, refuses none and stops when already cancelled', () => {
    expect(singleInputFile({ files: [{ path: '/tmp/a.apk', name: 'a.apk' }] }, {})).toEqual({ path: '/tmp/a.apk', name: 'a.apk' });
    expect(() => singleInputFile({ files: [] }, {})).toThrow(EngineInputError);
    expect(() => singleInputFile({ files: [{ path: '/tmp/a.apk', name: 'a.apk' }] }, { signal: AbortSignal.abort() })).toThrow();
  });

  it('keeps the requested platform only when the engine serves it', () => {
    expect(requestedPlatform({ platform: 'ios_sdk' }, ['ios', 'ios_sdk'] as const)).toBe('ios_sdk');
    expect(requestedPlatform({ platform: 'android' }, ['ios', 'ios_sdk'] as const)).toBeUndefined();
    expect(requestedPlatform({}, ['ios'] as const)).toBeUndefined();
  });

  it('names the assessment after the engine', () => {
    const catalogue = defineCatalogue([testRule('web.headers.csp', 'medium', { platform: 'web' })]);
    const a = startAssessment({ name: 'web', version: '9.9.9', catalogue }, 'web', {}, { now: () => new Date(0) }).build();
    expect(a.engine).toMatchObject({ name: 'web', version: '9.9.9' });
    expect(a.findings.map((f) => f.ruleId)).toEqual(['web.headers.csp']);
  });
});
