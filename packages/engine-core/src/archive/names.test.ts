import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../binary/byte-reader.ts';
import { checkEntryName, safeJoin } from './names.ts';

describe('checkEntryName', () => {
  it('accepts ordinary names', () => {
    expect(checkEntryName('res/layout/main.xml')).toEqual([]);
    expect(checkEntryName('lib/arm64-v8a/libx.so')).toEqual([]);
    expect(checkEntryName('a..b/..c')).toEqual([]);
  });
  it('flags each dangerous shape', () => {
    expect(checkEntryName('')).toEqual(['empty']);
    expect(checkEntryName('x'.repeat(20), 10)).toEqual(['too-long']);
    expect(checkEntryName('a\x07b')).toEqual(['control-char']);
    expect(checkEntryName('..\\..\\x')).toEqual(['backslash', 'dot-dot']);
    expect(checkEntryName('\\x')).toEqual(['backslash', 'absolute']);
  });
});

describe('safeJoin', () => {
  const root = path.resolve('/tmp/extract-root');
  it('joins names inside the root', () => {
    expect(safeJoin(root, 'a/b.txt')).toBe(path.join(root, 'a', 'b.txt'));
    expect(safeJoin(root, 'a/../b.txt')).toBe(path.join(root, 'b.txt'));
    expect(safeJoin(root, 'a\\b.txt')).toBe(path.join(root, 'a', 'b.txt'));
  });
  it('refuses escapes, absolute paths, drive letters and NUL', () => {
    for (const bad of ['../evil', 'a/../../evil', '/etc/passwd', '\\evil', 'C:/x', 'c:x', 'a\0b', '', '..', '..\\x']) {
      expect(() => safeJoin(root, bad), bad).toThrow(FormatError);
    }
  });
});
