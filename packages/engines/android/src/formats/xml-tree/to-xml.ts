/** Renders an element tree as indented XML text, for display and evidence snippets. */
import type { XmlDocument, XmlElement } from './tree.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Prefix for a namespace URI: declared prefixes first, the usual `android` for the android URI. */
function prefixer(doc: XmlElement): (uri: string | undefined) => string {
  const byUri = new Map<string, string>();
  const stack: XmlElement[] = [doc];
  while (stack.length > 0) {
    const e = stack.pop()!;
    for (const ns of e.namespaces) if (!byUri.has(ns.uri)) byUri.set(ns.uri, ns.prefix);
    stack.push(...e.children);
  }
  return (uri) => {
    if (!uri) return '';
    let p = byUri.get(uri);
    if (p === undefined) {
      p = uri === 'http://schemas.android.com/apk/res/android' ? 'android' : `ns${byUri.size}`;
      byUri.set(uri, p);
    }
    return p ? `${p}:` : '';
  };
}

export function toXml(node: XmlDocument | XmlElement): string {
  const root = 'root' in node ? node.root : node;
  const prefix = prefixer(root);
  const lines: string[] = ['<?xml version="1.0" encoding="utf-8"?>'];
  // Explicit stack: a hostile tree is bounded by the reader, but rendering never recurses anyway.
  type Frame = { el: XmlElement; depth: number; closing: boolean };
  const stack: Frame[] = [{ el: root, depth: 0, closing: false }];
  while (stack.length > 0) {
    const { el, depth, closing } = stack.pop()!;
    const pad = '  '.repeat(depth);
    const tag = `${prefix(el.namespaceUri)}${el.name}`;
    if (closing) {
      lines.push(`${pad}</${tag}>`);
      continue;
    }
    const parts = [tag];
    for (const ns of el.namespaces) parts.push(`xmlns${ns.prefix ? `:${ns.prefix}` : ''}="${escapeXml(ns.uri)}"`);
    for (const a of el.attributes) parts.push(`${prefix(a.namespaceUri)}${a.name}="${escapeXml(a.value.text)}"`);
    const text = el.text?.trim();
    if (el.children.length === 0 && !text) {
      lines.push(`${pad}<${parts.join(' ')}/>`);
      continue;
    }
    lines.push(`${pad}<${parts.join(' ')}>`);
    if (text) lines.push(`${pad}  ${escapeXml(text)}`);
    stack.push({ el, depth, closing: true });
    for (let i = el.children.length - 1; i >= 0; i--) stack.push({ el: el.children[i]!, depth: depth + 1, closing: false });
  }
  return lines.join('\n') + '\n';
}
