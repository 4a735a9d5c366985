/**
 * The compliance assessment of an iOS IPA, a HarmonyOS HAP/HSP/APP or a
 * WeChat/Alipay mini-program: each platform's reader gives the personal-
 * information sites, the SDKs and the declarations; what follows is shared —
 * the pi.* items, SDK collection, the app-type table, the privacy policy vs
 * the SDKs, the clause verdicts. Items that need the Android call graph or
 * manifest are not executed, saying so; start-up collection is judged for
 * mini-programs only (their hooks are readable in the scripts).
 */
import type { Assessment, Evidence } from '@citadel/contracts';
import { type Engine, type EngineContext, EngineInputError, type EngineOptions, type InputFile, KeyedCheckContext, SDK_LIBRARY, SdkMatcher, startAssessment } from '@citadel/engine-core';
import { openPackage as openIos, plistGet, plistString } from '@citadel/engine-ios';
import { openHarmonyPackage } from '@citadel/engine-harmony';
import { COMPLIANCE_CATALOGUE, DYNAMIC_KEYS } from './catalogue/items.ts';
import { categoryCheck } from './common/category.ts';
import { type FoundSdk, type Site, emitPiSites, emitSdkCollection, inventoryOf } from './common/sites.ts';
import type { PiType } from './data/pi-apis.ts';
import { EXTRA_SDK_PREFIXES } from './data/sdk-vendors.ts';
import { analyseHarmony, harmonyChecks } from './harmony/harmony.ts';
import { WANTED_SELECTORS, analyseIos, iosChecks, iosStartupCheck } from './ios/ios.ts';
import { readBinaries } from './ios/selectors.ts';
import { collectMiniSites, miniChecks } from './mini/mini.ts';
import { openProject } from './mini/reader.ts';
import { givenPolicies } from './policy/policy.ts';
import { NOT_THIS_PLATFORM, otherSummary } from './result/summary.ts';

export type OtherKind = 'ios' | 'harmony' | 'mini';

const LABEL: Record<OtherKind, string> = { ios: 'iOS', harmony: 'HarmonyOS', mini: 'mini-program' };
const ANDROID_ITEMS = ['startup.pre_consent_collection', 'startup.sdk_before_consent', 'startup.permission_request', 'startup.wakeups', 'permission.unused', 'autostart.self_start', 'autostart.associated_start', 'transfer.cleartext', 'transfer.pi_to_network', 'transfer.abroad'];
const NEEDS_NOTE: Record<OtherKind, string> = {
  ios: 'on iOS, collection at start-up is judged by the call graph of the executable\'s arm64 code (startup.pre_consent_collection); SDKs started, permission prompts and wake-ups at start need a device; auto-start and associated start do not exist as on Android',
  harmony: 'on HarmonyOS, start-up collection is judged by harmony.pre_consent_collection (the main ability and first page, same-record calls); a full call graph of the ABC code is not built',
  mini: 'mini-programs: start-up collection is judged by mini.pre_consent_collection; no manifest, receivers or services',
};
const NEEDS_DEVICE = '需真机动态检测 / needs a dynamic check on a device';
const POLICY_ELSEWHERE = 'the privacy policy of an iOS or HarmonyOS app or a mini-program is published outside the package (App Store Connect, AppGallery Connect, the mini-program platform\'s privacy guide): upload its text or HTML with the package';

interface Analysis {
  /** Items of the Android list this platform's checks judge themselves (the iOS start-up call graph). */
  ownItems?: string[];
  sites: Site[];
  sdks: FoundSdk[];
  declared: Map<PiType, Evidence>;
  checks: (c: KeyedCheckContext) => Promise<void>;
  target: Record<string, unknown>;
  extra: Record<string, unknown>;
  unreadable: { file: string; reason: string }[];
  close?: () => Promise<void>;
}

