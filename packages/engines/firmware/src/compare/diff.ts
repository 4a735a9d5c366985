/**
 * A line diff of two texts (longest common subsequence), as unified-diff
 * lines with ' ', '-', '+' prefixes and 3 lines of context. Bounded: texts
 * over 4,000 lines each give no diff (the caller says why).
 */
export const MAX_DIFF_LINES = 4000;

export function lineDiff(a: string, b: string, context = 3): string[] | undefined {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length > MAX_DIFF_LINES || y.length > MAX_DIFF_LINES) return undefined;
  // Trim the common head and tail so the table covers only the changed middle.
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  const xs = x.slice(head, x.length - tail);
  const ys = y.slice(head, y.length - tail);
  const n = xs.length;
  const m = ys.length;
  const lcs = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = xs[i] === ys[j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const ops: string[] = [];
  for (let k = Math.max(0, head - context); k < head; k++) ops.push(` ${x[k]}`);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && xs[i] === ys[j]) {
      ops.push(` ${xs[i]}`);
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!)) ops.push(`-${xs[i++]}`);
    else ops.push(`+${ys[j++]}`);
  }
  for (let k = x.length - tail; k < Math.min(x.length, x.length - tail + context); k++) ops.push(` ${x[k]}`);
  // Keep only changes and their context.
  const keep = new Uint8Array(ops.length);
  ops.forEach((o, k) => {
    if (o[0] !== ' ') for (let d = -context; d <= context; d++) if (k + d >= 0 && k + d < ops.length) keep[k + d] = 1;
  });
  return ops.filter((_, k) => keep[k]);
}
