/**
 * Alipay mini-program packages: which entries of an .amr (ZIP) or tar
 * package matter and what for, and the mini.project.json / app.json readers.
 * The archives themselves are read by engine-core/archive.
 */
export { classifyAlipayEntry, ALIPAY_SCANNED_ROLES, type AlipayEntryRole } from './entries.ts';
export { readMiniProjectJson, readAlipayAppJson, type MiniProjectJson, type AlipayAppJson } from './project-json.ts';
