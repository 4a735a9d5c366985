/**
 * Where a ZIP's central directory and end record sit, plus random access to its
 * bytes: what readers of blocks stored just before the central directory (the
 * APK Signing Block, the HAP signing block) need. ZipArchive satisfies it, and
 * so can a plain buffer.
 */
export interface ZipLayout {
  size: number;
  readAt(offset: number, length: number): Promise<Uint8Array> | Uint8Array;
  centralDirectoryOffset: number;
  eocdOffset: number;
}
