import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels.ts';
import { unlabelledTargetFields } from './target.ts';
import { phraseList } from './target-presentation.ts';

describe('software-component target fields', () => {
  it('labels the distribution releases with their end-of-life dates in the four languages', () => {
    const releases = [{ ecosystem: 'Debian:10', eol: { product: 'debian', title: 'Debian', cycle: '10', eol: '2024-06-30', ended: true, link: 'https://endoflife.date/debian' } }];
    const a = { platform: 'sca', target: { kind: 'sca', name: 'rootfs.tar.gz', releases, components: [{ name: 'bash', version: '5.0-4', eol: releases[0]!.eol, licence: { declared: 'GPL-3.0', policy: { verdict: 'denied', terms: ['GPL-3.0-only'] } } }] } } as unknown as Assessment;
    expect(unlabelledTargetFields(a)).toEqual([]);
    expect(phraseList('releases', releases, 30)).toBe('Debian 10: 2024-06-30');
    const runtimes = [{ runtime: 'python', version: '3.6', file: 'Dockerfile', eol: { product: 'python', title: 'Python', cycle: '3.6', eol: '2021-12-23', ended: true, link: 'https://endoflife.date/python' } }];
    expect(unlabelledTargetFields({ ...a, target: { ...a.target, runtimes } } as Assessment)).toEqual([]);
    expect(phraseList('runtimes', runtimes, 30)).toBe('Python 3.6 (Dockerfile): 2021-12-23');
    expect(['zh-CN', 'zh-TW', 'en', 'ja'].map((l) => fieldLabel('releases', l as never, 'sca'))).toEqual(['发行版及维护截止日期', '發行版及維護截止日期', 'Distribution releases (end of life)', 'ディストリビューション（サポート終了日）']);
  });
});
