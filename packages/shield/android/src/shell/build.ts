/**
 * Builds the DEX shell of one APK: the app's DEX files (in classes, classes2
 * … order) sealed into the payload asset, a fresh AES key, and the stub DEX
 * assembled with this app's Config (original Application, key, payload and
 * certificate digests, the responses of each check).
 */
import { createHash, randomBytes } from 'node:crypto';
import { DexFile } from '@citadel/engine-android';
import type { StrategyValues } from '@citadel/shield-core';
import { fail } from '../text.ts';
import { assembleStub } from './assemble.ts';
import { type Response, type ShellConfig, RESPONSES } from './config.ts';
import { sealPayload } from './payload.ts';

export interface ShellBuild {
  stub: Buffer;
  payload: Buffer;
  config: ShellConfig;
  /** the DEX names sealed, in payload order */
  dexNames: string[];
  /** their bytes as sealed (after debug stripping when the strategy asked for it) */
  dex: Buffer[];
  classCount: number;
  /** the signer certificate (DER) whose digest the stub checks */
  certDer: Buffer;
}

/** "classes.dex" → 1, "classes2.dex" → 2: the order the platform's class path uses. */
export const dexOrder = (name: string): number => Number(/^classes(\d*)\.dex$/.exec(name)?.[1] || '1');

const response = (v: unknown, fallback: Response): Response => (RESPONSES as readonly string[]).includes(v as string) ? (v as Response) : fallback;

export function shellResponses(s: StrategyValues): Pick<ShellConfig, 'tamper' | 'debug' | 'root' | 'emulator' | 'hook'> {
  return { tamper: response(s.tamperResponse, 'exit'), debug: response(s.debugResponse, 'report'), root: response(s.rootResponse, 'off'), emulator: response(s.emulatorResponse, 'off'), hook: response(s.hookResponse, 'report') };
}

export async function buildShell(o: { dex: { name: string; bytes: Buffer }[]; app: string; signer: { sha256: Buffer; der: Buffer }; strategy: StrategyValues; workDir: string; signal?: AbortSignal }): Promise<ShellBuild> {
  if (o.dex.length === 0) fail('SHIELD_NO_DEX', 'APK 中没有 DEX 文件，无法加壳', 'The APK has no DEX file to protect with the shell');
  const sorted = [...o.dex].sort((a, b) => dexOrder(a.name) - dexOrder(b.name));
  let classCount = 0;
  for (const d of sorted) {
    try {
      classCount += new DexFile(d.bytes).classes().length;
    } catch (e) {
      fail('SHIELD_DEX_UNSUPPORTED', `无法处理 ${d.name}：DEX 文件损坏或格式不受支持`, `${d.name} cannot be processed: the DEX file is damaged or of an unsupported format`, (e as Error).message);
    }
  }
  const key = randomBytes(16);
  const payload = sealPayload(sorted.map((d) => d.bytes), key);
  const config: ShellConfig = { app: o.app, key, payloadSha256: createHash('sha256').update(payload).digest(), certSha256: o.signer.sha256, ...shellResponses(o.strategy) };
  const stub = await assembleStub(config, o.workDir, o.signal);
  return { stub, payload, config, dexNames: sorted.map((d) => d.name), dex: sorted.map((d) => d.bytes), classCount, certDer: o.signer.der };
}
