/**
 * Child process that re-carves one firmware image (or diffs two texts) and
 * answers over IPC (advanced serialization): the hostile image is parsed here,
 * under the parent's heap and time limits, never in the portal process.
 *
 * With the assessment's file-system locators, the wanted files are read first
 * from just their file system and sent at once ('early', the click's answer),
 * then the rest of the tree while the budget lasts ('carved', for the cache).
 * Without them (an assessment made before locators were stored) the whole
 * image is unpacked and there is one answer.
 */
import { readFile } from 'node:fs/promises';
import { type CarvedEntry, type LocatorStep, carveImage, carveLocated, lineDiff } from '@citadel/engine-firmware/carve';

export type CarveRequest =
  | { type: 'carve'; imagePath: string; maxFileBytes: number; budgetBytes: number; want: string[]; locators?: (LocatorStep[] | undefined)[] }
  | { type: 'diff'; a: Uint8Array; b: Uint8Array };
/** Sent while a located carve fills the rest of the tree: these paths next, each answered at once ('early'). */
export type CarveWant = { type: 'want'; paths: string[] };
export type CarveMessage =
  | { type: 'early'; entries: Map<string, CarvedEntry>; bytes: number }
  | { type: 'carved'; entries: Map<string, CarvedEntry>; bytes: number }
  | { type: 'diffed'; lines?: string[] }
  | { type: 'failed'; message: string };

const send = (m: CarveMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

// Clicks on other files while a located carve reads the rest of the tree: answered between two files, not after the last.
const asked: string[] = [];
process.on('message', (m: CarveWant) => {
  if (m?.type === 'want' && Array.isArray(m.paths) && asked.length < 1024) asked.push(...m.paths.filter((p) => typeof p === 'string').slice(0, 64));
});

process.once('message', async (req: CarveRequest) => {
  try {
    if (req.type === 'carve') {
      const image = new Uint8Array(await readFile(req.imagePath));
      const opts = { maxFileBytes: req.maxFileBytes, budgetBytes: req.budgetBytes, want: req.want };
      if (req.locators?.length) {
        const located = carveLocated(image, req.locators, opts);
        await send({ type: 'early', entries: located.first.entries, bytes: located.first.bytes });
        let n = 0;
        for (const p of located.paths()) {
          while (asked.length) {
            const q = asked.shift()!;
            const e = located.give(q, true);
            await send({ type: 'early', entries: new Map(e ? [[q, e]] : []), bytes: 0 });
          }
          located.give(p, false);
          // Let IPC messages in (the read itself is synchronous).
          if (++n % 4 === 0) await new Promise((r) => setImmediate(r));
        }
        const r = located.result();
        await send({ type: 'carved', entries: r.entries, bytes: r.bytes });
      } else {
        const r = carveImage(image, opts);
        await send({ type: 'carved', entries: r.entries, bytes: r.bytes });
      }
    } else {
      // Not fatal: a text with a stray invalid byte still diffs (shown as U+FFFD).
      const utf8 = new TextDecoder();
      const lines = lineDiff(utf8.decode(req.a), utf8.decode(req.b));
      await send(lines ? { type: 'diffed', lines } : { type: 'diffed' });
    }
  } catch (err) {
    await send({ type: 'failed', message: (err as Error).message || String(err) });
  }
  process.exit(0);
});
