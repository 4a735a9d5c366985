/**
 * Matches class, package, framework and module names against the SDK
 * library. Java packages go through a trie of whole segments, so the longest
 * listed prefix wins (com.google.android.gms.ads → AdMob, not Play services)
 * and a prefix never matches a longer segment (com.umeng ≠ com.umengx).
 */
import type { Attribution, ThirdPartySdk } from '@citadel/contracts';
import { SDK_LIBRARY } from './library/index.ts';
import type { SdkDefinition } from './types.ts';

export interface SdkMatch {
  sdk: SdkDefinition;
  /** The prefix, framework or module that matched. */
  matched: string;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  hit?: SdkMatch;
}

const MAX_SEGMENTS = 64;

/**
 * "Lcom/umeng/analytics/MobclickAgent;" (DEX descriptor), "com/umeng/x/Y"
 * (path), "com.umeng.x.Y$Inner" → ["com", "umeng", "x", "Y"].
 */
export function packageSegments(name: string): string[] {
  let s = name.trim();
  if (s.startsWith('L') && s.endsWith(';')) s = s.slice(1, -1);
  s = s.replace(/\.(?:class|smali|java|kt)$/, '').replace(/[/\\]/g, '.');
  const dollar = s.indexOf('$');
  if (dollar > 0) s = s.slice(0, dollar);
  return s.split('.').filter((x) => x !== '').slice(0, MAX_SEGMENTS);
}

/** Swift module of a class name: "Alamofire.Session" or mangled "_TtC9Alamofire7Session". */
export function swiftModuleOf(className: string): string | undefined {
  const mangled = /^_Tt[CPO](\d+)/.exec(className);
  if (mangled) {
    const len = Number(mangled[1]);
    const start = mangled[0].length;
    return len > 0 && len <= 200 ? className.slice(start, start + len) : undefined;
  }
  const dot = className.indexOf('.');
  return dot > 0 ? className.slice(0, dot) : undefined;
}

export class SdkMatcher {
  private readonly root: TrieNode = { children: new Map() };
  private readonly frameworks = new Map<string, SdkMatch>();
  private readonly classPrefixes: SdkMatch[] = [];
  private readonly ohpm = new Map<string, SdkMatch>();

  /** Later definitions override earlier ones for the same prefix (admin entries after the built-in library). */
  constructor(library: readonly SdkDefinition[] = SDK_LIBRARY) {
    for (const sdk of library) {
      for (const p of sdk.packages ?? []) {
        let node = this.root;
        for (const seg of packageSegments(p)) {
          let next = node.children.get(seg);
          if (!next) node.children.set(seg, (next = { children: new Map() }));
          node = next;
        }
        if (node !== this.root) node.hit = { sdk, matched: p };
      }
      for (const f of sdk.iosFrameworks ?? []) this.frameworks.set(f.toLowerCase(), { sdk, matched: f });
      for (const c of sdk.iosClassPrefixes ?? []) this.classPrefixes.push({ sdk, matched: c });
      for (const o of sdk.ohpm ?? []) this.ohpm.set(o, { sdk, matched: o });
    }
    // Longest class prefix first, so "MAAdView" beats "MA…" style shorter ones.
    this.classPrefixes.sort((a, b) => b.matched.length - a.matched.length);
  }

  /** A Java class or package name (dotted, slashed or a DEX descriptor). */
  matchPackage(name: string): SdkMatch | undefined {
    let node = this.root;
    let best: SdkMatch | undefined;
    for (const seg of packageSegments(name)) {
      const next = node.children.get(seg);
      if (!next) break;
      node = next;
      if (node.hit) best = node.hit;
    }
    return best;
  }

  /** An iOS framework: "AFNetworking", "AFNetworking.framework", "Payload/X.app/Frameworks/AFNetworking.framework/AFNetworking". */
  matchIosFramework(nameOrPath: string): SdkMatch | undefined {
    const m = /([^/]+)\.framework(?:\/|$)/.exec(nameOrPath);
    const name = m ? m[1]! : nameOrPath.split('/').pop()!.replace(/\.(?:framework|dylib|a)$/, '').replace(/^lib/, '');
    return this.frameworks.get(name.toLowerCase());
  }

  /** An Objective-C or Swift class name. */
  matchIosClass(className: string): SdkMatch | undefined {
    const module = swiftModuleOf(className);
    if (module) {
      const byModule = this.frameworks.get(module.toLowerCase());
      if (byModule) return byModule;
    }
    for (const p of this.classPrefixes) {
      if (!className.startsWith(p.matched)) continue;
      const next = className.charAt(p.matched.length);
      // The prefix must end a word: GADBannerView matches GAD, GADget does not.
      if (next === '' || /[A-Z0-9_]/.test(next)) return p;
    }
    return undefined;
  }

  /** An ohpm package name (HarmonyOS NEXT): exact, or a "@scope/*" entry. */
  matchOhpm(name: string): SdkMatch | undefined {
    const exact = this.ohpm.get(name);
    if (exact) return exact;
    const scope = /^(@[^/]+)\//.exec(name);
    return scope ? this.ohpm.get(`${scope[1]}/*`) : undefined;
  }
}

let shared: SdkMatcher | undefined;
/** The matcher over the built-in library (built once). */
export function defaultSdkMatcher(): SdkMatcher {
  shared ??= new SdkMatcher();
  return shared;
}

/** MAIN, or the SDK a class belongs to: what every code finding carries. */
export function attributionOf(match: SdkMatch | undefined): Attribution {
  return match ? { kind: 'sdk', name: match.sdk.name } : { kind: 'main' };
}

/** The SDKs seen among many names, one entry per SDK (the first match kept), in order of first appearance. */
export function collectSdks(names: Iterable<string>, match: (name: string) => SdkMatch | undefined): ThirdPartySdk[] {
  const seen = new Map<string, ThirdPartySdk>();
  for (const n of names) {
    const m = match(n);
    if (m && !seen.has(m.sdk.name)) seen.set(m.sdk.name, { name: m.sdk.name, category: m.sdk.category, matched: m.matched });
  }
  return [...seen.values()];
}
