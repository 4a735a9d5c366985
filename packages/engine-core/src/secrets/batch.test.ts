import { describe, expect, it } from 'vitest';
import { type TextSource, scanTextSources, textBatches } from './batch.ts';

const src = (value: string, file: string, lines = false): TextSource => ({ value, where: { file }, lines });

describe('textBatches', () => {
  it('joins sources up to the batch size and locates every offset back to its source, with lines for files', () => {
    const sources = [src('aaaa', 'a'), src('bbbb', 'b'), src('one\ntwo\nthree', 'c.txt', true), src('dddd', 'd')];
    const batches = [...textBatches(sources, 12)];
    expect(batches.map((b) => b.text)).toEqual(['aaaa\nbbbb', 'one\ntwo\nthree', 'dddd']);
    expect(batches[0]!.locate(0).evidence).toEqual({ file: 'a' });
    expect(batches[0]!.locate(5).evidence).toEqual({ file: 'b' });
    expect(batches[1]!.locate(9).evidence).toEqual({ file: 'c.txt', line: 3 });
    expect(batches[2]!.locate(3).source.where.file).toBe('d');
    expect([...textBatches([])]).toEqual([]);
  });
});

describe('scanTextSources', () => {
  it('finds secrets, labelled credentials, URLs, IPs, e-mails and sensitive words and says where each came from', () => {
    const sources = [
      src('AKIAIOSFODNN7EXAMPLX', 'strings'),
      src('host = "http://api.example.cn/v1"\npassword = hunter2x\nmail ops@example.cn at 8.8.8.8 and 192.0.2.7', 'config.ini', true),
      src('the word internal-only', 'res'),
    ];
    const seen: string[] = [];
    let batches = 0;
    scanTextSources(
      sources,
      {
        secret: (m, at) => seen.push(`secret ${m.patternId} ${at.evidence.file}`),
        labelledCredential: (c, at) => seen.push(`label ${c.label}=${c.value} ${at.evidence.file}:${at.evidence.line}`),
        url: (u, at) => seen.push(`url ${u.value} ${at.evidence.file}:${at.evidence.line}`),
        ip: (ip, at) => seen.push(`ip ${ip.value} ${at.evidence.line}`),
        email: (e, at) => seen.push(`email ${e.value} ${at.evidence.line}`),
        sensitiveWord: (w, at) => seen.push(`word ${w.word} ${at.evidence.file}`),
      },
      { sensitiveWords: ['internal-only'], beforeBatch: () => void batches++ },
    );
    expect(batches).toBe(1);
    expect(seen).toContain('secret aws_access_key_id strings');
    expect(seen).toContain('label password=hunter2x config.ini:2');
    expect(seen).toContain('url http://api.example.cn/v1 config.ini:1');
    expect(seen).toContain('ip 8.8.8.8 3');
    expect(seen.some((s) => s.startsWith('ip 192.0.2'))).toBe(false);
    expect(seen).toContain('email ops@example.cn 3');
    expect(seen).toContain('word internal-only res');
  });

  it('searches only for what the visitor handles and skips placeholders after labels', () => {
    const seen: string[] = [];
    scanTextSources([src('password = ${PASSWORD}\npwd: %s\napi_key=changeme http://a.example.cn', 'f', true)], { labelledCredential: (c) => seen.push(c.value) });
    expect(seen).toEqual([]);
  });
});
