/**
 * The Android engine: APK, APKS/XAPK and AAB as the android platform, AAR
 * and JAR as android_sdk. It opens the package once (apk/open-package.ts),
 * then runs the check groups over the shared model, walking the bytecode a
 * single time for all code checks, and returns the Assessment.
 */
import type { Assessment, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, type EngineOptions, SdkMatcher, defaultSdkMatcher, requestedPlatform, singleInputFile, startAssessment } from '@citadel/engine-core';
import { appTarget } from './apk/app-info.ts';
import { hasZipMagic, kindFromName } from './apk/detect.ts';
import type { PackageModel } from './apk/model.ts';
import { openPackageDeferred } from './apk/open-package.ts';
import { ANDROID_CATALOGUE } from './catalogue/index.ts';
import { certificateChecks } from './checks/certificate.ts';
import { scanClassFiles } from './checks/code/class-files.ts';
import { type StringOccurrence, codeVisitors, scanCode } from './checks/code/scan.ts';
import { type AndroidPlatform, CheckContext } from './checks/context.ts';
import { manifestChecks } from './checks/manifest.ts';
import { nativeChecks } from './checks/native.ts';
import { networkConfigChecks } from './checks/network-config.ts';
import { detectPackers, packerChecks } from './checks/packers.ts';
import { concludeProtections, obfuscationCheck } from './checks/resilience.ts';
import { SECRETS_KEYS, secretChecks } from './checks/secrets.ts';
import { classNamesOf, sdkChecks } from './checks/sdks.ts';
import { sdkTarget } from './apk/sdk-info.ts';

export const ENGINE_VERSION = '0.1.0';
const ANDROID_PLATFORMS: readonly AndroidPlatform[] = ['android', 'android_sdk'];

export class AndroidEngine implements Engine {
  readonly name = 'android';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = ANDROID_PLATFORMS;
  readonly catalogue = ANDROID_CATALOGUE;

  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    try {
      if (!hasZipMagic(head)) return undefined;
      const kind = kindFromName(fileName);
      if (!kind) return undefined;
      return kind === 'aar' || kind === 'jar' ? 'android_sdk' : 'android';
    } catch {
      return undefined;
    }
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    const file = singleInputFile(input, ctx);
    const model = await openPackageDeferred(file.path, file.name, ctx.signal);
    try {
      const platform: AndroidPlatform = requestedPlatform(options, ANDROID_PLATFORMS) ?? (model.kind === 'aar' || model.kind === 'jar' ? 'android_sdk' : 'android');
      const builder = startAssessment(this, platform, options, ctx);
      const now = ctx.now?.() ?? new Date();
      const c = new CheckContext(model, builder, platform, this.catalogue, options.sdkLibrary ? new SdkMatcher(options.sdkLibrary) : defaultSdkMatcher(), now);
      await runChecks(c);
      return builder.build();
    } finally {
      await model.close();
    }
  }
}

async function runChecks(c: CheckContext): Promise<void> {
  const { builder, model } = c;
  builder.setPhase('manifest');
  await manifestChecks(c);
  await networkConfigChecks(c);
  const packers = detectPackers(c);
  await packerChecks(c, packers);

  builder.setPhase('code');
  const { visitors } = codeVisitors(c);
  const wantStrings = c.wants(...SECRETS_KEYS);
  let strings: StringOccurrence[] = [];
  let complete = true;
  const codeKeys = [...new Set(visitors.flatMap((v) => v.keys))];
  await c.run(codeKeys, () => {
    const r = scanCode(c, visitors, wantStrings);
    strings = r.strings;
    complete = r.complete;
    if (model.classFiles.length > 0) strings = strings.concat(scanClassFiles(c, wantStrings));
  });
  if (codeKeys.length === 0 && wantStrings) {
    strings = scanCode(c, [], true).strings.concat(scanClassFiles(c, true));
  }

  builder.setPhase('secrets');
  await secretChecks(c, strings);
  builder.setPhase('sdk');
  const classNames = classNamesOf(c);
  const sdks = await sdkChecks(c, classNames);
  builder.setPhase('native');
  const natives = await nativeChecks(c);
  // The file hashes and signature digests were computed meanwhile (on a worker thread for a large file).
  builder.setPhase('certificate');
  await model.integrity;
  await certificateChecks(c);
  builder.setPhase('resilience');
  await obfuscationCheck(c, classNames, packers.length > 0);
  await concludeProtections(c, { found: c.found, codeComplete: complete && !model.unreadable.some((u) => /\.dex$/.test(u.file)), packed: packers.length > 0 });
  await c.run(['info.archive_anomalies'], () => {
    for (const a of model.anomalies.slice(0, 200)) c.fail('info.archive_anomalies', { file: a.file, detail: a.detail });
  });

  Object.assign(builder.target, c.platform === 'android_sdk' ? sdkTarget(model, classNames, sdks) : appTarget(model, natives, packers.map((p) => p.name)));
  for (const u of model.unreadable) builder.unreadable(u.file, u.reason);
}

export type { PackageModel };
export const engine = new AndroidEngine();
