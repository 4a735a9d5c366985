/**
 * Android and iOS project configuration in source form: AndroidManifest.xml
 * (debuggable, allowBackup, cleartext traffic, exported components without a
 * permission), network_security_config.xml and Info.plist (ATS). These are
 * small XML files read as text: element/attribute matching, no data flow.
 */
export interface ConfigHit {
  key: string;
  line: number;
  detail: string;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

export function checkAndroidManifest(text: string): ConfigHit[] {
  const hits: ConfigHit[] = [];
  const app = /<application\b[^>]*>/s.exec(text);
  if (app) {
    const a = app[0];
    if (/android:debuggable\s*=\s*"true"/.test(a)) hits.push({ key: 'android.debuggable', line: lineOf(text, app.index), detail: 'android:debuggable="true"' });
    if (/android:allowBackup\s*=\s*"true"/.test(a)) hits.push({ key: 'android.allow_backup', line: lineOf(text, app.index), detail: 'android:allowBackup="true"' });
    if (/android:usesCleartextTraffic\s*=\s*"true"/.test(a)) hits.push({ key: 'android.cleartext_traffic', line: lineOf(text, app.index), detail: 'android:usesCleartextTraffic="true"' });
  }
  const comp = /<(activity|activity-alias|service|receiver|provider)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/g;
  for (const m of text.matchAll(comp)) {
    const attrs = m[2]!;
    const inner = m[4] ?? '';
    const exportedAttr = /android:exported\s*=\s*"(true|false)"/.exec(attrs)?.[1];
    const hasFilter = /<intent-filter\b/.test(inner);
    const exported = exportedAttr === 'true' || (exportedAttr === undefined && hasFilter);
    if (!exported || /android:permission\s*=/.test(attrs)) continue;
    const isLauncher = /android\.intent\.category\.LAUNCHER/.test(inner);
    if (isLauncher) continue;
    const name = /android:name\s*=\s*"([^"]+)"/.exec(attrs)?.[1] ?? '?';
    hits.push({ key: 'android.exported_component', line: lineOf(text, m.index), detail: `${m[1]} ${name} exported${exportedAttr ? '' : ' (by its intent-filter)'} without android:permission` });
  }
  return hits;
}

export function checkNetworkSecurityConfig(text: string): ConfigHit[] {
  const m = /cleartextTrafficPermitted\s*=\s*"true"/.exec(text);
  return m ? [{ key: 'android.cleartext_traffic', line: lineOf(text, m.index), detail: 'cleartextTrafficPermitted="true"' }] : [];
}

export function checkInfoPlist(text: string): ConfigHit[] {
  const hits: ConfigHit[] = [];
  const arb = /<key>\s*NSAllowsArbitraryLoads(?:InWebContent|ForMedia)?\s*<\/key>\s*<true\s*\/>/.exec(text);
  if (arb) hits.push({ key: 'ios.ats_arbitrary_loads', line: lineOf(text, arb.index), detail: arb[0].replace(/\s+/g, ' ') });
  for (const m of text.matchAll(/<key>\s*NSExceptionAllowsInsecureHTTPLoads\s*<\/key>\s*<true\s*\/>/g)) hits.push({ key: 'ios.ats_insecure_exception', line: lineOf(text, m.index), detail: 'NSExceptionAllowsInsecureHTTPLoads = true' });
  return hits;
}
