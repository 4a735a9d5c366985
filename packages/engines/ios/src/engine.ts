/**
 * The iOS engine: an IPA as the ios platform; zipped .framework/.xcframework,
 * static libraries (.a) and dynamic libraries (.dylib) as ios_sdk. It opens
 * the package once (package/open-package.ts), runs the check groups over the
 * shared model and returns the Assessment.
 */
import type { Assessment, Platform } from '@citadel/contracts';
import { type Engine, type EngineContext, type EngineInput, type EngineOptions, defaultSdkMatcher, requestedPlatform, singleInputFile, startAssessment } from '@citadel/engine-core';
import { IOS_CATALOGUE, type IosPlatform } from './catalogue/index.ts';
import { atsChecks } from './checks/ats.ts';
import { binaryChecks } from './checks/binary.ts';
import { IosCheckContext } from './checks/context.ts';
import { importChecks } from './checks/imports.ts';
import { plistChecks } from './checks/plist.ts';
import { provisioningChecks } from './checks/provisioning.ts';
import { resilienceChecks } from './checks/resilience.ts';
import { anomalyChecks, sdkChecks } from './checks/sdks.ts';
import { secretChecks } from './checks/secrets.ts';
import { isArArchive, isFatMagic, thinMagic } from './formats/index.ts';
import { appTarget, sdkTarget } from './package/app-info.ts';
import { hasZipMagic, openPackage } from './package/open-package.ts';

const IOS_PLATFORMS: readonly IosPlatform[] = ['ios', 'ios_sdk'];

export const ENGINE_VERSION = '0.1.0';

/** Name of the first entry in a ZIP's first local header (offset 30, length at 26), when the head holds it. */
function firstEntryName(head: Uint8Array): string {
  if (head.length < 30) return '';
  const length = head[26]! | (head[27]! << 8);
  return Buffer.from(head.subarray(30, Math.min(head.length, 30 + length))).toString('latin1');
}

/** A fat header with a plausible arch count: Java class files share the magic (0xcafebabe) but carry a version there. */
function plausibleFat(head: Uint8Array): boolean {
  if (!isFatMagic(head) || head.length < 8) return false;
  const count = ((head[4]! << 24) | (head[5]! << 16) | (head[6]! << 8) | head[7]!) >>> 0;
  return count > 0 && count <= 32;
}

export class IosEngine implements Engine {
  readonly name = 'ios';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = IOS_PLATFORMS;
  readonly catalogue = IOS_CATALOGUE;

  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    try {
      const name = fileName.toLowerCase();
      if (hasZipMagic(head)) {
        if (name.endsWith('.ipa')) return 'ios';
        const first = firstEntryName(head);
        if (first.startsWith('Payload/') && !/\.(?:apk|aab|hap|jar|aar)$/.test(name)) return 'ios';
        if (/\.(?:xc)?framework\.zip$/.test(name) || /\.(?:xc)?framework\//.test(first)) return 'ios_sdk';
        return undefined;
      }
      if (/\.class$|\.jar$/.test(name)) return undefined;
      if (isArArchive(head) && name.endsWith('.a')) return 'ios_sdk';
      if ((thinMagic(head) || plausibleFat(head)) && (name.endsWith('.dylib') || name.endsWith('.a'))) return 'ios_sdk';
      return undefined;
    } catch {
      return undefined;
    }
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    const file = singleInputFile(input, ctx);
    const sdks = defaultSdkMatcher();
    const pkg = await openPackage(file.path, file.name, sdks, ctx.signal);
    const platform: IosPlatform = requestedPlatform(options, IOS_PLATFORMS) ?? (pkg.kind === 'ipa' ? 'ios' : 'ios_sdk');
    const builder = startAssessment(this, platform, options, ctx);
    const c = new IosCheckContext(pkg, builder, platform, this.catalogue, sdks, ctx.now?.() ?? new Date());

    builder.setPhase('plist');
    await atsChecks(c);
    await plistChecks(c);
    await provisioningChecks(c);
    builder.setPhase('binary');
    await binaryChecks(c);
    await importChecks(c);
    builder.setPhase('secrets');
    await secretChecks(c);
    builder.setPhase('sdk');
    await sdkChecks(c);
    builder.setPhase('resilience');
    await resilienceChecks(c);
    await anomalyChecks(c);

    Object.assign(builder.target, platform === 'ios_sdk' ? sdkTarget(pkg, sdks) : appTarget(pkg));
    for (const u of pkg.unreadable) builder.unreadable(u.file, u.reason);
    return builder.build();
  }
}

export const engine = new IosEngine();
