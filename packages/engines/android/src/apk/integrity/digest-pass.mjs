/**
 * The hashing an APK needs, in one place so it can run beside the bytecode
 * walk: the file's MD5/SHA-1/SHA-256, the v2/v3 content digest (1 MiB chunks
 * of the entries section, the central directory and the patched end record)
 * and the v1 per-entry digests of META-INF/MANIFEST.MF (each entry's
 * uncompressed bytes). The file hashes and the v2 chunks of the entries
 * section come from the same sequential reads.
 *
 * Plain JavaScript with Node built-ins only, because it also runs as a worker
 * thread (digest-worker.mjs), and worker threads start without the TypeScript
 * loader (vitest, tsx, the engine child). Types: digest-pass.d.mts.
 *
 * Memory is bounded whatever the entry sizes: reads are 1 MiB, small
 * deflated entries are inflated in one call under SMALL_INFLATE_* bounds,
 * larger ones are streamed; an entry that inflates past its declared size
 * stops there and is reported.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

const BLOCK = 1 << 20;
const METHOD_DEFLATED = 8;
/** Deflated entries at most this big (compressed and uncompressed) are inflated in one synchronous call. */
const SMALL_INFLATE_INPUT = 1 << 20;
const SMALL_INFLATE_OUTPUT = 8 << 20;

/** Positioned reads over a file descriptor or a buffer (a base APK held in memory). */
function openSource(source) {
  if (typeof source !== 'string') {
    const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
    return {
      size: bytes.length,
      read: (offset, length) => bytes.subarray(offset, offset + length),
      stream: (offset, length) => Readable.from([bytes.subarray(offset, offset + length)]),
      close() {},
    };
  }
  const fd = openSync(source, 'r');
  const scratch = Buffer.allocUnsafe(BLOCK);
  return {
    size: undefined,
    /** Returns a view of a reused buffer when length fits it: consume before the next read. */
    read(offset, length) {
      const out = length <= BLOCK ? scratch.subarray(0, length) : Buffer.allocUnsafe(length);
      let done = 0;
      while (done < length) {
        const n = readSync(fd, out, done, length - done, offset + done);
        if (n === 0) throw new Error(`file ended at ${offset + done} (changed while reading?)`);
        done += n;
      }
      return out;
    },
    stream(offset, length) {
      const self = this;
      return Readable.from(
        (function* () {
          for (let p = 0; p < length; p += BLOCK) yield Buffer.from(self.read(offset + p, Math.min(BLOCK, length - p)));
        })(),
      );
    },
    close: () => closeSync(fd),
  };
}

function u32le(n) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** Digest of one v2/v3 chunk: H(0xa5 | u32 length | bytes). */
function chunkDigest(algorithm, bytes) {
  return createHash(algorithm).update(Buffer.from([0xa5])).update(u32le(bytes.length)).update(bytes).digest();
}

function topDigest(algorithm, chunks) {
  const h = createHash(algorithm).update(Buffer.from([0x5a])).update(u32le(chunks.length));
  for (const c of chunks) h.update(c);
  return h.digest('hex');
}

/**
 * One sequential read of the whole file: file hashes, and the v2/v3 chunks of
 * the entries section [0, signing block). The central directory and the end
 * record are digested afterwards (they are small and start off the 1 MiB grid).
 */
