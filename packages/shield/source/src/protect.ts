/**
 * The protection of a compiled project in memory: compiled TypeScript sources
 * and source maps removed, every own script (.js, .cjs, .mjs outside
 * node_modules and the excluded paths) obfuscated for Node by strategy.
 * node_modules, native addons (.node), declaration files and every other file
 * are passed on byte for byte. Pure: no disk, no child process.
 */
import { randomInt } from 'node:crypto';
import { isExcluded, parsesOnlyAsModule, selfDefendingDetail, valuesForScript, type AppliedProtection, type StrategyValues } from '@citadel/shield-core';
import { moduleKind } from './entries.ts';
import { obfuscateScript } from './obfuscate.ts';
import { APPLIED } from './texts.ts';

export const isScript = (p: string) => /\.(m?js|cjs)$/i.test(p);
export const isSourceMap = (p: string) => /\.map$/i.test(p);
export const isVendor = (p: string) => /(^|\/)node_modules\//.test(p);
const SOURCE_MAP_COMMENT = /^[ \t]*\/\/[#@][ \t]*sourceMappingURL=.*$/gm;

export interface ProtectOutcome {
  files: Map<string, Buffer>;
  applied: AppliedProtection[];
  protectedFiles: string[];
  removedTypeScript: string[];
  removedSourceMaps: number;
}

export function protectProject(compiled: Map<string, Buffer>, compiledSources: string[], s: StrategyValues): ProtectOutcome {
  const files = new Map(compiled);
  const exclude = (s.exclude as string[] | undefined) ?? [];
  const removedTypeScript = compiledSources.filter((p) => files.delete(p));
  let removedSourceMaps = 0;
  for (const p of [...files.keys()]) {
    if (isVendor(p)) continue;
    if (isSourceMap(p) || /\.tsbuildinfo$/i.test(p)) {
      files.delete(p);
      if (isSourceMap(p)) removedSourceMaps++;
    }
  }
  const protectedFiles: string[] = [];
  const selfDefendingDropped: string[] = [];
  let leftAlone = 0;
  for (const [p, data] of files) {
    if (isVendor(p) || !isScript(p)) continue;
    const code = data.toString('utf8').replace(SOURCE_MAP_COMMENT, '');
    if (isExcluded(p, exclude)) {
      leftAlone++;
      files.set(p, Buffer.from(code, 'utf8'));
      continue;
    }
    // a .js file that only parses as a module in a package without "type" is loaded as one by Node 22 (and 20.19: syntax detection)
    const commonjs = /\.cjs$/i.test(p) || (moduleKind(files, p) === 'commonjs' && !parsesOnlyAsModule(code));
    const { values, selfDefendingDropped: dropped } = valuesForScript(s, code);
    if (dropped) selfDefendingDropped.push(p);
    files.set(p, Buffer.from(obfuscateScript({ label: p, code, commonjs }, values, randomInt(1, 2 ** 31 - 1)), 'utf8'));
    protectedFiles.push(p);
  }

  const applied: AppliedProtection[] = [];
  const add = (id: keyof typeof APPLIED, detail?: string) => applied.push({ id, title: APPLIED[id], ...(detail ? { detail } : {}) });
  if (compiledSources.length) add('compile', `${compiledSources.length} files`);
  if (protectedFiles.length) {
    add('obfuscate', `${protectedFiles.length} files`);
    if (s.renameGlobals) add('renameGlobals');
    if (s.stringArray) add('stringArray', `${s.stringArrayEncoding}, ${s.stringArrayThreshold}`);
    if ((s.controlFlowFlattening as number) > 0) add('controlFlowFlattening', String(s.controlFlowFlattening));
    if ((s.deadCodeInjection as number) > 0) add('deadCodeInjection', String(s.deadCodeInjection));
    if (s.numbersToExpressions) add('numbersToExpressions');
    if (s.splitStrings) add('splitStrings');
    if (s.selfDefending) add('selfDefending', selfDefendingDetail(selfDefendingDropped));
    if (s.expiresAt) add('expiresAt', String(s.expiresAt));
  }
  if (removedTypeScript.length) add('typeScriptRemoved', `${removedTypeScript.length} files`);
  add('sourceMaps', `${removedSourceMaps} files`);
  const vendor = [...files.keys()].filter(isVendor).length;
  const addons = [...files.keys()].filter((p) => /\.node$/i.test(p)).length;
  add('leftAlone', `node_modules ${vendor} files, .node ${addons}, excluded ${leftAlone}`);
  return { files, applied, protectedFiles, removedTypeScript, removedSourceMaps };
}