async function analyse(kind: OtherKind, files: InputFile[], sdks: SdkMatcher, options: EngineOptions, signal?: AbortSignal): Promise<Analysis> {
  const file = files[0]!;
  if (kind === 'ios') {
    const pkg = await openIos(file.path, file.name, sdks, signal);
    if (pkg.kind !== 'ipa') throw new EngineInputError('unsupported_format', `${file.name}: an iOS SDK, not an app: the compliance assessment reads IPAs`);
    const binaries = await readBinaries(file.path, pkg, WANTED_SELECTORS);
    const a = analyseIos(pkg, sdks, binaries.selectors);
    const info = pkg.infoPlist?.value;
    const str = (k: string) => plistString(plistGet(info, k));
    return {
      sites: a.sites,
      sdks: a.sdks,
      declared: a.declaredTypes,
      ownItems: ['startup.pre_consent_collection'],
      checks: async (c) => {
        await iosChecks(c, pkg, a);
        await iosStartupCheck(c, pkg, binaries);
      },
      target: { kind: 'ipa', fileName: pkg.fileName, size: pkg.size, ...pkg.hashes, appName: str('CFBundleDisplayName') ?? str('CFBundleName'), packageName: str('CFBundleIdentifier'), versionName: str('CFBundleShortVersionString'), versionCode: str('CFBundleVersion') },
      extra: {
        usageDescriptions: Object.fromEntries(a.usage),
        binaries: pkg.binaries.map((b) => ({ path: b.path, owner: b.owner.kind === 'sdk' ? b.owner.name : 'app' })).slice(0, 100),
        ...(binaries.startup ? { callGraph: { methods: binaries.startup.functions, reachedBeforeConsent: binaries.startup.reached, truncated: binaries.startup.truncated }, entries: binaries.startup.entries.slice(0, 50).map((method) => ({ kind: 'launch', method })) } : {}),
      },
      unreadable: pkg.unreadable,
    };
  }
  if (kind === 'harmony') {
    const pkg = await openHarmonyPackage(file.path, file.name, signal);
    const a = analyseHarmony(pkg, sdks);
    const first = pkg.modules[0];
    const app = first?.stage?.app ?? first?.fa?.app;
    const hasCode = pkg.modules.some((m) => m.abc.length > 0);
    return {
      sites: a.sites,
      sdks: a.sdks,
      declared: a.declaredTypes,
      checks: (c) => harmonyChecks(c, pkg, a, hasCode),
      target: { kind: pkg.kind, fileName: pkg.fileName, size: pkg.size, ...pkg.hashes, packageName: app?.bundleName, versionName: app?.versionName, versionCode: app?.versionCode, permissions: a.requested.map((r) => r.name) },
      extra: { modules: pkg.modules.map((m) => m.name), importsOnly: a.undecoded },
      unreadable: [...pkg.unreadable, ...(hasCode ? [] : [{ file: file.name, reason: 'no ABC code read: personal-information calls are unknown' }])],
      close: () => pkg.close(),
    };
  }
  const project = await openProject(files, { ...(options.params?.input === 'alipay_miniprogram' ? { platform: 'alipay_miniprogram' as const } : {}), ...(options.params?.appid ? { appId: options.params.appid } : {}), ...(signal ? { signal } : {}) });
  const a = collectMiniSites(project);
  return {
    sites: a.sites,
    sdks: a.sdks,
    declared: a.declaredTypes,
    checks: (c) => miniChecks(c, project, a),
    target: { kind: project.packages[0]?.format, fileName: file.name, size: project.packages[0]?.size, sha256: project.packages[0]?.sha256, packageName: project.appId },
    extra: { packages: project.packages.map((p) => ({ fileName: p.fileName, format: p.format, role: p.role, size: p.size, sha256: p.sha256 })), requiredPrivateInfos: project.appConfig?.requiredPrivateInfos ?? [], permissionScopes: Object.keys(project.appConfig?.permission ?? {}), privacyFlow: a.consent.slice(0, 10).map((e) => `${e.file ?? ''}: ${e.detail ?? ''}`) },
    unreadable: project.unreadable,
  };
}

