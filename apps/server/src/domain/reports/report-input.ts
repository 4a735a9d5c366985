/**
 * What a report is made from, gathered on the server: the task's stored
 * assessment, the catalogue items of its findings, the site's title and logo,
 * and a version of the installed rule catalogue (a generated file is reused
 * only while the texts it printed are unchanged).
 */
import { createHash } from 'node:crypto';
import type { Assessment, RuleItem, SiteConfig } from '@citadel/contracts';
import type { ReportInput } from '@citadel/reports';
import { ruleCatalogue } from '../tasks/rule-texts.ts';
import type { TaskRecord } from '../tasks/task-repository.ts';

let version: Promise<string> | undefined;

export function catalogueVersion(extraEngineFiles: string[] = []): Promise<string> {
  version ??= ruleCatalogue(extraEngineFiles).then((items) => {
    const hash = createHash('sha256');
    for (const id of [...items.keys()].sort()) hash.update(JSON.stringify(items.get(id)));
    return hash.digest('hex').slice(0, 32);
  });
  return version;
}

const dataUrl = (s: string) => (s.startsWith('data:image/') ? s : undefined);

export async function reportInput(task: TaskRecord & { created_by_name?: string; customer_name?: string }, assessmentJson: string, site: SiteConfig, extraEngineFiles: string[] = []): Promise<ReportInput> {
  const assessment = JSON.parse(assessmentJson) as Assessment;
  const catalogue = await ruleCatalogue(extraEngineFiles);
  const rules = new Map<string, RuleItem>();
  for (const f of assessment.findings) {
    const item = catalogue.get(f.ruleId);
    if (item) rules.set(f.ruleId, item);
  }
  return {
    assessment,
    rules,
    site: { title: site.main_title || '安全服务门户', logo: dataUrl(site.bar_logo) ?? dataUrl(site.logo_bottom) },
    task: { uid: task.task_uid, fileName: task.file_name || task.url, ...(task.created_by_name ? { createdBy: task.created_by_name } : {}), ...(task.customer_name ? { customer: task.customer_name } : {}), ...(task.finished_at ? { finishedAt: Number(task.finished_at) } : {}) },
  };
}
