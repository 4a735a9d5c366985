/**
 * Early validation of an upload (SPEC §5): the extension must be in the kind's
 * accept list ("File only supports …"), the size under the limit
 * ("文件大小不能超过{N}MB"), the file not empty. Messages with parameters are
 * AppErrors whose text is filled in per language by fillMessage().
 */
import { ERROR_CATALOGUE, UPLOAD_KINDS, type ErrorCode, type UploadKind, fileExtension, uploadLimitBytes } from '@citadel/contracts';
import { AppError } from '../../http/app-error.ts';
import { isCheckedExtension } from './content-check.ts';

/** An AppError whose catalogue text has {placeholders}. */
export class TemplatedError extends AppError {
  constructor(
    code: ErrorCode,
    readonly params: Record<string, string>,
  ) {
    super(code, fillMessage(ERROR_CATALOGUE[code].en, params));
  }
}

export function fillMessage(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The limit in MB as the message shows it: 4096, 0.5. */
const mb = (bytes: number) => String(Math.round((bytes / 1_048_576) * 100) / 100);

/** A file name fit for display and Content-Disposition: the last path segment, no control characters, at most 200 characters. */
export function safeFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = base === '.' || base === '..' ? '' : base;
  if (!name) return 'file';
  if (name.length <= 200) return name;
  const ext = fileExtension(name);
  return ext ? `${name.slice(0, 199 - ext.length)}.${ext}` : name.slice(0, 200);
}

export function isUploadKind(kind: string): kind is UploadKind {
  return Object.hasOwn(UPLOAD_KINDS, kind);
}

/** Checks name and size against the kind's rules; returns the accepted extension. */
export function checkUploadTarget(kind: UploadKind, name: string, size: number, defaultMaxMb: number): string {
  const rule = UPLOAD_KINDS[kind];
  const extension = fileExtension(name);
  if (!rule.extensions.includes(extension) || !isCheckedExtension(extension)) {
    throw new TemplatedError('file_only_supports', { list: rule.extensions.join(', ') });
  }
  const limit = uploadLimitBytes(kind, defaultMaxMb);
  if (size >= limit) throw new TemplatedError('file_too_large', { N: mb(limit) });
  if (size === 0) throw new AppError('file_empty');
  return extension;
}
