/**
 * The one generic result renderer (GUIDE "One model of results"): any engine's
 * Assessment — target information, score and band, counts per risk level,
 * filterable findings grouped by category with their rule texts and evidence,
 * third-party SDKs and unreadable inputs — so engines plug in without new UI code.
 */
export { ResultSummary } from './ResultSummary.tsx';
export { FindingsPanel, type FindingsPanelProps } from './FindingsPanel.tsx';
export { FindingCard, RiskTag } from './FindingCard.tsx';
export { EvidenceTable, CodeBlock, AttributionTag } from './EvidenceTable.tsx';
export { ResultFilterBar } from './ResultFilterBar.tsx';
export { SdkTable } from './SdkTable.tsx';
export { DEFAULT_FILTER, applyFilter, groupByCategory, type ResultFilter } from './filter.ts';
export { targetRows } from './target-fields.ts';
