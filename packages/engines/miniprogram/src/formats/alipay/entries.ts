/**
 * Which entries of an Alipay package matter, by name. Reading the archives
 * is left to engine-core/archive (ZIP for .amr, TAR for tar packages); this
 * only says what each entry is for, so the engine knows what to open.
 *
 * What we rely on (from Alipay / mPaaS offline-package descriptions; not yet
 * confirmed on a real .amr here): an .amr offline package is ZIP-compatible
 * and carries the app resources either directly or as an inner "<appId>.tar",
 * next to signature files (CERT.json); compiled mini-programs hold
 * index.worker.js (the logic layer, the counterpart of WeChat's
 * app-service.js), index.js (render layer), index.html, index.css,
 * appConfig.json / tabBar.json and api_permission (the allowed JSAPIs).
 * Source-form packages (uploads) carry mini.project.json, app.json, app.js
 * and pages as .js/.axml/.acss/.json files, sometimes with source maps.
 */

export type AlipayEntryRole =
  | 'inner-tar'
  | 'signature'
  | 'logic-bundle'
  | 'render-bundle'
  | 'page-html'
  | 'style'
  | 'app-config'
  | 'api-permission'
  | 'project-config'
  | 'app-json'
  | 'page-config'
  | 'script'
  | 'template'
  | 'source-map'
  | 'other';

/** Ordered: the first rule whose pattern matches the entry's base name or path decides. */
const RULES: { role: AlipayEntryRole; test: RegExp }[] = [
  { role: 'inner-tar', test: /\.tar(\.gz)?$/i },
  { role: 'signature', test: /(^|\/)(CERT\.json|CERT\.RSA|SIGN\.json|MANIFEST\.MF)$/i },
  { role: 'logic-bundle', test: /^index\.worker\.js$/ },
  { role: 'render-bundle', test: /^index\.js$/ }, // at the package root only: pages/x/index.js is a page script
  { role: 'page-html', test: /\.html?$/i },
  { role: 'api-permission', test: /(^|\/)api_permission(\.json)?$/ },
  { role: 'app-config', test: /(^|\/)(appConfig|tabBar|manifest)\.json$/ },
  { role: 'project-config', test: /(^|\/)mini\.project\.json$/ },
  { role: 'app-json', test: /^(\.\/)?(src\/|client\/)?app\.json$/ },
  { role: 'source-map', test: /\.map$/i },
  { role: 'page-config', test: /\.json$/i },
  { role: 'script', test: /\.(js|mjs|sjs|ts)$/i },
  { role: 'template', test: /\.axml$/i },
  { role: 'style', test: /\.(acss|css|less)$/i },
];

export function classifyAlipayEntry(name: string): AlipayEntryRole {
  const path = name.replace(/\\/g, '/').replace(/^\/+/, '');
  return RULES.find((r) => r.test.test(path))?.role ?? 'other';
}

/** Roles whose content the engine scans as code or configuration (the rest are assets). */
export const ALIPAY_SCANNED_ROLES: ReadonlySet<AlipayEntryRole> = new Set([
  'logic-bundle',
  'render-bundle',
  'page-html',
  'app-config',
  'api-permission',
  'project-config',
  'app-json',
  'page-config',
  'script',
  'template',
  'source-map',
]);
