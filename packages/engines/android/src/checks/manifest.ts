/** Manifest checks: flags, exported components, permissions, task settings, links. */
import { androidAttribute, childElements, valueAsBoolean, valueAsInt, valueAsString, type XmlElement } from '../formats/index.ts';
import { attr, type Component } from '../apk/manifest-info.ts';
import { type CheckContext, zh } from './context.ts';
import { xmlEvidence } from './xml-evidence.ts';

export const MANIFEST_KEYS = [
  'manifest.debuggable',
  'manifest.allow_backup',
  'manifest.cleartext_traffic',
  'manifest.test_only',
  'manifest.exported_activity',
  'manifest.exported_service',
  'manifest.exported_receiver',
  'manifest.exported_provider',
  'manifest.grant_uri_permissions',
  'manifest.weak_permission_protection',
  'manifest.task_hijacking',
  'manifest.strandhogg2',
  'manifest.min_sdk_low',
  'manifest.high_intent_priority',
  'manifest.deep_links',
  'manifest.app_links_unverified',
  'manifest.shared_user_id',
  'manifest.legacy_external_storage',
  'info.dangerous_permissions',
] as const;

const EXPORT_KEY: Record<Component['kind'], string> = {
  activity: 'manifest.exported_activity',
  'activity-alias': 'manifest.exported_activity',
  service: 'manifest.exported_service',
  receiver: 'manifest.exported_receiver',
  provider: 'manifest.exported_provider',
};
const LAUNCH_MODES = ['standard', 'singleTop', 'singleTask', 'singleInstance', 'singleInstancePerTask'];
const bool = (el: XmlElement, name: string): boolean | undefined => valueAsBoolean(androidAttribute(el, name)?.value);

