/**
 * @citadel/cli: `npm run scan` for pipelines — runs an engine offline on files,
 * a folder or a URL and writes JSON or SARIF 2.1.0. The entry point is main.ts.
 */
export { runCli, reaches, EXIT, type CliIo } from './scan.ts';
export { parseArgs, USAGE, UsageError, type ScanArgs } from './args.ts';
export { ENGINE_PACKAGES, loadEngines, isEngine, type LoadedEngines } from './engines.ts';
export { PLATFORM_PACKAGES, loadEnginesFor } from './platform-engines.ts';
