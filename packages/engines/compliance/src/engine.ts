/**
 * The compliance engine (platform `compliance`): a static personal-information
 * compliance assessment of an Android package (APK, AAB, APKS/XAPK), an iOS
 * IPA, a HarmonyOS HAP/HSP/APP or a WeChat/Alipay mini-program, with an
 * optional privacy policy as a second input file (text or HTML) and an
 * optional app type (task parameter `category`). It reuses each platform
 * engine's reader (Android DEX and manifest, iOS Mach-O and Info.plist,
 * HarmonyOS ABC and module.json, mini-program packages and scripts) and
 * engine-core's SDK library, and returns the usual Assessment plus, in
 * `target.compliance`, the result grouped by regulation clause with a
 * verdict, the SDK inventory and (Android, mini-programs) the start-up paths.
 */
import type { Assessment, Platform } from '@citadel/contracts';
import { type PackageModel, appLabel, fileFacts, openPackageDeferred } from '@citadel/engine-android';
import { type Engine, type EngineContext, EngineInputError, type EngineInput, type EngineOptions, KeyedCheckContext, SDK_LIBRARY, SdkMatcher, readHead, startAssessment } from '@citadel/engine-core';
import { autostartChecks, permissionChecks, piChecks, piSitesByType, sdkCollectionCheck, siteEvidence, startupChecks, transferChecks } from './android/checks.ts';
import { CodeModel } from './android/code-model.ts';
import { findEntries, reachBeforeConsent } from './android/startup.ts';
import { COMPLIANCE_CATALOGUE, DYNAMIC_KEYS } from './catalogue/items.ts';
import { findPackagePolicies, givenPolicies } from './policy/policy.ts';
import { EXTRA_SDK_PREFIXES } from './data/sdk-vendors.ts';
import { complianceSummary, sdkInventory } from './result/summary.ts';
import { detectInput as detectMini } from './mini/reader.ts';
import { categoryCheck } from './common/category.ts';
import { type Site } from './common/sites.ts';
import { PI_TYPE_INFO, type PiType } from './data/pi-apis.ts';
import { assessOther, type OtherKind } from './other.ts';

export const ENGINE_VERSION = '0.1.0';
const PLATFORMS: readonly Platform[] = ['compliance'];
const ANDROID_NAME = /\.(?:apk|aab|apks|xapk)$/i;
const IOS_NAME = /\.ipa$/i;
const HARMONY_NAME = /\.(?:hap|hsp|app)$/i;
/** The items of the other platforms (not executed on an Android input). */
const OTHER_PLATFORM_ITEMS = ['harmony.pre_consent_collection', 'mini.pre_consent_collection', 'mini.required_private_infos', 'mini.privacy_authorization', 'ios.usage_description', 'ios.idfa_without_att', 'permission.declared_unused'];

/** Which reader an input needs: by its name and magic. */
export function inputKind(fileName: string, head: Uint8Array): OtherKind | 'android' | undefined {
  const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b;
  if (zip && ANDROID_NAME.test(fileName)) return 'android';
  if (zip && IOS_NAME.test(fileName)) return 'ios';
  if (zip && HARMONY_NAME.test(fileName)) return 'harmony';
  try {
    if (detectMini(fileName, head)) return 'mini';
  } catch {
    return undefined;
  }
  return undefined;
}
const POLICY_NAME = /(?:privacy|policy|yinsi|隐私)[^/\\]*\.(?:txt|html?|pdf)$/i;
export const NEEDS_DEVICE = '需真机动态检测 / needs a dynamic check on a device';

export class ComplianceEngine implements Engine {
  readonly name = 'compliance';
  readonly version = ENGINE_VERSION;
  readonly platforms = PLATFORMS;
  readonly catalogue = COMPLIANCE_CATALOGUE;

