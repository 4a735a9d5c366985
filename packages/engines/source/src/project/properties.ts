/**
 * The project's `.properties` files (Java configuration): key → value, so a
 * `props.getProperty("hashAlg1", "SHA512")` is judged by the value the project
 * configures (MD5) rather than by its default. First definition wins; bounded.
 */

const MAX_KEYS = 100_000;

export class ProjectProperties {
  private readonly values = new Map<string, string>();

  get size(): number {
    return this.values.size;
  }

  get(key: string): string | undefined {
    return this.values.get(key);
  }

  /** Reads one .properties file (`key=value`, `key: value`, `key value`; # and ! comments; \ continuations). */
  add(text: string): void {
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length && this.values.size < MAX_KEYS; i++) {
      let line = lines[i]!.trimStart();
      if (!line || line.startsWith('#') || line.startsWith('!')) continue;
      while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!.trimStart();
      const m = /^((?:\\.|[^=:\s\\])+)\s*[=:\s]\s*(.*)$/.exec(line);
      if (!m) continue;
      const key = m[1]!.replace(/\\(.)/g, '$1');
      if (!this.values.has(key)) this.values.set(key, m[2]!.trimEnd());
    }
  }
}
