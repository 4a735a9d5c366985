/**
 * Code: eval / new Function, sensitive values written to local storage,
 * debug switches, source maps, sensitive data in console calls, outdated
 * bundled libraries (banner table in libraries.ts) and third-party plugins.
 */
import { type CheckContext, firstTime } from './context.ts';
import { findLibraries } from './libraries.ts';

export const CODE_KEYS = ['code.dynamic_code', 'code.sensitive_storage', 'code.debug_enabled', 'code.source_maps', 'code.sensitive_logging', 'code.outdated_libraries', 'code.third_party_plugins'] as const;

/** Storage keys and logged names that denote credentials or personal data. */
export const SENSITIVE_NAME = /(?:token|passw(?:or)?d|pwd|secret|session|cookie|phone|mobile|idcard|id_card|idno|identity|openid|unionid|user_?info|real_?name|bank_?card|credential|authorization)/i;
const STORAGE_APIS = new Set(['setStorage', 'setStorageSync']);
const SOURCE_MAPPING_URL = /\/\/[#@]\s*sourceMappingURL=(\S{1,2000})\s*$/;

export async function codeChecks(c: CheckContext): Promise<void> {
  if (!c.wants(...CODE_KEYS)) return;
  const scripts = c.scripts();

  await c.run(['code.dynamic_code', 'code.sensitive_storage', 'code.sensitive_logging'], () => {
    const once = firstTime();
    for (const { file, facts } of scripts) {
      for (const d of facts.dynamicCode) c.fail('code.dynamic_code', c.at(file, d.index, { detail: d.what }));
      for (const call of facts.calls) {
        if (!STORAGE_APIS.has(call.api)) continue;
        const key = call.firstString ?? (call.props.key?.kind === 'string' ? call.props.key : undefined);
        if (key && SENSITIVE_NAME.test(key.value) && once(`store|${file.path}|${key.value}`)) c.fail('code.sensitive_storage', c.at(file, call.index, { detail: `${call.ns}.${call.api} key "${key.value.slice(0, 100)}"` }));
      }
      for (const log of facts.consoleCalls) {
        const hit = log.words.find((w) => SENSITIVE_NAME.test(w));
        if (hit && once(`log|${file.path}|${log.index}`)) c.fail('code.sensitive_logging', c.at(file, log.index, { detail: `console.${log.api} with "${hit.slice(0, 100)}"` }));
      }
    }
  });

  await c.run(['code.debug_enabled'], () => {
    const config = c.project.appConfig;
    if (config?.debug === true) {
      const file = c.project.files.find((f) => f.path === c.project.appConfigPath);
      const idx = file?.text?.indexOf('"debug"') ?? -1;
      c.fail('code.debug_enabled', file && idx >= 0 ? c.at(file, idx, { detail: 'debug: true' }) : { file: c.project.appConfigPath, detail: 'debug: true' });
    }
    for (const { file, facts } of scripts) {
      for (const call of facts.calls) {
        if (call.api === 'setEnableDebug' && call.props.enableDebug?.value === 'true') c.fail('code.debug_enabled', c.at(file, call.index, { detail: `${call.ns}.setEnableDebug({ enableDebug: true })` }));
      }
      for (const k of facts.constructed) c.fail('code.debug_enabled', c.at(file, k.index, { detail: `new ${k.name}(): debug console bundled` }));
    }
  });

  await c.run(['code.source_maps'], () => {
    for (const file of c.project.files) {
      if (file.role === 'source-map') c.fail('code.source_maps', { file: file.path, detail: `${file.size} bytes${file.text?.includes('"sourcesContent"') ? ', with sourcesContent (full original source)' : ''}` });
      else if (file.role === 'script' && file.text) {
        const tail = file.text.slice(-2100);
        const m = SOURCE_MAPPING_URL.exec(tail);
        if (m) c.fail('code.source_maps', c.at(file, file.text.length - tail.length + m.index, { detail: `sourceMappingURL=${m[1]!.slice(0, 100)}` }));
      }
    }
  });

  await c.run(['code.outdated_libraries'], () => {
    const once = firstTime();
    for (const { file } of scripts) {
      c.builder.throwIfAborted();
      for (const hit of findLibraries(file.text)) {
        if (!once(`${hit.name}|${hit.version}|${file.path}`)) continue;
        c.builder.addSdk({ name: hit.name, category: 'other', matched: file.path, version: hit.version });
        if (hit.outdated) c.fail('code.outdated_libraries', c.at(file, hit.index, { detail: `${hit.name} ${hit.version}: ${hit.banner.advisory}, fixed in ${hit.banner.firstSafe.join(' / ')}` }));
      }
    }
  });

  await c.run(['code.third_party_plugins'], () => {
    for (const p of c.project.appConfig?.plugins ?? []) {
      c.builder.addSdk({ name: `plugin ${p.alias}`, category: 'other', matched: p.provider ?? p.alias, ...(p.version ? { version: p.version } : {}) });
      c.problem('code.third_party_plugins', { file: c.project.appConfigPath, snippet: p.alias, detail: `plugin "${p.alias}" from ${p.provider ?? 'unknown provider'}${p.version ? ` version ${p.version}` : ''}` });
    }
  });
}