  /** An Android, iOS or HarmonyOS package or a mini-program, or a privacy policy given beside one (text or HTML named like a policy). */
  accepts(fileName: string, head: Uint8Array): Platform | undefined {
    if (inputKind(fileName, head)) return 'compliance';
    return POLICY_NAME.test(fileName) && !head.includes(0) ? 'compliance' : undefined;
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    const [file, ...extra] = input.files;
    if (!file) throw new EngineInputError('unsupported_format', 'no input file');
    ctx.signal?.throwIfAborted();
    const head = await readHead(file.path);
    // A plain zip or tar is an Alipay mini-program only when the task says so (the create page passes input=alipay_miniprogram).
    const alipay = options.params?.input === 'alipay_miniprogram' && /\.(?:zip|tar|tgz|tar\.gz)$/i.test(file.name);
    const kind = inputKind(file.name, head) ?? (alipay ? 'mini' : undefined);
    if (!kind) throw new EngineInputError('unsupported_format', `${file.name}: the compliance assessment reads Android (APK, AAB, APKS, XAPK), iOS (IPA) and HarmonyOS (HAP, HSP, APP) packages and WeChat (.wxapkg) / Alipay (.amr) mini-programs`);
    if (kind !== 'android') return assessOther(this, kind, file, extra, options, ctx, POLICY_NAME);
    const model = await openPackageDeferred(file.path, file.name, ctx.signal);
    try {
      const builder = startAssessment(this, 'compliance', options, ctx);
      const c = new KeyedCheckContext(builder, this.catalogue, 'compliance');
      const sdks = new SdkMatcher([...EXTRA_SDK_PREFIXES, ...(options.sdkLibrary ?? SDK_LIBRARY)]);
      const abort = (): void => builder.throwIfAborted();

      builder.setPhase('code');
      const code = new CodeModel(sdks);
      code.build(model.dex, abort);
      for (const p of code.problems) builder.unreadable(p.file, p.reason);
      const manifest = model.manifest?.info;

      const byType = piSitesByType(code);
      await piChecks(c, code, byType);

      builder.setPhase('startup');
      const entries = findEntries(code, manifest);
      const startup = reachBeforeConsent(code, entries, abort);
      const collecting = await sdkCollectionCheck(c, code, byType);
      // An SDK starting early matters when it reads personal information or is of a kind that does (ads, analytics, push …), not a UI or JSON library.
      const categories = new Map((options.sdkLibrary ?? SDK_LIBRARY).map((d) => [d.name, d.category]));
      await startupChecks(c, code, startup, (sdk) => (collecting.get(sdk)?.size ?? 0) > 0 || (categories.get(sdk) ?? 'other') !== 'other');
      await permissionChecks(c, manifest, byType);
      await autostartChecks(c, code, manifest);
      await transferChecks(c, code, manifest);

      builder.setPhase('policy');
      const policies = await givenPolicies(extra, options.params, builder);
      if (policies.length === 0) policies.push(...(await findPackagePolicies(model.zip, model.modulePrefix)));
      const policyUrls = [...code.policyUrls.keys()];
      await c.run(['policy.missing'], () => {
        if (policies.length > 0) return;
        if (policyUrls.length > 0) {
          for (const url of policyUrls.slice(0, 20)) c.problem('policy.missing', { detail: 'online policy: its content needs network access or a device to read', snippet: url });
        } else c.fail('policy.missing', { file: file.name, detail: 'no policy given with the task, none in assets/ or res/raw/, no policy URL in the code' });
      });
      const inventory = sdkInventory(code, sdks, collecting, policies);
      for (const s of inventory) builder.addSdk({ name: s.name, category: s.category, matched: s.matched });
      await c.run(['sdk.undisclosed'], () => {
        if (policies.length === 0 && policyUrls.length > 0) {
          c.notExecuted(['sdk.undisclosed'], 'the privacy policy is online only: upload its text (or HTML) with the package to compare it with the SDKs');
          return;
        }
        for (const s of inventory) {
          if (!s.disclosureRequired || s.disclosedAs) continue;
          const attribution = { kind: 'sdk' as const, name: s.name };
          const what = `${s.name}${s.vendor ? ` (${s.vendor})` : ''}: ${s.collects.length > 0 ? `collects ${s.collects.join(', ')}` : s.category}`;
          c.fail('sdk.undisclosed', { detail: what, snippet: policies.length > 0 ? `not named in ${policies.map((p) => p.source).join(', ')}` : 'no privacy policy found', attribution }, { attribution });
        }
      });
      builder.setPhase('category');
      const sites: Site[] = [...byType].flatMap(([type, list]) => list.map((p) => {
        const e = siteEvidence(code, p);
        return { type, evidence: e, attribution: e.attribution };
      }));
      const declared = new Map<PiType, { file: string; snippet: string }>();
      for (const p of manifest?.permissions ?? []) {
        if (!p.dangerous) continue;
        // A permission counts as declaring the kind it is the first permission of (READ_PHONE_STATE: identifiers, not the phone number).
        for (const [t, info] of Object.entries(PI_TYPE_INFO) as [PiType, (typeof PI_TYPE_INFO)[PiType]][]) if (info.permissions[0] === p.name && !declared.has(t)) declared.set(t, { file: 'AndroidManifest.xml', snippet: p.name });
      }
      await categoryCheck(c, options.params?.category, sites, declared);
      c.notExecuted(OTHER_PLATFORM_ITEMS, 'applies to iOS, HarmonyOS and mini-program inputs (Android: see permission.unused and startup.*)');
      c.notExecuted(DYNAMIC_KEYS, NEEDS_DEVICE);
      for (const u of model.unreadable) builder.unreadable(u.file, u.reason);

      const assessment = builder.build();
      await model.integrity.catch(() => undefined);
      assessment.target = {
        ...targetOf(model),
        compliance: complianceSummary(assessment, code, startup, inventory, policies, policyUrls),
      };
      return assessment;
    } finally {
      await model.close();
    }
  }
}

function targetOf(model: PackageModel): Record<string, unknown> {
  const info = model.manifest?.info;
  return {
    ...fileFacts(model),
    appName: appLabel(model) ?? info?.packageName,
    packageName: info?.packageName,
    versionName: info?.versionName,
    versionCode: info?.versionCode,
    minSdkVersion: info?.minSdk,
    targetSdkVersion: info?.targetSdk,
    permissions: info?.permissions ?? [],
    dexFiles: model.dex.map((d) => d.file),
  };
}

export const engine = new ComplianceEngine();
