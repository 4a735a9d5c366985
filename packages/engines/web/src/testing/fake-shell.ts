/** A fake shell: commands separated by ; | && or newlines, $(…) and `…`, with echo, $((a*b)) and expr a \* b. */
export function fakeShell(line: string): string {
  const expand = (s: string): string =>
    s
      .replace(/\$\(\((\d+)\s*\*\s*(\d+)\)\)/g, (_m, a: string, b: string) => String(Number(a) * Number(b)))
      .replace(/\$\(([^()]*)\)|`([^`]*)`/g, (_m, a?: string, b?: string) => run(a ?? b ?? '').trim());
  const run = (cmd: string): string => {
    const [name, ...args] = expand(cmd).trim().split(/\s+/);
    if (name === 'echo') return `${args.join(' ')}\n`;
    if (name === 'ping') return `PING ${args.at(-1) ?? ''}: 1 packet\n`;
    if (name === 'expr' && args.length === 3 && args[1] === '\\*') return `${Number(args[0]) * Number(args[2])}\n`;
    return name ? `sh: ${name}: not found\n` : '';
  };
  return expand(line)
    .split(/;|\|\||&&|\||\n/)
    .map(run)
    .join('');
}
