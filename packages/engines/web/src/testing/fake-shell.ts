/** A fake shell: commands separated by ; | && or newlines, $(…) and `…`, with echo and $((a*b)). */
export function fakeShell(line: string): string {
  const expand = (s: string): string =>
    s
      .replace(/\$\(\((\d+)\s*\*\s*(\d+)\)\)/g, (_m, a: string, b: string) => String(Number(a) * Number(b)))
      .replace(/\$\(([^()]*)\)|`([^`]*)`/g, (_m, a?: string, b?: string) => run(a ?? b ?? '').trim());
  const run = (cmd: string): string => {
    const [name, ...args] = expand(cmd).trim().split(/\s+/);
    if (name === 'echo') return `${args.join(' ')}\n`;
    if (name === 'ping') return `PING ${args.at(-1) ?? ''}: 1 packet\n`;
    return name ? `sh: ${name}: not found\n` : '';
  };
  return expand(line)
    .split(/;|\|\||&&|\||\n/)
    .map(run)
    .join('');
}
