/**
 * Scratch folders of tasks interrupted by a crash or `kill -9` (issue 18 item 10):
 * a task's input is copied to `<data>/work/task-input-<sample>-<pid>-<time>` and
 * removed when the task ends — unless the process died first. At start-up every
 * such folder whose process is gone is removed. Folders of live processes stay:
 * several worker processes on one machine may share the data folder.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

const SCRATCH = /^task-input-\d+-(\d+)-\d+$/;

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the leftovers of dead processes in `dir`; returns how many folders went. */
export async function cleanScratch(dir: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of entries) {
    const m = SCRATCH.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
