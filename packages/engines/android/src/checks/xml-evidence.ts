/** Manifest and res/xml evidence: the element as an XML snippet, without its (possibly huge) subtree unless asked. */
import type { Evidence } from '@citadel/contracts';
import { type XmlElement, toXml } from '../formats/index.ts';

const MAX_SNIPPET = 2000;

export function elementSnippet(el: XmlElement, withChildren = false): string {
  const shallow: XmlElement = withChildren ? el : { ...el, children: [], namespaces: [] };
  const { text: _text, ...rest } = shallow;
  const xml = toXml(withChildren ? shallow : rest).replace(/^<\?xml[^>]*\?>\n/, '').trimEnd();
  return xml.length > MAX_SNIPPET ? `${xml.slice(0, MAX_SNIPPET)}…` : xml;
}

export function xmlEvidence(file: string, el: XmlElement, detail?: string, withChildren = false): Evidence {
  return { file, ...(el.line ? { line: el.line } : {}), snippet: elementSnippet(el, withChildren), ...(detail ? { detail } : {}) };
}
