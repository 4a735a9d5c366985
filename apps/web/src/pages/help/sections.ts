/** The shipped help document split into its `## ` sections, and the search over them. */
import zhHelp from '../../help/zh.md?raw';
import enHelp from '../../help/en.md?raw';

export interface HelpSection {
  id: string;
  title: string;
  body: string;
}

export const HELP_SOURCES = { zh: zhHelp, en: enHelp } as const;

export function splitSections(markdown: string): { intro: string; sections: HelpSection[] } {
  const parts = markdown.split(/^## /m);
  const intro = parts.shift() ?? '';
  return {
    intro,
    sections: parts.map((p, i) => {
      const nl = p.indexOf('\n');
      return { id: `help-${i}`, title: (nl < 0 ? p : p.slice(0, nl)).trim(), body: nl < 0 ? '' : p.slice(nl + 1) };
    }),
  };
}

/** Sections whose title or text contains every word of the query (case-insensitive). */
export function searchSections(sections: HelpSection[], query: string): HelpSection[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return sections;
  return sections.filter((s) => {
    const text = `${s.title}\n${s.body}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
