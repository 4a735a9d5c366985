/**
 * @citadel/engine-compliance: the personal-information compliance assessment
 * (platform `compliance`). Android packages are analysed statically — the
 * personal-information API call sites and who makes them, collection and SDK
 * start before consent with the call path, permissions requested vs used,
 * self-start and associated start, cleartext endpoints, the privacy policy vs
 * the SDKs found — and the result is grouped by regulation clause
 * (GB/T 41391-2022, GB/T 35273-2020, 认定方法, 工信部164号文). What only a
 * device can establish is listed as not executed, "needs a device".
 */
export { ComplianceEngine, ENGINE_VERSION, NEEDS_DEVICE, engine } from './engine.ts';
export { COMPLIANCE_CATALOGUE } from './catalogue/items.ts';
export { CLAUSES, type Clause } from './catalogue/clauses.ts';
export { PI_APIS, PI_TYPES, PI_TYPE_INFO, type PiType, type PiApi } from './data/pi-apis.ts';
export type { ClauseResult, SdkRow, Verdict } from './result/summary.ts';
