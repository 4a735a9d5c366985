/**
 * @citadel/engine-source: the source-code assessment engine (SAST). `engine`
 * is what the CLI and the workers load; the catalogue, the parser and the
 * taint interpreter are exported for tests, benchmarks and tools.
 */
export { SourceEngine, ENGINE_VERSION, engine, type LanguageStats } from './engine.ts';
export { SOURCE_CATALOGUE, ruleId } from './catalogue/index.ts';
export { analyseCode, SINK_RULE, type RawHit, type FileResult } from './checks/analyse-file.ts';
export { parseSource, type ParseResult } from './parse/parser.ts';
export { LANGUAGE_IDS, type LanguageId, type Syn } from './parse/syntax.ts';
export { kindOf, countLines, SKIPPED_FOLDERS } from './input/languages.ts';
