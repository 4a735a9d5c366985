/**
 * resources.arsc: resolve @string/… (the app label, localized) and @xml/…
 * file paths (the network security config) from resource ids.
 */
export { parseArsc, ResourceTable, type ResourceEntryValue } from './parse-arsc.ts';
export type { ResourceConfig } from './config.ts';
