/**
 * Child process that renders one report: a huge report (thousands of findings,
 * a PDF of hundreds of pages) uses its own CPU and heap and never blocks the
 * API's event loop. Input and output travel over IPC (advanced serialization).
 */
import { type LedgerOptions, type LedgerRow, type ReportInput, type ReportOptions, renderLedgerXlsx, renderReport } from '@citadel/reports';

/** A task's report, or the EXCEL export of assessments over a period. */
export type RenderRequest = { type: 'render'; input: ReportInput; options: Omit<ReportOptions, 'onProgress'> } | { type: 'ledger'; rows: LedgerRow[]; options: LedgerOptions };
export type RenderMessage = { type: 'progress'; done: number; total: number } | { type: 'ok'; bytes: Uint8Array } | { type: 'failed'; message: string; font?: boolean };

const send = (m: RenderMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

process.once('message', async (req: RenderRequest) => {
  try {
    const bytes =
      req.type === 'ledger' ? await renderLedgerXlsx(req.rows, req.options) : await renderReport(req.input, { ...req.options, onProgress: (done, total) => void send({ type: 'progress', done, total }) });
    await send({ type: 'ok', bytes });
  } catch (err) {
    // A missing CJK font is the administrator's to fix; the user is told so in their language (report_font_missing).
    await send({ type: 'failed', message: (err as Error).message || String(err), ...((err as Error).name === 'FontNotFoundError' ? { font: true } : {}) });
  }
  process.exit(0);
});
