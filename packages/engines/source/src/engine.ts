/**
 * The source-code engine (SAST): a folder, zip or tar(.gz) of a project in,
 * an Assessment out. Files are read one at a time; each code file is parsed
 * with tree-sitter and analysed (taint interpreter, call and syntax rules,
 * secrets), configuration files are checked, and languages and lines are
 * counted. The score is the shared engine-core formula (see SCORING.md next
 * to this engine).
 */
import type { Assessment, Evidence, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, type EngineOptions, singleInputFile, startAssessment } from '@citadel/engine-core';
import { SOURCE_CATALOGUE, ruleId } from './catalogue/index.ts';
import { analyseCode, type RawHit, secretHits } from './checks/analyse-file.ts';
import { checkAndroidManifest, checkInfoPlist, checkNetworkSecurityConfig } from './checks/config.ts';
import { type CollectLimits, DEFAULT_COLLECT_LIMITS, collectFiles, detectInput, looksBinary } from './input/collect.ts';
import { countLines, kindOf } from './input/languages.ts';
import { flowOf, regionOf, snippetAt, stepsText } from './evidence.ts';
import { loadParsers } from './parse/parser.ts';
import type { LanguageId } from './parse/syntax.ts';
import { checkRazor } from './checks/razor.ts';
import { CSHARP_DIALECT, GO_DIALECT, JsProject, PYTHON_DIALECT, type ProjectSource } from './project/js-project.ts';
import { ProjectProperties } from './project/properties.ts';
import { groupOf } from './taint/syntax-profile.ts';

export const ENGINE_VERSION = '0.2.0';
/** JS/TS and Java text kept for the analysis after the walk (characters); files past it are analysed alone, when read. */
const MAX_PROJECT_JS_CHARS = 256 * 1024 * 1024;

export interface LanguageStats {
  language: string;
  files: number;
  lines: number;
}

export class SourceEngine implements Engine {
  readonly name = 'source';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = ['source'];
  readonly catalogue = SOURCE_CATALOGUE;

