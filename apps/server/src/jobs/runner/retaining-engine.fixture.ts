/**
 * Test-only engine for the pool's memory recycling: it keeps `retainMb` MiB
 * of touched Buffers alive after its run (as a leaking or caching engine
 * would) and names the process that ran it, so a test can tell whether the
 * next run got the same child; `transientMb` MiB are touched during the run and
 * dropped (a run's peak that does not stay). Loaded only through CITADEL_EXTRA_ENGINES.
 */
import type { Platform } from '@citadel/contracts';
import { AssessmentBuilder, type Engine, defineCatalogue, testRule } from '@citadel/engine-core';

const catalogue = defineCatalogue([testRule('test.retainer.item1', 'low', { platform: 'firmware' })]);
const kept: Buffer[] = [];

export const engine: Engine = {
  name: 'test-retainer',
  version: '0.0.1-test',
  platforms: ['firmware'] as Platform[],
  catalogue,
  accepts: () => undefined,
  async run(_input, options, ctx) {
    const mb = Number(options.params?.retainMb ?? 0);
    for (let i = 0; i < mb / 16; i++) kept.push(Buffer.alloc(16 << 20, 1));
    const transient: Buffer[] = [];
    for (let i = 0; i < Number(options.params?.transientMb ?? 0) / 16; i++) transient.push(Buffer.alloc(16 << 20, 1));
    transient.length = 0;
    const b = new AssessmentBuilder({ engine: { name: this.name, version: this.version }, platform: 'firmware', catalogue, options, ctx });
    b.target.app_name = String(process.pid);
    await b.check('test.retainer.item1', async () => undefined);
    return b.build();
  },
};
