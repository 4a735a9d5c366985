/**
 * XML for the formats that keep data in attributes (Gradle verification
 * metadata, .csproj, packages.config). Like maven.ts: entities are never
 * expanded and a DOCTYPE is refused — none of these formats uses one, and
 * entity declarations are how XML bombs and external-entity reads start.
 */
import { XMLParser } from 'fast-xml-parser';
import { ManifestError } from '../model.ts';
import { text } from './common.ts';

export function parseXml(file: string, bytes: Uint8Array, arrays: ReadonlySet<string>): Record<string, unknown> {
  const src = text(file, bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(src)) throw new ManifestError(file, 'XML with a DOCTYPE or entity declarations is refused (the format needs none)');
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: false, parseTagValue: false, parseAttributeValue: false, trimValues: true, removeNSPrefix: true, isArray: (name) => arrays.has(name) });
  try {
    return parser.parse(src, true) as Record<string, unknown>;
  } catch (e) {
    throw new ManifestError(file, `malformed XML: ${String((e as Error).message ?? e).split('\n')[0]!.slice(0, 200)}`);
  }
}
