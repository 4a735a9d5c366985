/**
 * The rule catalogues of the installed engines, for printing results: the
 * server never runs an engine, but it shows each finding's texts (SPEC §3
 * result items) in the reader's language.
 */
import { loadEngines } from '@citadel/cli';
import type { Locale, RuleItem, RuleTexts } from '@citadel/contracts';
import { type Engine, text } from '@citadel/engine-core';

let catalogue: Promise<Map<string, RuleItem>> | undefined;

async function load(extraEngineFiles: string[]): Promise<Map<string, RuleItem>> {
  const engines: Engine[] = [...(await loadEngines()).registry.list()];
  for (const file of extraEngineFiles) {
    const mod = (await import(file)) as { engine?: Engine };
    if (mod.engine) engines.push(mod.engine);
  }
  const items = new Map<string, RuleItem>();
  for (const e of engines) for (const item of e.catalogue.items) items.set(item.id, item);
  return items;
}

export function ruleCatalogue(extraEngineFiles: string[] = []): Promise<Map<string, RuleItem>> {
  catalogue ??= load(extraEngineFiles);
  return catalogue;
}

export function ruleTexts(item: RuleItem, locale: Locale): RuleTexts {
  return {
    id: item.id,
    category: item.category,
    risk: item.risk,
    cwe: item.cwe ?? [],
    owasp: item.owasp ?? [],
    title: text(item, 'title', locale),
    purpose: text(item, 'purpose', locale),
    description: text(item, 'description', locale),
    testingSteps: text(item, 'testingSteps', locale),
    solution: text(item, 'solution', locale),
  };
}
