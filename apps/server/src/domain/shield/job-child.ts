/**
 * Child process of one hardening job (forked by job-runner.ts with a heap
 * limit, watched for time and resident memory). It runs the type's harden()
 * on the input file in the job's scratch folder and answers with the result;
 * the parent stores the output. A ShieldError becomes a localized failure.
 */
import { ShieldError, type HardenResult, type LocalizedText, type StrategyValues } from '@citadel/shield-core';
import { SHIELD_REGISTRY } from './types.ts';

export interface JobRequest {
  kind: 'harden';
  type: string;
  inputPath: string;
  inputName: string;
  strategy: StrategyValues;
  workDir: string;
}

export type JobMessage =
  | { kind: 'step'; step: string; progress: number }
  | { kind: 'done'; result: HardenResult }
  | { kind: 'failed'; text: LocalizedText; detail: string };

const send = (m: JobMessage) => process.send?.(m);

process.on('message', async (m: JobRequest) => {
  if (m?.kind !== 'harden') return;
  try {
    const mod = SHIELD_REGISTRY.get(m.type);
    if (!mod) throw new Error(`unknown hardening type ${m.type}`);
    const result = await mod.harden({ path: m.inputPath, name: m.inputName }, m.strategy, { workDir: m.workDir, onStep: (step, progress) => send({ kind: 'step', step, progress }) });
    send({ kind: 'done', result });
  } catch (err) {
    if (err instanceof ShieldError) send({ kind: 'failed', text: err.text, detail: (err.detail ?? '').slice(0, 500) });
    else send({ kind: 'failed', text: { 'zh-CN': '加固失败', en: 'Hardening failed', 'zh-TW': '加固失敗', ja: '堅牢化に失敗しました' }, detail: (err as Error).message.split('\n')[0]!.slice(0, 500) });
  } finally {
    process.disconnect?.();
  }
});
