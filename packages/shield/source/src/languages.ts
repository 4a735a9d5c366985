/**
 * Which languages a project is written in, by file extension. Source: the
 * extension lists of GitHub Linguist (lib/linguist/languages.yml), reduced to
 * the languages customers upload. Only JavaScript and TypeScript are hardened;
 * the rest are named in the refusal so the user knows what was found.
 */
export const SUPPORTED_LANGUAGES = ['JavaScript', 'TypeScript'] as const;

export const LANGUAGE_OF_EXTENSION: Record<string, string> = {
  '.js': 'JavaScript', '.cjs': 'JavaScript', '.mjs': 'JavaScript', '.jsx': 'JavaScript',
  '.ts': 'TypeScript', '.cts': 'TypeScript', '.mts': 'TypeScript', '.tsx': 'TypeScript',
  '.py': 'Python', '.java': 'Java', '.kt': 'Kotlin', '.kts': 'Kotlin', '.scala': 'Scala', '.groovy': 'Groovy',
  '.go': 'Go', '.rs': 'Rust', '.c': 'C', '.h': 'C', '.cc': 'C++', '.cpp': 'C++', '.cxx': 'C++', '.hpp': 'C++',
  '.cs': 'C#', '.fs': 'F#', '.vb': 'Visual Basic', '.php': 'PHP', '.rb': 'Ruby', '.swift': 'Swift', '.m': 'Objective-C',
  '.dart': 'Dart', '.lua': 'Lua', '.pl': 'Perl', '.r': 'R', '.ex': 'Elixir', '.exs': 'Elixir', '.erl': 'Erlang', '.clj': 'Clojure',
  '.hs': 'Haskell', '.ml': 'OCaml', '.sh': 'Shell', '.ps1': 'PowerShell', '.vue': 'Vue', '.svelte': 'Svelte',
};

/** Folders that hold third-party or generated code, never counted or touched. */
export const VENDOR_FOLDER = /(^|\/)(node_modules|\.git)\//;

export function languageOf(p: string): string | undefined {
  if (/\.d\.[cm]?ts$/i.test(p)) return undefined;
  const m = /\.[a-z0-9]+$/i.exec(p);
  return m ? LANGUAGE_OF_EXTENSION[m[0].toLowerCase()] : undefined;
}

/** Files per language outside vendor folders, most first. */
export function languageCounts(paths: Iterable<string>): [string, number][] {
  const n = new Map<string, number>();
  for (const p of paths) {
    if (VENDOR_FOLDER.test(p)) continue;
    const l = languageOf(p);
    if (l) n.set(l, (n.get(l) ?? 0) + 1);
  }
  return [...n].sort((a, b) => b[1] - a[1]);
}
