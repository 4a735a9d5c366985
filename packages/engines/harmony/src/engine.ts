/**
 * The HarmonyOS engine: classic HarmonyOS FA-model packages (config.json) as
 * the harmony platform, HarmonyOS NEXT / OpenHarmony Stage-model packages
 * (module.json; .hap, .hsp and .app bundles) as harmony_next. It opens the
 * package once (hap/open-package.ts), builds the code units once, runs the
 * check groups over the shared model and returns the Assessment.
 */
import type { Assessment, Platform } from '@citadel/contracts';
import { AssessmentBuilder, type Engine, type EngineContext, type EngineInput, type EngineOptions, defaultSdkMatcher, requestedPlatform, singleInputFile } from '@citadel/engine-core';
import { HARMONY_CATALOGUE, HARMONY_PLATFORMS, type HarmonyPlatform } from './catalogue/index.ts';
import { codeChecks } from './checks/code/code-checks.ts';
import { codeUnits } from './checks/code/code-units.ts';
import { dexCodeChecks, hasDexEntries, isDexItem } from './checks/dex/dex-code.ts';
import { CheckContext } from './checks/context.ts';
import { manifestChecks } from './checks/manifest.ts';
import { nativeChecks } from './checks/native.ts';
import { permissionChecks } from './checks/permissions.ts';
import { secretChecks } from './checks/secrets.ts';
import { sdkChecks } from './checks/sdks.ts';
import { signingChecks } from './checks/signing.ts';
import { appTarget } from './hap/app-info.ts';
import { openHarmonyPackage } from './hap/open-package.ts';
import { detectPlatform } from './hap/detect.ts';

export const ENGINE_VERSION = '0.1.0';

export class HarmonyEngine implements Engine {
  readonly name = 'harmony';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = HARMONY_PLATFORMS;
  readonly catalogue = HARMONY_CATALOGUE;

  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    try {
      return detectPlatform(fileName, head);
    } catch {
      return undefined;
    }
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    const file = singleInputFile(input, ctx);
    const pkg = await openHarmonyPackage(file.path, file.name, ctx.signal);
    try {
      const platform: HarmonyPlatform = requestedPlatform(options, HARMONY_PLATFORMS) ?? (pkg.model === 'fa' ? 'harmony' : 'harmony_next');
      // The Android DEX checks apply only to a package that carries DEX code: otherwise they are not
      // findings at all (issue 19: 25 "not executed" rows on every DEX-free HAP), not even "not executed".
      const hasDex = hasDexEntries(pkg.modules);
      const builder = new AssessmentBuilder({
        engine: { name: this.name, version: this.version },
        platform,
        catalogue: this.catalogue,
        options,
        ctx,
        scope: (item) => item.platform === platform && (hasDex || !isDexItem(item.id)),
      });
      const c = new CheckContext(pkg, builder, platform, this.catalogue, defaultSdkMatcher(), ctx.now?.() ?? new Date());
      const units = codeUnits(pkg.modules);

      builder.setPhase('manifest');
      await manifestChecks(c);
      await permissionChecks(c, units);
      await signingChecks(c);
      builder.setPhase('code');
      await codeChecks(c, units);
      const dex = await dexCodeChecks(c);
      builder.setPhase('secrets');
      await secretChecks(c, units, dex);
      builder.setPhase('sdk');
      const { ohpm } = await sdkChecks(c, units);
      builder.setPhase('native');
      const natives = await nativeChecks(c);
      await c.run(['info.archive_anomalies'], () => {
        for (const a of pkg.anomalies.slice(0, 200)) c.fail('info.archive_anomalies', { file: a.file, detail: a.detail });
      });
      Object.assign(builder.target, appTarget(pkg, { nativeLibraries: natives, ohpmPackages: ohpm }));
      for (const u of pkg.unreadable) builder.unreadable(u.file, u.reason);
      return builder.build();
    } finally {
      await pkg.close();
    }
  }
}

export const engine = new HarmonyEngine();
