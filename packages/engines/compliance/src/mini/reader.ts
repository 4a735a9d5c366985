/**
 * What the compliance assessment takes from the mini-program engine: its
 * project reader (wxapkg, PC-encrypted wxapkg, Alipay amr/zip/tar, bundles
 * split back into modules), its script scanner and tokenizer.
 */
export { openProject, detectInput, scanJs, type CallSite, type MiniProject, type ProjectFile } from '@citadel/engine-miniprogram';

/** The line around an offset, or a 160-character window of it when the line is long (minified code). */
export function snippetOf(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  let end = text.indexOf('\n', index);
  if (end < 0) end = text.length;
  if (end - start <= 200) return text.slice(start, end).trim();
  const from = Math.max(start, index - 60);
  return text.slice(from, Math.min(end, from + 160)).trim();
}
