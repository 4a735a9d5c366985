/**
 * An engine used only by the test suite to prove the task machinery: it really
 * sleeps per item, reports progress, and can be told (task params) to crash,
 * hang, exhaust memory or refuse its input. Loaded by the engine child only
 * when the worker names it in CITADEL_EXTRA_ENGINES (tests do).
 */
import type { Platform } from '@citadel/contracts';
import { AssessmentBuilder, type Engine, EngineInputError, defineCatalogue, testRule } from '@citadel/engine-core';

const ITEMS = 5;
const catalogue = defineCatalogue(Array.from({ length: ITEMS }, (_, i) => testRule(`test.sleeper.item${i + 1}`, i === 0 ? 'high' : 'low', { platform: 'firmware' })));

export const engine: Engine = {
  name: 'test-sleeper',
  version: '0.0.1-test',
  platforms: ['firmware'] as Platform[],
  catalogue,
  accepts: () => undefined,
  async run(input, options, ctx) {
    const params = options.params ?? {};
    const behaviour = params.behaviour ?? 'ok';
    const sleepMs = Number(params.sleepMs ?? 50);
    const b = new AssessmentBuilder({ engine: { name: this.name, version: this.version }, platform: 'firmware', catalogue, options, ctx });
    b.target.app_name = input.url || input.files[0]?.name || 'test target';
    b.target.version = '1.0';
    if (behaviour === 'refuse') throw new EngineInputError('unsupported_format', 'the test engine refuses this input');
    for (const item of catalogue.items) {
      await b.check(item.id, async () => {
        await new Promise((r) => setTimeout(r, sleepMs));
        if (behaviour === 'crash' && item.id.endsWith('item3')) process.exit(70);
        if (behaviour === 'hang' && item.id.endsWith('item2')) await new Promise(() => setInterval(() => undefined, 1000));
        if (behaviour === 'oom' && item.id.endsWith('item2')) {
          const hog: Buffer[] = [];
          for (;;) hog.push(Buffer.alloc(64 * 1024 * 1024, 1));
        }
        if (item.id.endsWith('item1')) b.finding(item.id, { file: 'test.bin', detail: 'planted problem' });
      });
    }
    return b.build();
  },
};