export async function assessOther(engine: Engine, kind: OtherKind, file: InputFile, extra: InputFile[], options: EngineOptions, ctx: EngineContext, policyName: RegExp): Promise<Assessment> {
  const sdks = new SdkMatcher([...EXTRA_SDK_PREFIXES, ...(options.sdkLibrary ?? SDK_LIBRARY)]);
  // Beside a mini-program, files not named like a policy are its sub-packages.
  const policyFiles = kind === 'mini' ? extra.filter((f) => policyName.test(f.name)) : extra;
  const inputs = kind === 'mini' ? [file, ...extra.filter((f) => !policyName.test(f.name))] : [file];
  const a = await analyse(kind, inputs, sdks, options, ctx.signal);
  try {
    const builder = startAssessment(engine, 'compliance', options, ctx);
    const c = new KeyedCheckContext(builder, COMPLIANCE_CATALOGUE, 'compliance');
    builder.setPhase('code');
    await emitPiSites(c, a.sites);
    const collecting = await emitSdkCollection(c, a.sites);
    await a.checks(c);
    builder.setPhase('category');
    await categoryCheck(c, options.params?.category, a.sites, a.declared);

    builder.setPhase('policy');
    const policies = await givenPolicies(policyFiles, options.params, builder);
    const inventory = inventoryOf(a.sdks, collecting, policies);
    for (const s of inventory) builder.addSdk({ name: s.name, category: s.category, matched: s.matched });
    if (policies.length === 0) c.notExecuted(['policy.missing', 'sdk.undisclosed'], POLICY_ELSEWHERE);
    else {
      await c.run(['policy.missing'], () => c.safe('policy.missing', policies.map((p) => ({ file: p.source, detail: `${p.text.length} characters` }))));
      await c.run(['sdk.undisclosed'], () => {
        for (const s of inventory) {
          if (!s.disclosureRequired || s.disclosedAs) continue;
          const attribution = { kind: 'sdk' as const, name: s.name };
          c.fail('sdk.undisclosed', { detail: `${s.name}${s.vendor ? ` (${s.vendor})` : ''}: ${s.collects.length > 0 ? `collects ${s.collects.join(', ')}` : s.category}`, snippet: `not named in ${policies.map((p) => p.source).join(', ')}`, attribution }, { attribution });
        }
      });
    }
    // iOS and HarmonyOS apps do start before consent too: their start-up items stay in the verdict as not established.
    const startup = kind === 'mini' ? [] : ANDROID_ITEMS.filter((k) => k.startsWith('startup.') && k !== 'startup.wakeups' && !(a.ownItems ?? []).includes(k));
    c.notExecuted(startup, `${NEEDS_NOTE[kind]}; ${NEEDS_DEVICE}`);
    // Mini-programs judge cleartext themselves (the url of wx.request and the like).
    const ownTransfer = kind === 'mini' ? ['transfer.cleartext', 'transfer.abroad'] : [];
    c.notExecuted(ANDROID_ITEMS.filter((k) => !startup.includes(k) && !ownTransfer.includes(k) && !(a.ownItems ?? []).includes(k)), `${NOT_THIS_PLATFORM}Android packages (call graph, manifest); ${NEEDS_NOTE[kind]}`);
    if (kind !== 'mini') c.notExecuted(['mini.pre_consent_collection', 'mini.required_private_infos', 'mini.privacy_authorization'], `${NOT_THIS_PLATFORM}mini-programs`);
    if (kind !== 'ios') c.notExecuted(['ios.usage_description', 'ios.idfa_without_att'], `${NOT_THIS_PLATFORM}iOS apps`);
    if (kind !== 'harmony') c.notExecuted(['harmony.pre_consent_collection'], `${NOT_THIS_PLATFORM}HarmonyOS apps`);
    c.notExecuted(DYNAMIC_KEYS, NEEDS_DEVICE);
    for (const u of a.unreadable) builder.unreadable(u.file, u.reason);
    const assessment = builder.build();
    assessment.target = { ...a.target, compliance: otherSummary(assessment, inventory, policies, { inputKind: LABEL[kind], category: options.params?.category, ...a.extra }) };
    return assessment;
  } finally {
    await a.close?.();
  }
}