function sequentialPass(src, size, job, result) {
  const fileHashers = (job.fileHashes ?? []).map((a) => [a, createHash(a)]);
  const cd = job.contentDigest;
  const chunks = new Map((cd?.algorithms ?? []).map((a) => [a, []]));
  const sectionEnd = cd ? cd.signingBlockOffset : 0;
  if (fileHashers.length > 0 || chunks.size > 0) {
    const end = fileHashers.length > 0 ? size : sectionEnd;
    for (let p = 0; p < end; p += BLOCK) {
      const block = src.read(p, Math.min(BLOCK, end - p));
      for (const [, h] of fileHashers) h.update(block);
      if (p < sectionEnd) {
        const part = block.subarray(0, Math.min(block.length, sectionEnd - p));
        for (const [a, list] of chunks) list.push(chunkDigest(a, part));
      }
    }
  }
  result.fileHashes = Object.fromEntries(fileHashers.map(([a, h]) => [a, h.digest('hex')]));
  if (!cd) return;
  const eocd = Buffer.from(src.read(cd.eocdOffset, size - cd.eocdOffset));
  eocd.writeUInt32LE(cd.signingBlockOffset >>> 0, 16);
  for (let p = cd.centralDirectoryOffset; p < cd.eocdOffset; p += BLOCK) {
    const part = src.read(p, Math.min(BLOCK, cd.eocdOffset - p));
    for (const [a, list] of chunks) list.push(chunkDigest(a, part));
  }
  for (let p = 0; p < eocd.length; p += BLOCK) {
    const part = eocd.subarray(p, Math.min(eocd.length, p + BLOCK));
    for (const [a, list] of chunks) list.push(chunkDigest(a, part));
  }
  result.contentDigests = Object.fromEntries([...chunks].map(([a, list]) => [a, topDigest(a, list)]));
}

function digestsOf(hashers) {
  return Object.fromEntries(hashers.map(([a, h]) => [a, h.digest('base64')]));
}

/** The uncompressed bytes of one entry, hashed with each of its algorithms. */
async function entryDigests(src, e) {
  const hashers = e.algorithms.map((a) => [a, createHash(a)]);
  if (e.method !== METHOD_DEFLATED) {
    // Stored, and unknown methods read as stored (as Android's installer does).
    for (let p = 0; p < e.compressedSize; p += BLOCK) {
      const part = src.read(e.dataOffset + p, Math.min(BLOCK, e.compressedSize - p));
      for (const [, h] of hashers) h.update(part);
    }
    return digestsOf(hashers);
  }
  const tooBig = () => new Error(`inflates past its declared size of ${e.uncompressedSize} bytes`);
  if (e.compressedSize <= SMALL_INFLATE_INPUT && e.uncompressedSize <= SMALL_INFLATE_OUTPUT) {
    let data;
    try {
      data = inflateRawSync(src.read(e.dataOffset, e.compressedSize), { maxOutputLength: e.uncompressedSize + 1 });
    } catch (err) {
      if (err.code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
      throw new Error(`corrupt deflate data (${err.message})`);
    }
    if (data.length !== e.uncompressedSize) throw data.length > e.uncompressedSize ? tooBig() : new Error(`inflates to ${data.length} bytes, declared ${e.uncompressedSize}`);
    for (const [, h] of hashers) h.update(data);
    return digestsOf(hashers);
  }
  let produced = 0;
  const inflater = createInflateRaw({ chunkSize: 256 * 1024 });
  const input = src.stream(e.dataOffset, e.compressedSize);
  input.on('error', (err) => inflater.destroy(err));
  input.pipe(inflater);
  try {
    for await (const chunk of inflater) {
      produced += chunk.length;
      if (produced > e.uncompressedSize) throw tooBig();
      for (const [, h] of hashers) h.update(chunk);
    }
  } catch (err) {
    throw err.message?.startsWith('inflates') ? err : new Error(`corrupt deflate data (${err.message})`);
  } finally {
    input.destroy();
    inflater.destroy();
  }
  if (produced !== e.uncompressedSize) throw new Error(`inflates to ${produced} bytes, declared ${e.uncompressedSize}`);
  return digestsOf(hashers);
}

/** Runs a digest job; `shouldStop` is polled between entries (cancellation when run inline). */
export async function runDigestPass(job, shouldStop = () => false) {
  const src = openSource(job.source);
  try {
    const size = src.size ?? job.size;
    const result = { fileHashes: {}, entries: [] };
    sequentialPass(src, size, job, result);
    for (const e of job.entries ?? []) {
      if (shouldStop()) throw new Error('aborted');
      try {
        result.entries.push({ name: e.name, digests: await entryDigests(src, e) });
      } catch (err) {
        result.entries.push({ name: e.name, error: err.message });
      }
    }
    return result;
  } finally {
    src.close();
  }
}