export async function manifestChecks(ctx: CheckContext): Promise<void> {
  const manifest = ctx.model.manifest;
  if (!manifest) {
    if (ctx.model.kind !== 'jar' && ctx.model.kind !== 'aar') ctx.notExecuted(MANIFEST_KEYS, 'AndroidManifest.xml could not be read');
    return;
  }
  const { file, doc, info } = manifest;
  const app = info.application;
  const ev = (el: XmlElement, detail?: string, withChildren = false) => xmlEvidence(file, el, detail, withChildren);

  await ctx.run(['manifest.debuggable', 'manifest.allow_backup', 'manifest.test_only', 'manifest.shared_user_id', 'manifest.legacy_external_storage'], () => {
    if (app && bool(app, 'debuggable') === true) ctx.fail('manifest.debuggable', ev(app, 'android:debuggable="true"'));
    if (app && bool(app, 'testOnly') === true) ctx.fail('manifest.test_only', ev(app, 'android:testOnly="true"'));
    const backup = app ? bool(app, 'allowBackup') : undefined;
    if (backup !== false) {
      ctx.fail('manifest.allow_backup', app ? ev(app, backup === true ? 'android:allowBackup="true"' : 'android:allowBackup not set (defaults to true)') : { file, detail: 'no <application> element: allowBackup defaults to true' });
    }
    if (info.sharedUserId) ctx.fail('manifest.shared_user_id', ev(doc.root, `android:sharedUserId="${info.sharedUserId}"`));
    if (app && bool(app, 'requestLegacyExternalStorage') === true) ctx.fail('manifest.legacy_external_storage', ev(app, 'android:requestLegacyExternalStorage="true"'));
  });

  await ctx.run(['manifest.cleartext_traffic'], () => {
    if (!app) return;
    const explicit = bool(app, 'usesCleartextTraffic');
    const hasNsc = androidAttribute(app, 'networkSecurityConfig') !== undefined;
    if (explicit === true) ctx.fail('manifest.cleartext_traffic', ev(app, 'android:usesCleartextTraffic="true"'));
    else if (explicit === undefined && !hasNsc && info.targetSdk < 28) {
      ctx.fail('manifest.cleartext_traffic', { ...ev(app, `usesCleartextTraffic not set and no network security config: cleartext is permitted by default for targetSdkVersion ${info.targetSdk} (< 28)`), fact: { id: 'manifest.cleartext_default', values: { targetSdk: info.targetSdk } } });
    }
  });

  await ctx.run(['manifest.exported_activity', 'manifest.exported_service', 'manifest.exported_receiver', 'manifest.exported_provider', 'manifest.grant_uri_permissions'], () => {
    for (const c of info.components) {
      if (!c.enabled) continue;
      if (c.kind === 'provider' && bool(c.element, 'grantUriPermissions') === true) ctx.fail('manifest.grant_uri_permissions', ev(c.element, `${c.name}: android:grantUriPermissions="true"`));
      if (!c.exported || c.isLauncher) continue;
      const protectedBy = c.kind === 'provider' ? c.permission ?? (c.readPermission && c.writePermission ? c.readPermission : undefined) : c.permission;
      if (protectedBy && !isWeakPermission(protectedBy, info.definedPermissions)) continue;
      const how = c.exportedBy === 'attribute' ? 'android:exported="true"' : c.exportedBy === 'intent-filter' ? 'exported implicitly through its intent-filter (no android:exported)' : `exported by default (targetSdkVersion ${info.targetSdk} ≤ 16)`;
      const perm = protectedBy ? `, protected only by ${protectedBy} (protectionLevel normal/dangerous)` : ', no permission';
      // Implicit and explicit export without any permission have a sentence in every language; other forms keep their English detail.
      const fact = protectedBy ? undefined : c.exportedBy === 'attribute' ? 'manifest.exported_explicit' : c.exportedBy === 'intent-filter' ? 'manifest.exported_implicit' : undefined;
      ctx.fail(EXPORT_KEY[c.kind], { ...ev(c.element, `${c.kind} ${c.name}: ${how}${perm}`, true), className: c.name, ...(fact ? { fact: { id: fact, values: { component: c.kind, name: c.name } } } : {}) });
    }
  });

  await ctx.run(['manifest.weak_permission_protection'], () => {
    for (const p of info.definedPermissions) {
      if (p.protectionLevel !== 'normal' && p.protectionLevel !== 'dangerous') continue;
      const users = info.components.filter((c) => c.permission === p.name || c.readPermission === p.name || c.writePermission === p.name).map((c) => c.name);
      if (users.length > 0) ctx.fail('manifest.weak_permission_protection', ev(p.element, `${p.name} (protectionLevel ${p.protectionLevel}) protects ${users.join(', ')}`));
    }
  });

  await ctx.run(['manifest.task_hijacking', 'manifest.strandhogg2'], () => {
    // An empty taskAffinity ("") is the mitigation, so the raw value matters here, not attr()'s "empty is absent".
    const rawAffinity = (el: XmlElement): string | undefined => valueAsString(androidAttribute(el, 'taskAffinity')?.value);
    const appAffinity = app ? rawAffinity(app) : undefined;
    for (const c of info.components) {
      if (c.kind !== 'activity' && c.kind !== 'activity-alias') continue;
      const mode = launchMode(c.element);
      const affinity = rawAffinity(c.element) ?? appAffinity;
      const reparent = bool(c.element, 'allowTaskReparenting') ?? (app ? bool(app, 'allowTaskReparenting') : undefined);
      const reasons: string[] = [];
      if (affinity !== undefined && affinity !== '' && affinity !== info.packageName) reasons.push(`taskAffinity="${affinity}"`);
      if (reparent === true) reasons.push('allowTaskReparenting="true"');
      if (mode === 'singleTask' && affinity === undefined && info.targetSdk < 28) reasons.push('launchMode singleTask without an empty taskAffinity');
      if (reasons.length > 0) ctx.fail('manifest.task_hijacking', { ...ev(c.element, `${c.name}: ${reasons.join(', ')}`), className: c.name });
      if (info.minSdk < 29 && c.exported && (mode === 'standard' || mode === 'singleTop')) {
        ctx.fail('manifest.strandhogg2', { ...ev(c.element, `${c.name}: exported, launchMode ${mode}, minSdkVersion ${info.minSdk} (< 29)`), className: c.name, fact: { id: 'manifest.strandhogg2', values: { name: c.name, launchMode: mode, minSdk: info.minSdk } } });
      }
    }
  });

  await ctx.run(['manifest.min_sdk_low'], () => {
    if (info.minSdk < 24) {
      const usesSdk = childElements(doc.root, 'uses-sdk')[0];
      ctx.fail('manifest.min_sdk_low', usesSdk ? ev(usesSdk, `minSdkVersion ${info.minSdk} (< 24)`) : { file, detail: `no uses-sdk: minSdkVersion defaults to ${info.minSdk}` }, {
        summary: zh(`最低支持版本为 API ${info.minSdk}`, `Minimum SDK is API ${info.minSdk}`),
      });
    }
  });

  await ctx.run(['manifest.high_intent_priority', 'manifest.deep_links', 'manifest.app_links_unverified'], () => {
    const schemes = new Set<string>();
    for (const c of info.components) {
      for (const f of c.intentFilters) {
        const priority = valueAsInt(androidAttribute(f, 'priority')?.value);
        if (priority !== undefined && priority >= 100) ctx.fail('manifest.high_intent_priority', { ...ev(f, `${c.name}: priority ${priority}`), className: c.name });
        const browsable = childElements(f, 'category').some((x) => attr(x, 'name') === 'android.intent.category.BROWSABLE');
        if (!browsable) continue;
        const data = childElements(f, 'data');
        const fSchemes = data.map((d) => attr(d, 'scheme')).filter((s): s is string => !!s);
        const hosts = data.map((d) => attr(d, 'host')).filter((s): s is string => !!s);
        for (const s of fSchemes) schemes.add(s);
        if (fSchemes.length > 0) ctx.problem('manifest.deep_links', { ...ev(f, `${c.name}: ${fSchemes.map((s) => `${s}://${hosts[0] ?? '*'}`).join(', ')}`, true), className: c.name });
        if (fSchemes.some((s) => s === 'http' || s === 'https') && bool(f, 'autoVerify') !== true) {
          ctx.fail('manifest.app_links_unverified', { ...ev(f, `${c.name}: http(s) links for ${hosts.join(', ') || 'any host'} without android:autoVerify="true"`, true), className: c.name });
        }
      }
    }
    if (schemes.size > 0) ctx.builder.target['schemes'] = [...schemes];
  });

  await ctx.run(['info.dangerous_permissions'], () => {
    const dangerous = info.permissions.filter((p) => p.dangerous);
    for (const p of dangerous) ctx.problem('info.dangerous_permissions', { file, snippet: `<uses-permission android:name="${p.name}"/>`, detail: p.name });
  });
}

function launchMode(el: XmlElement): string {
  const v = androidAttribute(el, 'launchMode')?.value;
  if (!v) return 'standard';
  if (v.kind === 'string') return valueAsString(v) ?? 'standard';
  return LAUNCH_MODES[valueAsInt(v) ?? 0] ?? 'standard';
}

function isWeakPermission(name: string, defined: readonly { name: string; protectionLevel: string }[]): boolean {
  const d = defined.find((p) => p.name === name);
  return d !== undefined && (d.protectionLevel === 'normal' || d.protectionLevel === 'dangerous');
}
