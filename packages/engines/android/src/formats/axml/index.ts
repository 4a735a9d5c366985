/**
 * Binary XML (AXML) of APKs: AndroidManifest.xml and compiled res/xml files,
 * read into the shared element tree (../xml-tree).
 */
export { parseAxml, DEFAULT_AXML_LIMITS, type AxmlLimits } from './parse-axml.ts';
