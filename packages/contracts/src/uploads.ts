/**
 * Upload rules shared by the browser's upload widget and the server (SPEC §5,
 * §7, §9): which extensions each kind of upload accepts, its size limit, the
 * chunk size of the chunked protocol, and how samples are classified for
 * retention. The server additionally checks the content (magic bytes).
 */

/** SPEC §9: upload chunk size. */
export const UPLOAD_CHUNK_SIZE = 5_242_880;
/** Most chunks one upload may have (bounds the server's bookkeeping). */
export const UPLOAD_MAX_CHUNKS = 10_000;

/** Retention classes: install, SDK and source files are deleted after the retention period (SPEC §9). */
export type SampleCategory = 'install' | 'sdk' | 'source' | 'firmware' | 'image';

export type UploadKind =
  | 'android'
  | 'ios'
  | 'harmony'
  | 'harmony_next'
  | 'android_sdk'
  | 'ios_sdk'
  | 'source'
  | 'miniprogram'
  /** Alipay mini-program packages: .amr offline packages (ZIP), zip or tar (the mini-program engine reads them). */
  | 'alipay_miniprogram'
  | 'firmware'
  | 'image'
  /** Any assessment target (the sample management page). */
  | 'target';

export interface UploadKindRule {
  /** Lower-case extensions without the dot; 'tar.gz' is matched as a double extension. */
  extensions: readonly string[];
  /** A file at or above maxMb × 1048576 bytes is refused (SPEC §5). Undefined: the server's CITADEL_UPLOAD_MAX_MB. */
  maxMb?: number;
}

const INSTALL = ['apk', 'aab', 'xapk', 'apks', 'ipa', 'hap', 'app', 'wxapkg'] as const;

export const UPLOAD_KINDS: Record<UploadKind, UploadKindRule> = {
  android: { extensions: ['apk', 'aab', 'xapk', 'apks'] },
  ios: { extensions: ['ipa'] },
  harmony: { extensions: ['hap', 'app'] },
  harmony_next: { extensions: ['hap', 'app'] },
  android_sdk: { extensions: ['aar', 'jar'] },
  ios_sdk: { extensions: ['zip'] },
  source: { extensions: ['zip', 'tar.gz', 'tgz'] },
  miniprogram: { extensions: ['wxapkg'] },
  alipay_miniprogram: { extensions: ['amr', 'zip', 'tar'] },
  firmware: { extensions: ['bin', 'img', 'trx'] },
  // SPEC §5/§9: avatars and attachments, jpg or png up to 500 kb.
  image: { extensions: ['jpg', 'jpeg', 'png'], maxMb: 0.5 },
  target: { extensions: [...INSTALL, 'aar', 'jar', 'zip', 'tar.gz', 'tgz', 'bin', 'img', 'trx'] },
};

export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as UploadKind[];

/** The retention class of a stored file, from its extension. */
export function sampleCategory(extension: string): SampleCategory {
  if ((INSTALL as readonly string[]).includes(extension)) return 'install';
  // Alipay mini-program packages are install packages too.
  if (extension === 'amr' || extension === 'tar') return 'install';
  if (extension === 'aar' || extension === 'jar') return 'sdk';
  if (['zip', 'tar.gz', 'tgz'].includes(extension)) return 'source';
  if (['jpg', 'jpeg', 'png'].includes(extension)) return 'image';
  return 'firmware';
}

/** The lower-case extension of a file name ('tar.gz' counts as one), or '' when it has none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (base.endsWith('.tar.gz')) return 'tar.gz';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}

/** The accept list as the widget shows it: ".apk,.aab". */
export function acceptList(kind: UploadKind): string {
  return UPLOAD_KINDS[kind].extensions.map((e) => `.${e}`).join(',');
}

/** The size limit in bytes for a kind, given the server-wide default in MB. */
export function uploadLimitBytes(kind: UploadKind, defaultMb: number): number {
  return Math.floor((UPLOAD_KINDS[kind].maxMb ?? defaultMb) * 1_048_576);
}

/** SPEC §3 uploaded file as the upload endpoints answer it: name, path (storage key), size, md5, plus the sample it became. */
export interface UploadedFile {
  name: string;
  path: string;
  size: number;
  md5: string;
  sample_id: number;
  /** The customer already had this content; the existing sample was reused. */
  exists: boolean;
}

/** /file/upload/part and /file/upload/status: where a chunked upload stands. */
export interface UploadStatus {
  uid: string;
  state: 'receiving' | 'assembling' | 'done' | 'failed';
  chunks: number;
  /** Indexes of the chunks the server holds (the rest must be sent). */
  received: number[];
  file?: UploadedFile;
  error?: string;
  message?: string;
}

/** A row of /sample/list. */
export interface SampleItem {
  id: number;
  name: string;
  size: number;
  md5: string;
  sha256: string;
  extension: string;
  category: SampleCategory;
  path: string;
  uploader_id: number | null;
  uploader_name: string;
  customer_id: number;
  created_at: number;
  /** Retention removed the stored file; the row stays. */
  cleaned: boolean;
  task_count: number;
}
