/**
 * The download panel's state, shared by the header badge, the panel and the
 * report dialog: the records (polled every 5000 ms, SPEC §9, and refetched at
 * once when the WebSocket pushes a change of one of them), whether the
 * panel is open or minimized, and the transfers this browser runs — READY and
 * DOWNLOADING records start their transfer automatically (SPEC §4).
 */
import { useSyncExternalStore } from 'react';
import { type DownloadRecord, listDownloads, transferDownload } from '../../api/downloads.ts';
import { subscribeSocket } from '../../api/socket.ts';
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

/**
 * The panel is a side panel beside the page (the layout makes room for it,
 * styles.css .citadel-downloads-open), never over the page's own buttons. A
 * report request opens it once per browser session, and never again once the
 * user has minimised it (remembered in localStorage); the header icon always
 * opens it. Moving to another page closes it.
 */
const MINIMIZED_KEY = 'citadel.downloads.minimized';
const AUTO_OPENED_KEY = 'citadel.downloads.autoOpened';

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function setOpen(open: boolean): void {
  document.body.classList.toggle('citadel-downloads-open', open);
  set({ open });
}

/** The user opens the panel (header icon). */
export const openPanel = () => {
  storage('local')?.removeItem(MINIMIZED_KEY);
  setOpen(true);
};
/** The user minimises the panel: report requests no longer open it. */
export const minimizePanel = () => {
  storage('local')?.setItem(MINIMIZED_KEY, '1');
  setOpen(false);
};
/** A report was requested: the panel opens the first time, unless the user minimised it before. */
export function announceDownload(): void {
  if (state.open || storage('local')?.getItem(MINIMIZED_KEY) === '1' || storage('session')?.getItem(AUTO_OPENED_KEY) === '1') return;
  storage('session')?.setItem(AUTO_OPENED_KEY, '1');
  setOpen(true);
}
/** Another page: the panel closes (without counting as minimised). */
export function closePanelOnNavigation(): void {
  if (state.open) setOpen(false);
}

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
let unsubscribe: (() => void) | undefined;
let pushTimer: number | undefined;

/** A burst of pushes (a PDF's progress) costs one refetch. */
const PUSH_COALESCE_MS = 150;

function onPush(): void {
  if (pushTimer !== undefined) return;
  pushTimer = window.setTimeout(() => {
    pushTimer = undefined;
    void refreshDownloads();
  }, PUSH_COALESCE_MS);
}

/** Starts the 5-second poll and the push listener while at least one caller (the header) holds them. */
export function holdPolling(): () => void {
  users++;
  if (users === 1) {
    void refreshDownloads();
    timer = window.setInterval(() => void refreshDownloads(), POLL_MS);
    unsubscribe = subscribeSocket((m) => {
      if (m.type === 'download') onPush();
    });
  }
  return () => {
    users--;
    if (users === 0) {
      window.clearInterval(timer);
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };
}
