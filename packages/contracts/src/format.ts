/** Display formats of SPEC §9. */

/** KB, MB, GB or TB, moving up a unit above 1000 of the previous, with two decimals. */
export function formatFileSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value > 1000 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)}${units[unit]}`;
}

/** The upload widget's MB: bytes / 1048576 with two decimals. */
export function formatUploadMb(bytes: number): string {
  return (bytes / 1048576).toFixed(2);
}

/** SPEC §4 task percentage: finished over total, rounded, 0 when either is 0. */
export function taskPercent(finished: number, total: number): number {
  if (!finished || !total) return 0;
  return Math.round((finished / total) * 100);
}
