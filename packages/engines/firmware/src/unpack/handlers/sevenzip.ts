/**
 * 7z contents through Debian's 7-Zip (package p7zip-full: 7z / 7za), an optional
 * accelerator as the issue allows: without it the archive is recorded with the
 * package to install. Nothing is extracted to disk: the archive is listed
 * (`7z l -slt`: path, size, attributes, encryption per item) and bounded by the
 * unpack budget first, then all items are decompressed to standard output
 * (`7z x -so`), which writes them in listing order, and the stream is cut by the
 * listed sizes — so a hostile archive's paths and links never touch the file
 * system. Symlinks stay links (their target is the item's data); device and other
 * entries are entries only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UnpackBudget } from '../model.ts';
import { FsBuilder } from '../archive/fs-builder.ts';

const TOOLS = ['/usr/bin/7z', '/usr/bin/7za', '/usr/bin/7zz'];
const TIMEOUT_MS = 120_000;
const MAX_ITEMS = 100_000;

interface Item {
  path: string;
  size: number;
  folder: boolean;
  mode: string;
  encrypted: boolean;
}

/** `7z l -slt -ba` blocks: "Path = …", "Size = …", "Attributes = D drwxr-xr-x", "Encrypted = +". */
export function parseListing(text: string): Item[] {
  const items: Item[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const f = new Map<string, string>();
    for (const line of block.split(/\r?\n/)) {
      const at = line.indexOf(' = ');
      if (at > 0) f.set(line.slice(0, at), line.slice(at + 3));
    }
    const path = f.get('Path');
    if (path === undefined || items.length >= MAX_ITEMS) continue;
    const attrs = f.get('Attributes') ?? '';
    const mode = /[-dlcbps][-rwxsStT]{9}/.exec(attrs)?.[0] ?? '';
    items.push({ path, size: Number(f.get('Size') || 0), folder: f.get('Folder') === '+' || attrs.startsWith('D') || mode.startsWith('d'), mode, encrypted: f.get('Encrypted') === '+' });
  }
  return items;
}

const permissions = (mode: string): number => {
  let m = 0;
  for (let i = 1; i < 10; i++) if (mode[i] && mode[i] !== '-') m |= 1 << (9 - i);
  return m;
};

/** Runs 7-Zip on the archive bytes in a private temporary folder that is removed afterwards. */
function run7z(tool: string, bytes: Uint8Array, args: string[], maxBuffer: number) {
  const dir = mkdtempSync(join(tmpdir(), 'citadel-7z-'));
  try {
    const archive = join(dir, 'a.7z');
    writeFileSync(archive, bytes);
    // A wrong password instead of a prompt: encrypted archives fail, they never wait for input.
    return spawnSync(tool, [...args, '-pcitadel-no-password', archive], { stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS, maxBuffer });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function readSevenZip(bytes: Uint8Array, budget: UnpackBudget, readContents: boolean): { fs: FsBuilder; entries: number } | { missing: string } {
  const tool = TOOLS.find((t) => existsSync(t));
  if (!tool) return { missing: "7z archive: contents not unpacked — install Debian's p7zip-full (7z) to read them" };
  const fs = new FsBuilder(budget, readContents);
  const list = run7z(tool, bytes, ['l', '-slt', '-ba'], 64 << 20);
  if (list.status !== 0) return { missing: `7z archive: contents not unpacked — 7z could not list it: ${firstLine(String(list.stderr ?? '')) || `exit ${list.status ?? list.signal}`}` };
  const items = parseListing(String(list.stdout));
  // A header that points at garbage lists nothing; an empty archive is its 32-byte header alone.
  if (items.length === 0 && bytes.length > 32) return { missing: '7z archive: contents not unpacked — 7-Zip lists no entries (damaged header?)' };
  const total = items.reduce((sum, i) => sum + (i.folder ? 0 : i.size), 0);
  if (total > budget.maxOut(bytes.length)) return { fs: withError(fs, `7z declares ${total} bytes from ${bytes.length}, over the unpack limits; not unpacked`), entries: items.length };
  const encrypted = items.some((i) => i.encrypted);
  if (encrypted) fs.errors.push('encrypted 7z entries; contents not read');
  // All items decompressed at once, when the first file is read (now, or when the viewer asks).
  let data: Buffer | Error | undefined;
  const all = (): Buffer => {
    if (data === undefined) {
      const x = run7z(tool, bytes, ['x', '-so', '-y', '-bd'], total + 1024);
      data = x.status === 0 && x.stdout.length === total ? x.stdout : new Error(`7z could not decompress the archive: ${firstLine(String(x.stderr ?? '')) || `${x.stdout?.length ?? 0} of ${total} bytes`}`);
    }
    if (data instanceof Error) throw data;
    return data;
  };
  fs.add({ path: '/', type: 'dir', mode: 0o755 });
  let at = 0;
  for (const i of items) {
    const start = at;
    if (!i.folder) at += i.size;
    const content = () => all().subarray(start, start + i.size);
    const common = { path: i.path, mode: permissions(i.mode) || (i.folder ? 0o755 : 0o644) };
    let ok: boolean;
    if (i.folder) ok = fs.add({ ...common, type: 'dir' });
    else if (i.mode.startsWith('l')) {
      let target = '';
      try {
        if (!encrypted) target = Buffer.from(content()).toString('utf8');
      } catch (e) {
        fs.errors.push(`${i.path}: ${(e as Error).message}`);
      }
      ok = fs.add({ ...common, type: 'symlink', target });
    } else if (i.mode && !i.mode.startsWith('-')) ok = fs.add({ ...common, type: 'file', size: 0 }); // device and other special entries: entries only
    else ok = fs.add({ ...common, type: 'file', size: i.size, ...(encrypted ? {} : { read: () => new Uint8Array(content()) }) });
    if (!ok) break;
  }
  return { fs, entries: items.length };
}

function withError(fs: FsBuilder, message: string): FsBuilder {
  fs.errors.push(message);
  return fs;
}

const firstLine = (s: string | null | undefined): string => (s ?? '').split('\n').map((l) => l.trim()).find((l) => l && !/^7-Zip|^p7zip|^$/.test(l))?.slice(0, 200) ?? '';
