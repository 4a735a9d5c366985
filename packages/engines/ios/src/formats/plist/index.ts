/**
 * Property lists (Info.plist, entitlements, provisioning-profile payloads) in
 * XML and binary bplist00 form, read into one value model with limits that
 * make plist bombs (deep nesting, reference cycles, shared-reference
 * expansion, entity tricks) fail fast with a FormatError.
 */
import { FormatError } from '@citadel/engine-core';
import { parseBinaryPlist } from './binary-plist.ts';
import { detectPlistForm, type PlistForm } from './detect.ts';
import { plistLimits, type PlistLimits } from './limits.ts';
import type { PlistValue } from './value.ts';
import { parseXmlPlist } from './xml-plist.ts';

export * from './value.ts';
export { DEFAULT_PLIST_LIMITS, plistLimits, type PlistLimits } from './limits.ts';
export { detectPlistForm, type PlistForm } from './detect.ts';
export { isBinaryPlist } from './binary-plist.ts';

export interface PlistDocument {
  form: 'binary' | 'xml';
  value: PlistValue;
}

/** Reads an XML or bplist00 property list; any other form, or a malformed one, is a FormatError. */
export function readPlistDocument(bytes: Uint8Array, limits?: Partial<PlistLimits>): PlistDocument {
  const effective = plistLimits(limits);
  const form: PlistForm = detectPlistForm(bytes);
  if (form === 'binary') return { form, value: parseBinaryPlist(bytes, effective) };
  if (form === 'xml') return { form, value: parseXmlPlist(bytes, effective) };
  throw new FormatError(`unsupported property list form: ${form}`, 'plist', 0);
}

/** Reads an XML or bplist00 property list and returns its root value. */
export function readPlist(bytes: Uint8Array, limits?: Partial<PlistLimits>): PlistValue {
  return readPlistDocument(bytes, limits).value;
}
