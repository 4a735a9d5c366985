/**
 * Go binaries: the build information the Go linker embeds (since Go 1.18 in
 * the "inline" layout; see the Go source's debug/buildinfo package docs). A
 * 32-byte header — the magic "\xff Go buildinf:", pointer size, flags (bit 1
 * = inline strings) — is followed by two varint-length strings: the Go
 * version ("go1.21.10") and the module info, which is framed by 16-byte
 * sentinels and holds tab-separated lines:
 *   path <main package>   mod <path> <version> <sum>
 *   dep <path> <version> <sum>   => <path> <version> <sum> (replaces the line before)
 * The toolchain is reported as OSV's `stdlib` module, like go.mod's. Older
 * binaries (Go < 1.18) store pointers into the data segment instead: refused
 * with a clear message. Works on ELF, Mach-O and PE alike (the header is found
 * by its magic, not by the container format).
 */
import { Inventory, type Manifest, ManifestError } from '../model.ts';

const MAGIC = Buffer.from('\xff Go buildinf:', 'latin1');
export const MAX_BINARY_BYTES = 512 << 20;

function varintString(b: Uint8Array, at: number): [string, number] | undefined {
  let len = 0;
  let shift = 0;
  let i = at;
  for (; i < b.length && i < at + 10; i++) {
    len += (b[i]! & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b[i]! & 0x80) === 0) break;
  }
  i++;
  if (len > 1 << 24 || i + len > b.length) return undefined;
  return [Buffer.from(b.buffer, b.byteOffset + i, len).toString('utf8'), i + len];
}

/** Go version and module lines of a Go binary; undefined when it holds no build info. */
export function readGoBuildInfo(file: string, b: Uint8Array): { goVersion: string; modinfo: string } | undefined {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.length);
  let sawOld = false;
  for (let at = buf.indexOf(MAGIC); at >= 0; at = buf.indexOf(MAGIC, at + 1)) {
    const ptrSize = b[at + 14];
    const flags = b[at + 15]!;
    if (ptrSize !== 4 && ptrSize !== 8) continue;
    if ((flags & 2) === 0) {
      sawOld = true;
      continue;
    }
    const v = varintString(b, at + 32);
    if (!v || !/^go\d|^devel/.test(v[0])) continue;
    const m = varintString(b, v[1]);
    if (!m) continue;
    let modinfo = m[0];
    // Sentinels: 16 bytes before and after the text (with a newline before the closing one).
    if (modinfo.length >= 33 && modinfo[modinfo.length - 17] === '\n') modinfo = modinfo.slice(16, -16);
    return { goVersion: v[0], modinfo };
  }
  if (sawOld) throw new ManifestError(file, 'a Go binary built before Go 1.18 (pointer-based build info) is not supported', 'unsupported');
  return undefined;
}

export function parseGoBinary(file: string, bytes: Uint8Array): Manifest {
  if (bytes.length > MAX_BINARY_BYTES) throw new ManifestError(file, `${bytes.length} bytes is over the limit of ${MAX_BINARY_BYTES}`, 'too_large');
  const info = readGoBuildInfo(file, bytes);
  if (!info) throw new ManifestError(file, 'no Go build information in this file (not a Go binary, or built without module support)', 'unsupported');
  const inv = new Inventory(file);
  const notes: string[] = [];
  type Row = { path: string; version: string; replaces?: string };
  const deps: Row[] = [];
  let main: Row | undefined;
  for (const line of info.modinfo.split('\n')) {
    const [kind, path, version] = line.split('\t');
    if (kind === 'mod' && path) main = { path, version: version ?? '' };
    else if (kind === 'dep' && path && version) deps.push({ path, version });
    else if (kind === '=>' && path && deps.length > 0) deps[deps.length - 1] = { path, version: version ?? '', replaces: deps[deps.length - 1]!.path };
  }
  for (const d of deps) {
    // A replacement by a local folder has no version ("=> ../fork"): the module is the project's own copy.
    if (!d.version) notes.push(`${d.replaces ?? d.path}: replaced by a local copy (${d.path}), not matched`);
    else inv.add({ ecosystem: 'Go', name: d.path, version: d.version });
  }
  const std = /^go(\d+\.\d+(?:\.\d+)?)/.exec(info.goVersion)?.[1];
  if (std) inv.add({ ecosystem: 'Go', name: 'stdlib', version: /^\d+\.\d+$/.test(std) ? `${std}.0` : std });
  else notes.push(`toolchain ${info.goVersion} is not a release: the standard library is not matched`);
  // The main module is the binary's own code; a release build records its version, "(devel)" otherwise.
  if (main && main.version && main.version !== '(devel)') inv.add({ ecosystem: 'Go', name: main.path, version: main.version });
  notes.push('a Go binary lists the modules linked in, without telling direct from transitive');
  return { file, format: 'Go binary', packages: inv.list(), notes };
}
