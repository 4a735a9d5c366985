/**
 * What a notice attachment may be (SPEC §5, §9: images jpg or png of at most
 * 500 KB; documents of the types listed here). Checked by content, not by name:
 * the first bytes must be what the extension says. Rules as data.
 */
import { fileExtension } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';
import { TemplatedError } from '../uploads/index.ts';

export const IMAGE_MAX_BYTES = 500 * 1024;
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

type Check = (head: Buffer) => boolean;
const magic = (...bytes: number[]): Check => (head) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
const zip = magic(0x50, 0x4b, 0x03, 0x04);
/** Plain text: no NUL or other C0 controls except tab, CR, LF, FF. */
const text: Check = (head) => !head.some((b) => b === 0 || (b < 0x09) || (b > 0x0d && b < 0x20));

interface AttachmentRule {
  kind: 'image' | 'document';
  check: Check;
}

/** Extension → rule. Office Open XML files are ZIP containers (ECMA-376 Part 2). */
export const ATTACHMENT_RULES: Record<string, AttachmentRule> = {
  jpg: { kind: 'image', check: magic(0xff, 0xd8, 0xff) },
  jpeg: { kind: 'image', check: magic(0xff, 0xd8, 0xff) },
  png: { kind: 'image', check: magic(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  pdf: { kind: 'document', check: magic(0x25, 0x50, 0x44, 0x46, 0x2d) },
  docx: { kind: 'document', check: zip },
  xlsx: { kind: 'document', check: zip },
  pptx: { kind: 'document', check: zip },
  zip: { kind: 'document', check: zip },
  txt: { kind: 'document', check: text },
  md: { kind: 'document', check: text },
};

export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_RULES);

/** The byte limit for a file of this name (before reading it); refuses unknown extensions. */
export function attachmentLimit(name: string): number {
  const rule = ATTACHMENT_RULES[fileExtension(name)];
  if (!rule) throw new TemplatedError('file_only_supports', { list: ATTACHMENT_EXTENSIONS.join(', ') });
  return rule.kind === 'image' ? IMAGE_MAX_BYTES : DOCUMENT_MAX_BYTES;
}

/** Checks the whole attachment once read: size, emptiness and content against the extension. */
export function checkAttachment(name: string, bytes: Buffer): void {
  const limit = attachmentLimit(name);
  const rule = ATTACHMENT_RULES[fileExtension(name)];
  if (bytes.length === 0) fail('file_empty');
  if (bytes.length > limit) {
    if (rule?.kind === 'image') fail('image_invalid');
    throw new TemplatedError('file_too_large', { N: String(Math.round((limit / 1_048_576) * 100) / 100) });
  }
  if (!rule?.check(bytes.subarray(0, 512))) fail(rule?.kind === 'image' ? 'image_invalid' : 'wrong_file_format');
}
