/**
 * Memory of a child process, read from Linux's /proc (the children are watched
 * from outside: a child that runs out of memory cannot be trusted to report it).
 * - resident: VmRSS now, for the limits that kill a child whose Buffers and native
 *   memory grow past what its V8 heap flag bounds;
 * - peak: VmHWM, the high-water mark, for the metrics of engine and report runs.
 *   A pooled engine child serves many runs, so its mark is reset before each run
 *   (writing 5 to clear_refs, Linux ≥ 4.0); where that is refused the caller keeps
 *   the largest resident size it polled instead.
 * Every function answers undefined when the process is gone or /proc is absent.
 */
import { readFileSync, writeFileSync } from 'node:fs';

function statusField(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | undefined {
  if (!pid) return undefined;
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident size now, in MB. */
export function residentMb(pid: number | undefined): number | undefined {
  const bytes = statusField(pid, 'VmRSS');
  return bytes === undefined ? undefined : bytes / 1048576;
}

/** Peak resident size since start (or since the last resetPeakResident), in bytes. */
export function peakResidentBytes(pid: number | undefined): number | undefined {
  return statusField(pid, 'VmHWM');
}

/** Resets the peak to the current resident size; false when the kernel refuses. */
export function resetPeakResident(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
