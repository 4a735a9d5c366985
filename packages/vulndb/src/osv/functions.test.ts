import { describe, expect, it } from 'vitest';
import { parseOsv } from './parse.ts';

const base = { id: 'X-1', modified: '2024-01-01T00:00:00Z', summary: 's' };
const affected = (ecosystem: string, name: string, ecosystem_specific: unknown) => ({ package: { ecosystem, name }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.0' }] }], ecosystem_specific });

describe('vulnerable functions from OSV ecosystem_specific', () => {
  it('keeps Go imports, RustSec affects.functions and GHSA affected_functions, bounded', () => {
    const go = parseOsv({ ...base, affected: [affected('Go', 'gopkg.in/yaml.v2', { imports: [{ path: 'gopkg.in/yaml.v2', symbols: ['Unmarshal', 'Decoder.Decode'] }, { path: 'gopkg.in/yaml.v2/sub' }] })] });
    expect(go.ok && go.record.affected![0]!.functions).toEqual([{ module: 'gopkg.in/yaml.v2', names: ['Unmarshal', 'Decoder.Decode'] }, { module: 'gopkg.in/yaml.v2/sub', names: [] }]);
    const rust = parseOsv({ ...base, affected: [affected('crates.io', 'fast_able', { affects: { arch: [], os: [], functions: ['fast_able::vec::SyncVec::get_unchecked'] } })] });
    expect(rust.ok && rust.record.affected![0]!.functions).toEqual([{ names: ['fast_able::vec::SyncVec::get_unchecked'] }]);
    const npm = parseOsv({ ...base, affected: [affected('npm', 'lodash', { affected_functions: ['lodash.template', 7, 'x'.repeat(400)] })] });
    expect(npm.ok && npm.record.affected![0]!.functions).toEqual([{ names: ['lodash.template'] }]);
    const none = parseOsv({ ...base, affected: [affected('npm', 'a', { affects: { functions: [] }, affected_functions: null })] });
    expect(none.ok && none.record.affected![0]!.functions).toBeUndefined();
    const many = parseOsv({ ...base, affected: [affected('npm', 'a', { affected_functions: Array.from({ length: 1000 }, (_, i) => `f${i}`) })] });
    expect(many.ok && many.record.affected![0]!.functions![0]!.names.length).toBe(200);
  });
});
