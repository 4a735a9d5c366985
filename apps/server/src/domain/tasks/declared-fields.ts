/**
 * What the user typed in the create form (SPEC §5: the web form's 应用名称 /
 * 应用版本, the source form's 应用名称 / 应用简称 / 程序版本) is the target's
 * identity for web and source tasks, whose engines cannot know it: the task
 * row carries it from creation (lists show it while queued), and the stored
 * assessment's target gets it when the task finishes, so the result page and
 * every report show what the user declared instead of "-".
 */

export interface DeclaredTarget {
  app_name: string;
  version: string;
  abbreviation: string;
}

export function declaredTarget(fields: Record<string, string> | string | null | undefined): DeclaredTarget {
  let f: Record<string, unknown> = {};
  if (typeof fields === 'string') {
    try {
      f = (JSON.parse(fields) as Record<string, unknown>) ?? {};
    } catch {
      f = {};
    }
  } else if (fields) f = fields;
  const pick = (...keys: string[]) => {
    for (const k of keys) if (typeof f[k] === 'string' && (f[k] as string).trim()) return (f[k] as string).trim().slice(0, 500);
    return '';
  };
  return { app_name: pick('app_name', 'web_name'), version: pick('program_version', 'web_version'), abbreviation: pick('abbreviation') };
}

/** The assessment JSON with the declared values in its target (declared values win: the user named the target). */
export function withDeclaredTarget(assessmentJson: string, declared: DeclaredTarget): string {
  if (!declared.app_name && !declared.version && !declared.abbreviation) return assessmentJson;
  const a = JSON.parse(assessmentJson) as { target?: Record<string, unknown> };
  const target = { ...(a.target ?? {}) };
  if (declared.app_name) target.app_name = declared.app_name;
  if (declared.version) target.version = declared.version;
  if (declared.abbreviation) target.abbreviation = declared.abbreviation;
  return JSON.stringify({ ...a, target });
}
