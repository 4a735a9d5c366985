/** The download center in the browser (issue 9): the report dialog, the download progress panel and their shared state, and the EXCEL export by date. */
export { DownloadPanel, PANEL_OFFSET } from './DownloadPanel.tsx';
export { ReportDialog, rangesFor, formatsFor } from './ReportDialog.tsx';
export { useDownloads, openPanel, minimizePanel, announceDownload, closePanelOnNavigation, refreshDownloads, holdPolling, POLL_MS } from './downloads-store.ts';
export { ReportButton } from './ReportButton.tsx';
export { ExcelExportByDate } from './ExcelExportByDate.tsx';
