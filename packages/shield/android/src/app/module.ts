/**
 * The "app" hardening type: APK in, protected and re-signed APK out, with
 * the Android engine's assessment of both for the before/after comparison.
 */
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Assessment } from '@citadel/contracts';
import { ZipArchive } from '@citadel/engine-core';
import { engine } from '@citadel/engine-android';
import { type HardenContext, type HardenInput, type HardenResult, type ShieldTypeModule, type StrategyValues, validateStrategy } from '@citadel/shield-core';
import { keystoreFrom, oneOffKey, signApk, type SigningKey } from '../signing/sign.ts';
import { requireTool } from '../signing/tools.ts';
import { signerCertificate } from '../shell/cert.ts';
import { requireShellTool } from '../shell/tools.ts';
import { bundleToApk, isBundleName } from './aab.ts';
import { fail, t } from '../text.ts';
import { rebuildApk } from './rebuild.ts';
import { APP_DEFAULTS, APP_SCHEMA, appUnverified } from './strategy.ts';
import { verifyApk } from './verify.ts';

async function assess(path: string, name: string, signal?: AbortSignal): Promise<Assessment> {
  try {
    return await engine.run({ files: [{ path, name }] }, {}, signal ? { signal } : {});
  } catch (e) {
    return fail('SHIELD_SCAN_FAILED', 'Android 引擎无法读取该文件', 'The Android engine cannot read the file', (e as Error).message);
  }
}

function signingKey(values: StrategyValues, ctx: HardenContext): { key: SigningKey; oneOff: boolean } {
  const ks = keystoreFrom(ctx.extras);
  if (ks) return { key: { kind: 'keystore', keystore: ks }, oneOff: false };
  if (values.signWith === 'oneOff') return { key: oneOffKey(ctx.workDir), oneOff: true };
  return fail('SHIELD_KEYSTORE_REQUIRED', '该策略要求使用上传的密钥库签名，但未提供密钥库', 'The strategy signs with the uploaded keystore, but no keystore was given');
}

const BUNDLE_CONVERTED = { id: 'bundle.universal-apk', title: t('AAB 已转换为可安装的 APK（base 模块，aapt2 convert）', 'AAB converted to one installable APK (base module, aapt2 convert)', 'AAB 已轉換為可安裝的 APK（base 模組，aapt2 convert）', 'AAB をインストール可能な APK に変換（base モジュール、aapt2 convert）') };

export async function hardenApp(upload: HardenInput, strategy: StrategyValues, ctx: HardenContext): Promise<HardenResult> {
  const checked = validateStrategy(APP_SCHEMA, strategy);
  if (!checked.ok) fail('SHIELD_BAD_STRATEGY', '加固策略无效', 'The hardening strategy is invalid', checked.errors.join('; '));
  const values = checked.values;
  const bundle = isBundleName(upload.name);
  if (!bundle && !/\.apk$/i.test(upload.name)) fail('SHIELD_NOT_APK', '应用加固只接受 APK 或 AAB 文件（拆分包请先合并为通用 APK）', 'App hardening takes APK or AAB files (merge a split set into a universal APK first)');
  for (const tool of ['apksigner', 'zipalign', 'dexdump'] as const) requireTool(tool);
  if (values.dexShell === true || ((values.encryptStringsIn as string[] | undefined) ?? []).length > 0) for (const tool of ['smali', 'baksmali', 'enjarify', 'java', 'javac'] as const) requireShellTool(tool);
  const { key, oneOff } = signingKey(values, ctx);
  const step = (s: string, p: number): void => ctx.onStep?.(s, p);
  const t0 = Date.now();
  // A bundle becomes one APK first (its base module); everything below, the comparison included, works on that APK.
  if (bundle) step('convert', 5);
  const input: HardenInput = bundle ? { ...upload, path: await bundleToApk(upload.path, ctx.workDir, ctx.signal), name: upload.name.replace(/\.aab$/i, '.apk') } : upload;

  // A truncated or non-ZIP upload is named as such before anything else reads it.
  await ZipArchive.open(input.path).then(
    (z) => z.close(),
    (e: Error) => fail('SHIELD_BAD_INPUT', '文件不是有效的 APK（ZIP 结构无法读取）', 'The file is not a valid APK (its ZIP structure cannot be read)', e.message),
  );
  step('protect', 10);
  // The engine's scan of the input runs beside the re-packing (both only read the input).
  const beforeP = assess(input.path, input.name, ctx.signal);
  beforeP.catch(() => undefined);
  const unsigned = join(ctx.workDir, 'unsigned.apk');
  // The shell records the signer's certificate digest, so it is known before the stub is assembled.
  const shellInput = { workDir: ctx.workDir, ...(values.dexShell === true ? { signer: await signerCertificate(key, ctx.workDir, ctx.signal) } : {}) };
  const rebuild = await rebuildApk(input.path, unsigned, values, ctx.signal, shellInput);
  const before = await beforeP;
  const protectMs = Date.now() - t0;
  step('sign', 55);
  const outputName = `${basename(input.name).replace(/\.apk$/i, '')}-protected.apk`;
  const outputPath = join(ctx.workDir, outputName);
  await signApk(unsigned, outputPath, key, ctx.signal);
  step('verify', 70);
  const t1 = Date.now();
  // The re-scan runs while apksigner, zipalign and dexdump check the output.
  const afterP = assess(outputPath, outputName, ctx.signal);
  afterP.catch(() => undefined);
  const checks = await verifyApk({ input: input.path, output: outputPath, workDir: ctx.workDir, rebuild, before, after: afterP, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  const after = await afterP;
  step('done', 100);
  const applied = [...(bundle ? [BUNDLE_CONVERTED] : []), ...rebuild.applied];
  if (oneOff) applied.push({ id: 'signature.one-off', title: t('使用一次性密钥签名（发布前须重新签名）', 'Signed with a one-off key (re-sign before release)', '使用一次性金鑰簽章（發布前須重新簽章）', '使い捨ての鍵で署名（リリース前に再署名が必要）') });
  return {
    outputPath,
    outputName,
    applied,
    verification: { ok: checks.every((c) => c.ok), checks, unverified: appUnverified(!!rebuild.shell, rebuild.strings.length > 0) },
    metrics: {
      inputBytes: statSync(input.path).size,
      outputBytes: statSync(outputPath).size,
      protectMs,
      verifyMs: Date.now() - t1,
      scoreBefore: before.score.score,
      scoreAfter: after.score.score,
    },
  };
}

export const appShield: ShieldTypeModule = {
  type: 'app',
  title: t('应用加固', 'App hardening', '應用程式加固', 'アプリ強化'),
  accept: ['.apk', '.aab'],
  schema: APP_SCHEMA,
  defaults: APP_DEFAULTS,
  harden: hardenApp,
};
