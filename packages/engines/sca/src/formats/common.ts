/**
 * What every parser shares: the size bound checked before decoding, and JSON,
 * TOML and YAML read with clear errors. YAML aliases are bounded (a "billion
 * laughs" lockfile expands aliases exponentially); XML is handled in pom.ts.
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { MAX_MANIFEST_BYTES, ManifestError } from '../model.ts';

export function text(file: string, bytes: Uint8Array): string {
  if (bytes.length > MAX_MANIFEST_BYTES) throw new ManifestError(file, `${bytes.length} bytes is over the limit of ${MAX_MANIFEST_BYTES}`, 'too_large');
  let s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  if (s.includes('\u0000')) throw new ManifestError(file, 'binary content (NUL bytes) where text was expected');
  return s;
}

const firstLine = (e: unknown): string => String((e as Error)?.message ?? e).split('\n')[0]!.slice(0, 200);

export function json(file: string, bytes: Uint8Array): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(text(file, bytes));
  } catch (e) {
    if (e instanceof ManifestError) throw e;
    throw new ManifestError(file, `malformed JSON: ${firstLine(e)}`);
  }
  if (!isObject(v)) throw new ManifestError(file, 'expected a JSON object at the top level');
  return v;
}

export function toml(file: string, bytes: Uint8Array): Record<string, unknown> {
  try {
    return parseToml(text(file, bytes)) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof ManifestError) throw e;
    throw new ManifestError(file, `malformed TOML: ${firstLine(e)}`);
  }
}

export function yaml(file: string, bytes: Uint8Array): Record<string, unknown> {
  let v: unknown;
  try {
    v = parseYaml(text(file, bytes), { maxAliasCount: 50, uniqueKeys: false, prettyErrors: false });
  } catch (e) {
    if (e instanceof ManifestError) throw e;
    throw new ManifestError(file, `malformed YAML: ${firstLine(e)}`);
  }
  if (!isObject(v)) throw new ManifestError(file, 'expected a YAML mapping at the top level');
  return v;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
