/**
 * What every check gets: engine-core's keyed check context (short keys such
 * as "privacy.before_consent" become miniprogram.* or alipay.* ids; keys a
 * platform lacks are ignored), the unpacked project, and the per-file facts
 * of one tokenizer pass over each script, computed once and shared by all
 * checks.
 */
import type { Evidence } from '@citadel/contracts';
import { type AssessmentBuilder, type Catalogue, KeyedCheckContext } from '@citadel/engine-core';
import { ID_PREFIX } from '../catalogue/index.ts';
import { lineIndex } from '../formats/index.ts';
import { type JsFacts, scanJs } from '../js/scan.ts';
import type { MiniPlatform, MiniProject, ProjectFile } from '../project/model.ts';

/** Objects whose member calls are platform APIs: the platform's own and the cross-platform frameworks'. */
export const NAMESPACES: Record<MiniPlatform, ReadonlySet<string>> = {
  miniprogram: new Set(['wx', 'uni', 'Taro']),
  alipay_miniprogram: new Set(['my', 'uni', 'Taro']),
};

const CONSTRUCTORS: ReadonlySet<string> = new Set(['VConsole']);
const SNIPPET_CHARS = 160;

export interface ScriptFacts {
  file: ProjectFile & { text: string };
  facts: JsFacts;
}

export class CheckContext extends KeyedCheckContext {
  private scriptFacts?: ScriptFacts[];
  private readonly lineCache = new Map<ProjectFile, (offset: number) => number>();

  constructor(
    readonly project: MiniProject,
    builder: AssessmentBuilder,
    catalogue: Catalogue,
  ) {
    super(builder, catalogue, ID_PREFIX[project.platform]);
  }

  get platform(): MiniPlatform {
    return this.project.platform;
  }

  /** Files with text. */
  texts(): (ProjectFile & { text: string })[] {
    return this.project.files.filter((f): f is ProjectFile & { text: string } => f.text !== undefined);
  }

  /** One tokenizer pass per script file, done on first use. */
  scripts(): ScriptFacts[] {
    if (!this.scriptFacts) {
      this.scriptFacts = [];
      const namespaces = NAMESPACES[this.platform];
      for (const file of this.texts()) {
        if (file.role !== 'script') continue;
        this.builder.throwIfAborted();
        this.scriptFacts.push({ file, facts: scanJs(file.text, { namespaces, constructors: CONSTRUCTORS }) });
      }
    }
    return this.scriptFacts;
  }

  /** Evidence at an offset of a file: path, 1-based line, and the code around the offset. */
  at(file: ProjectFile, index: number, extra: Evidence = {}): Evidence {
    const text = file.text ?? '';
    let lines = this.lineCache.get(file);
    if (!lines) {
      lines = lineIndex(text);
      this.lineCache.set(file, lines);
    }
    return { file: file.path, line: lines(index), snippet: snippetAt(text, index), ...extra };
  }
}

/** A predicate true the first time it sees a key: one evidence entry per distinct value. */
export function firstTime(max = 100_000): (key: string) => boolean {
  const seen = new Set<string>();
  return (key) => {
    if (seen.has(key) || seen.size >= max) return false;
    seen.add(key);
    return true;
  };
}

/** The line around an offset, or a window of it when the line is long (minified code). */
export function snippetAt(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let lineEnd = text.indexOf('\n', index);
  if (lineEnd < 0) lineEnd = text.length;
  const from = Math.max(lineStart, index - SNIPPET_CHARS / 4);
  const to = Math.min(lineEnd, from + SNIPPET_CHARS);
  return `${from > lineStart ? '…' : ''}${text.slice(from, to).trim()}${to < lineEnd ? '…' : ''}`;
}
