/**
 * MD5 and SHA-256 of an upload computed while it arrives: whenever the chunks
 * from the start of the file form a longer contiguous run, the new range is
 * read back from the partial file (still in the page cache) and fed to the
 * hashers, one upload's ranges strictly in order. At completion only the
 * digests are left, so completing a 2 GB upload costs no second full read.
 *
 * The running state lives in this process only. After a restart, or when some
 * chunks went to another server process, the run never reaches the end and
 * digest() falls back to one full pass over the file: always correct.
 * (Hashing stays on the main thread: a worker thread's own heap would cost more
 * memory than the hashing costs time.)
 */
import { type Hash, createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { type ContentHashes, hashFile } from '../../storage/index.ts';

interface Running {
  md5: Hash;
  sha256: Hash;
  /** Bytes hashed so far (always a prefix of the file). */
  hashed: number;
  /** Chunks written but not yet hashed (waiting for an earlier one). */
  waiting: Set<number>;
  next: number;
  /** The tail of the hashing work: ranges are hashed one after another. */
  work: Promise<void>;
  broken: boolean;
}

const READ_SIZE = 1 << 20;

async function feed(state: Running, file: string, offset: number, length: number): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(Math.min(READ_SIZE, length));
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, length - done), offset + done);
      if (bytesRead === 0) throw new Error('partial file ended early');
      state.md5.update(buffer.subarray(0, bytesRead));
      state.sha256.update(buffer.subarray(0, bytesRead));
      done += bytesRead;
    }
    state.hashed += length;
  } finally {
    await handle.close();
  }
}

export class ProgressiveHasher {
  private readonly running = new Map<string, Running>();

  /** A new upload: this process sees it from the first chunk. */
  begin(uid: string): void {
    this.running.set(uid, { md5: createHash('md5'), sha256: createHash('sha256'), hashed: 0, waiting: new Set(), next: 0, work: Promise.resolve(), broken: false });
  }

  /** Chunk `index` is fully written to `file`; hash every newly contiguous range in the background. */
  chunkWritten(uid: string, file: string, index: number, chunkSize: number, size: number): void {
    const state = this.running.get(uid);
    // Unknown here (begun before a restart or by another process): digest() does a full pass.
    if (!state || state.broken) return;
    state.waiting.add(index);
    while (state.waiting.has(state.next)) {
      state.waiting.delete(state.next);
      const offset = state.next * chunkSize;
      const length = Math.min(chunkSize, size - offset);
      state.work = state.work.then(() => (state.broken ? undefined : feed(state, file, offset, length))).catch(() => {
        state.broken = true;
      });
      state.next++;
    }
  }

  /** The hashes of the whole file: from the running state when it covers the file, else from a full pass. */
  async digest(uid: string, file: string, size: number): Promise<ContentHashes> {
    const state = this.running.get(uid);
    this.running.delete(uid);
    if (state) await state.work;
    if (!state || state.broken || state.hashed !== size) return hashFile(file);
    return { md5: state.md5.digest('hex'), sha256: state.sha256.digest('hex'), size };
  }

  forget(uid: string): void {
    this.running.delete(uid);
  }
}