  constructor(private readonly limits: CollectLimits = DEFAULT_COLLECT_LIMITS) {}

  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    try {
      if (/\.(tar|tgz|tar\.gz)$/i.test(fileName)) return 'source';
      if (/\.zip$/i.test(fileName) && head.length >= 2 && head[0] === 0x50 && head[1] === 0x4b) return 'source';
      return undefined;
    } catch {
      return undefined;
    }
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    const file = singleInputFile(input, ctx);
    const kind = await detectInput(file.path, file.name);
    const b = startAssessment(this, 'source', options, ctx);
    const skippedFolders = new Map<string, number>();
    const notes = { skippedFolders, note: (f: string, reason: string) => b.unreadable(f, reason) };
    const stats = new Map<string, LanguageStats>();
    let totalLines = 0;
    let totalFiles = 0;
    let totalBytes = 0;
    const wants = (key: string) => b.isSelected(ruleId(key));
    // JS/TS files are analysed after the walk, as one project (flows across their imports); Java
    // files too, once the project's .properties files (configuration values they read) are known.
    const jsFiles = new Map<string, ProjectSource>();
    const javaFiles = new Map<string, ProjectSource>();
    // Python files too: flows across their imports (python-modules.ts).
    const pyFiles = new Map<string, ProjectSource>();
    // Go files too: the files of a package see each other's functions and methods (go-packages.ts).
    const goFiles = new Map<string, ProjectSource>();
    // C# files too: calls through a declared type into a class of another file (csharp-types.ts).
    const csFiles = new Map<string, ProjectSource>();
    const properties = new ProjectProperties();
    let jsBytes = 0;
    const project = new JsProject(jsFiles);
    const pyProject = new JsProject(pyFiles, PYTHON_DIALECT);
    const goProject = new JsProject(goFiles, GO_DIALECT);
    const csProject = new JsProject(csFiles, CSHARP_DIALECT);
    // Razor views, checked after the C# files (which ViewBag/ViewData keys carry request data).
    const razorFiles = new Map<string, string>();
    const viewData = new Set<string>();
    const projectOf = (path: string) => (h: RawHit) => {
      const f = h.file ?? path;
      return pyFiles.has(f) ? pyProject : goFiles.has(f) ? goProject : csFiles.has(f) ? csProject : project;
    };
    const reported = new Set<string>();
    const record = (path: string, text: string, hits: readonly RawHit[]) => {
      for (const h of hits) {
        const file = h.file ?? path;
        const fileText = h.file ? (projectOf(path)(h).text(h.file) ?? '') : text;
        if (h.file || jsFiles.has(path) || pyFiles.has(path) || goFiles.has(path) || csFiles.has(path)) {
          // A sink in a module is reached from several importers: one evidence per place.
          const k = `${file}:${h.key}:${h.start}`;
          if (reported.has(k)) continue;
          reported.add(k);
        }
        const ev: Evidence = { file, ...regionOf(fileText, h.line, h.start, h.end), offset: h.start, snippet: snippetAt(fileText, h.start, h.end), ...(h.steps?.length ? { flow: flowOf(h.steps, file, h.line, fileText, h.start, h.end) } : {}) };
        const detail = [h.detail, h.steps ? stepsText(h.steps, file) : undefined].filter(Boolean).join('\n');
        b.finding(ruleId(h.key), detail ? { ...ev, detail } : ev);
      }
    };
    const analyse = async (path: string, text: string, lang: LanguageId, inProject: JsProject | undefined) => {
      try {
        const r = await analyseCode(text, lang, wants, { file: path, properties, viewData, ...(inProject ? { project: inProject } : {}) });
        record(path, text, r.hits);
        if (r.partial) b.unreadable(path, r.partial);
      } catch (e) {
        b.unreadable(path, `analysis failed: ${(e as Error).message}`);
      }
    };
    b.setPhase('code');
    for await (const f of collectFiles(file.path, kind, this.limits, notes, ctx.signal)) {
      b.throwIfAborted();
      const k = kindOf(f.path);
      if (k.kind === 'other' || looksBinary(f.bytes)) continue;
      const text = f.bytes.toString('utf8');
      const lines = countLines(text);
      totalFiles++;
      totalBytes += f.size;
      totalLines += lines;
      const s = stats.get(k.display) ?? { language: k.display, files: 0, lines: 0 };
      s.files++;
      s.lines += lines;
      stats.set(k.display, s);
      if (k.kind === 'code') {
        const group = groupOf(k.lang);
        if ((group === 'js' || group === 'java' || group === 'python' || group === 'go' || group === 'csharp') && jsBytes + text.length <= MAX_PROJECT_JS_CHARS) {
          (group === 'js' ? jsFiles : group === 'python' ? pyFiles : group === 'go' ? goFiles : group === 'csharp' ? csFiles : javaFiles).set(f.path, { lang: k.lang, text });
          jsBytes += text.length;
        } else await analyse(f.path, text, k.lang, undefined);
      } else {
        if (f.path.endsWith('.properties')) properties.add(text);
        if (/\.(cshtml|razor)$/i.test(f.path) && razorFiles.size < 20_000) razorFiles.set(f.path, text);
        const hits: RawHit[] = [];
        const base = f.path.slice(f.path.lastIndexOf('/') + 1);
        const cfg = base === 'AndroidManifest.xml' ? checkAndroidManifest(text) : base === 'network_security_config.xml' ? checkNetworkSecurityConfig(text) : /\.plist$/.test(base) ? checkInfoPlist(text) : [];
        for (const c of cfg) if (wants(c.key)) hits.push({ key: c.key, line: c.line, start: lineStart(text, c.line), end: lineStart(text, c.line + 1) - 1, detail: c.detail });
        if (wants('secrets.hardcoded_secret')) secretHits(text, (h) => hits.push(h));
        record(f.path, text, hits);
      }
    }
    for (const [path, s] of javaFiles) {
      b.throwIfAborted();
      await analyse(path, s.text, s.lang, undefined);
    }
    if (pyFiles.size > 0) {
      await loadParsers([...pyFiles.values()].map((s) => s.lang));
      for (const [path, s] of pyFiles) {
        b.throwIfAborted();
        await analyse(path, s.text, s.lang, pyProject);
      }
      if (pyProject.limited) b.unreadable('(project)', 'cross-file data flow (Python): the allowance for parsing imported modules ran out, so some later calls into other modules were not followed');
    }
    if (goFiles.size > 0) {
      await loadParsers([...goFiles.values()].map((s) => s.lang));
      for (const [path, s] of goFiles) {
        b.throwIfAborted();
        await analyse(path, s.text, s.lang, goProject);
      }
      if (goProject.limited) b.unreadable('(project)', 'cross-file data flow (Go): the allowance for parsing the package\'s other files ran out, so some later calls into them were not followed');
    }
    if (csFiles.size > 0) {
      await loadParsers([...csFiles.values()].map((s) => s.lang));
      for (const [path, s] of csFiles) {
        b.throwIfAborted();
        await analyse(path, s.text, s.lang, csProject);
      }
      if (csProject.limited) b.unreadable('(project)', 'cross-file data flow (C#): the allowance for parsing the project\'s other files ran out, so some later calls into them were not followed');
    }
    if (wants('injection.xss')) {
      for (const [path, text] of razorFiles) {
        const hits: RawHit[] = checkRazor(text, viewData).map((h) => ({ key: 'injection.xss', line: h.line, start: h.start, end: h.end, detail: h.detail }));
        record(path, text, hits);
      }
    }
    if (jsFiles.size > 0) {
      await loadParsers([...jsFiles.values()].map((s) => s.lang));
      for (const [path, s] of jsFiles) {
        b.throwIfAborted();
        await analyse(path, s.text, s.lang, project);
      }
      if (project.limited) b.unreadable('(project)', 'cross-file data flow (JS/TS): the allowance for parsing imported modules ran out, so some later calls into other modules were not followed');
    }
    for (const id of b.selectedIds()) b.checked(id);
    const languages = [...stats.values()].sort((x, y) => y.lines - x.lines);
    Object.assign(b.target, {
      fileName: file.name,
      size: file.size ?? totalBytes,
      totalLines,
      totalFiles,
      languages,
      linesPerLanguage: Object.fromEntries(languages.map((l) => [l.language, l.lines])),
      skippedFolders: [...skippedFolders].map(([folder, files]) => ({ folder, files })),
      version: input.files[0]?.name.match(/(\d+\.\d+(?:\.\d+)?)/)?.[1] ?? '',
      inputKind: kind,
    });
    if (skippedFolders.size > 0) b.unreadable('(skipped folders)', `vendored or generated folders not analysed: ${[...skippedFolders.keys()].slice(0, 30).join(', ')}${skippedFolders.size > 30 ? ' …' : ''}`);
    return b.build();
  }
}

function lineStart(text: string, line: number): number {
  let i = 0;
  for (let l = 1; l < line && i !== -1; l++) i = text.indexOf('\n', i) + 1 || text.length + 1;
  return Math.min(i, text.length);
}

export const engine = new SourceEngine();
