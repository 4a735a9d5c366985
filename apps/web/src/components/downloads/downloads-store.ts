/**
 * The download panel's state, shared by the header badge, the panel and the
 * report dialog: the records (polled every 5000 ms, SPEC §9), whether the
 * panel is open or minimized, and the transfers this browser runs — READY and
 * DOWNLOADING records start their transfer automatically (SPEC §4).
 */
import { useSyncExternalStore } from 'react';
import { type DownloadRecord, listDownloads, transferDownload } from '../../api/downloads.ts';
import { feedback } from '../../app/feedback.ts';

export const POLL_MS = 5000;

interface State {
  records: DownloadRecord[];
  open: boolean;
  /** Transfer progress of records this browser is fetching. */
  transfers: Record<number, number>;
}

let state: State = { records: [], open: false, transfers: {} };
const listeners = new Set<() => void>();
const started = new Set<number>();

function set(patch: Partial<State>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function useDownloads(): State {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

export const openPanel = () => set({ open: true });
export const minimizePanel = () => set({ open: false });

function startTransfers(records: DownloadRecord[]): void {
  for (const r of records) {
    if ((r.status !== 'READY' && r.status !== 'DOWNLOADING') || started.has(r.id)) continue;
    started.add(r.id);
    set({ transfers: { ...state.transfers, [r.id]: 0 } });
    transferDownload(r, (p) => set({ transfers: { ...state.transfers, [r.id]: p } }))
      .catch((err: Error) => {
        feedback.error(err.message);
        // A failed transfer may be tried again on a later poll.
        started.delete(r.id);
      })
      .finally(() => void refreshDownloads());
  }
}

export async function refreshDownloads(): Promise<void> {
  try {
    const records = await listDownloads();
    set({ records });
    startTransfers(records);
  } catch {
    // A failed poll keeps the last list; the next poll tries again.
  }
}

let timer: number | undefined;
let users = 0;

/** Starts the 5-second poll while at least one caller (the header) holds it. */
export function holdPolling(): () => void {
  users++;
  if (users === 1) {
    void refreshDownloads();
    timer = window.setInterval(() => void refreshDownloads(), POLL_MS);
  }
  return () => {
    users--;
    if (users === 0) window.clearInterval(timer);
  };
}
