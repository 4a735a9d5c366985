/**
 * Child process that re-carves one firmware image (or diffs two texts) and
 * answers over IPC (advanced serialization): the hostile image is parsed here,
 * under the parent's heap and time limits, never in the portal process.
 */
import { readFile } from 'node:fs/promises';
import { type CarvedEntry, carveImage, lineDiff } from '@citadel/engine-firmware';

export type CarveRequest =
  | { type: 'carve'; imagePath: string; maxFileBytes: number; budgetBytes: number; want: string[] }
  | { type: 'diff'; a: Uint8Array; b: Uint8Array };
export type CarveMessage =
  | { type: 'carved'; entries: Map<string, CarvedEntry>; bytes: number }
  | { type: 'diffed'; lines?: string[] }
  | { type: 'failed'; message: string };

const send = (m: CarveMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

process.once('message', async (req: CarveRequest) => {
  try {
    if (req.type === 'carve') {
      const image = new Uint8Array(await readFile(req.imagePath));
      const r = carveImage(image, { maxFileBytes: req.maxFileBytes, budgetBytes: req.budgetBytes, want: req.want });
      await send({ type: 'carved', entries: r.entries, bytes: r.bytes });
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
