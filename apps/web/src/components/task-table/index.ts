/**
 * The Task table of SPEC §2 (search panel, batch bar, pagination, live updates)
 * and the SPEC §4 task display rules it applies; used by every evaluation list,
 * Tools → task ledger and Workbench → my tasks.
 */
export { TaskTable, type TaskTableProps } from './TaskTable.tsx';
export { StatusCell, ProgressCell, ScoreCell, BAND_COLOURS } from './cells.tsx';
export { progressView, statusKey, mergePush } from './task-display.ts';
export { taskAbilities } from './abilities.ts';
export { resultPath, createPath, listPath, pagePlatform, evaluationTitle } from './evaluation-routes.ts';
export { formatTime } from './format.ts';
