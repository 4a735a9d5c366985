/**
 * The privacy policy the SDKs are compared with: a text or HTML file given
 * with the task (a second input file, or its text in the task parameter
 * `privacyPolicy` — how the portal's create page sends it, with the file's
 * name in `privacyPolicyName`), or one found in the package — HTML and
 * text files under assets/ or res/raw/ that read like a policy. HTML is
 * reduced to its text. A PDF policy is listed as unreadable (no PDF text
 * extraction in the engine). An online policy (only its URL in the code)
 * cannot be read offline: it is reported, and its content needs a device or
 * network access.
 */
import { open } from 'node:fs/promises';
import type { AssessmentBuilder, InputFile, ZipArchive } from '@citadel/engine-core';
import { policyNames } from '../data/sdk-vendors.ts';

export interface PolicyText {
  /** Where it came from: the uploaded file's name or the entry path. */
  source: string;
  text: string;
}

const MAX_POLICY_BYTES = 4 << 20;
const MAX_CANDIDATES = 400;
const POLICY_WORDS = /隐私政策|隐私协议|隐私保护指引|個人信息保護|privacy policy|privacy notice|プライバシーポリシー/i;
const NAME_HINT = /privacy|yinsi|policy|agreement|protocol|隐私|协议/i;

/** HTML to text: scripts and styles dropped, tags removed, the common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]{0,2000}>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d{1,6});/g, (_, n: string) => String.fromCodePoint(Math.min(Number(n), 0x10ffff)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function decode(bytes: Uint8Array, name: string): string {
  const s = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return /\.x?html?$/i.test(name) || /^\s*<(?:!doctype|html)/i.test(s) ? htmlToText(s) : s;
}

/** Reads an uploaded policy file (text or HTML), at most 4 MiB. */
export async function readPolicyFile(path: string, name: string): Promise<PolicyText | { unreadable: string }> {
  if (/\.pdf$/i.test(name)) return { unreadable: 'PDF policies are not read by the engine: upload the policy as text or HTML' };
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(MAX_POLICY_BYTES);
    const { bytesRead } = await fh.read(buf, 0, MAX_POLICY_BYTES, 0);
    const bytes = buf.subarray(0, bytesRead);
    if (bytes.includes(0)) return { unreadable: 'the policy file is binary, not text or HTML' };
    return { source: name, text: decode(bytes, name) };
  } finally {
    await fh.close();
  }
}

/** The policy given in the task parameters (text or HTML), if any; the same 4 MiB bound as a file. */
export function policyFromParams(params: Readonly<Record<string, string>> | undefined): PolicyText | { unreadable: string; source: string } | undefined {
  const text = params?.privacyPolicy;
  if (!text || !text.trim()) return undefined;
  const source = (params?.privacyPolicyName ?? '').trim().slice(0, 200) || 'privacy policy (task parameter)';
  if (text.includes('\u0000')) return { unreadable: 'the policy is binary, not text or HTML', source };
  const bytes = new TextEncoder().encode(text.slice(0, MAX_POLICY_BYTES));
  return { source, text: decode(bytes.subarray(0, MAX_POLICY_BYTES), source) };
}

/** Every policy given with the task — files beside the package and the task parameter; unreadable ones are listed as such. */
export async function givenPolicies(files: readonly InputFile[], params: Readonly<Record<string, string>> | undefined, builder: AssessmentBuilder): Promise<PolicyText[]> {
  const out: PolicyText[] = [];
  for (const f of files) {
    const p = await readPolicyFile(f.path, f.name);
    if ('unreadable' in p) builder.unreadable(f.name, p.unreadable);
    else out.push(p);
  }
  const fromParams = policyFromParams(params);
  if (fromParams && 'unreadable' in fromParams) builder.unreadable(fromParams.source, fromParams.unreadable);
  else if (fromParams) out.push(fromParams);
  return out;
}

/** Policies inside the package: text/HTML files under assets/ or res/raw/ that read like one. */
export async function findPackagePolicies(zip: ZipArchive, prefix: string): Promise<PolicyText[]> {
  const candidates = zip.entries
    .filter((e) => !e.isDirectory && e.name.startsWith(prefix) && /^(?:assets|res\/raw)\//.test(e.name.slice(prefix.length)) && /\.(?:x?html?|txt)$/i.test(e.name) && e.uncompressedSize <= MAX_POLICY_BYTES)
    // Files whose names say policy first; the others are read too, up to the cap.
    .sort((a, b) => Number(NAME_HINT.test(b.name)) - Number(NAME_HINT.test(a.name)))
    .slice(0, MAX_CANDIDATES);
  const out: PolicyText[] = [];
  for (const e of candidates) {
    let bytes: Buffer;
    try {
      bytes = await zip.read(e, { maxBytes: MAX_POLICY_BYTES });
    } catch {
      continue;
    }
    const text = decode(bytes, e.name);
    if (POLICY_WORDS.test(text.slice(0, 20000))) out.push({ source: e.name, text });
  }
  return out;
}

/** Whether a policy names the SDK by one of its usual names (case-insensitive); the name found. */
export function disclosedAs(sdkName: string, policies: readonly PolicyText[]): string | undefined {
  for (const name of policyNames(sdkName)) {
    const needle = name.toLowerCase();
    if (needle.length < 2) continue;
    if (policies.some((p) => p.text.toLowerCase().includes(needle))) return name;
  }
  return undefined;
}
