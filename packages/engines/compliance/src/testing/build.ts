/**
 * Builds the compliance engine's test APKs in code with the Android engine's
 * DEX and manifest writers: an Application, a launcher Activity, receivers
 * and providers whose methods call personal-information APIs directly,
 * through an SDK's classes, behind a consent check or by reflection, so each
 * check can be shown failing on one package and passing on another.
 */
import type { Assessment, Finding } from '@citadel/contracts';
import { type ApkSpec, buildApk, tempFile } from '@citadel/engine-android/testing/build-apk';
import type { ClassSpec, DexRefs, MethodSpec } from '@citadel/engine-android/testing/dex-writer';
import { ins } from '@citadel/engine-android/testing/dex-helpers';
import type { EngineOptions, InputFile } from '@citadel/engine-core';
import { engine } from '../engine.ts';

export type Body = (r: DexRefs) => number[];
export { ins };

const A = (name: string, value: string) => ({ name, android: true, string: value });

/** A method with this body (return-void appended); instance methods take `this` in the last of 8 registers. */
export function method(name: string, body: Body, opts: { static?: boolean; params?: string[] } = {}): MethodSpec {
  const params = opts.params ?? [];
  return { name, params, ret: 'V', registers: 8, ins: (opts.static ? 0 : 1) + params.length, virtual: !opts.static && name !== '<init>' && name !== '<clinit>', ...(opts.static ? { accessFlags: 0x9 } : {}), code: (r) => [...body(r), ...ins.returnVoid()] };
}

export function cls(name: string, superclass: string, methods: MethodSpec[], interfaces?: string[]): ClassSpec {
  return { name, superclass, methods, ...(interfaces ? { interfaces } : {}) };
}

/** invoke-static {regs} cls->name(params)ret */
export const callStatic = (r: DexRefs, c: string, name: string, params: string[], ret: string, regs: number[] = []): number[] => ins.invoke(3, r.method(c, name, params, ret), regs);
/** invoke-virtual {regs} (receiver first) */
export const callVirtual = (r: DexRefs, c: string, name: string, params: string[], ret: string, regs: number[]): number[] => ins.invoke(0, r.method(c, name, params, ret), regs);
/** invoke-interface {regs} */
export const callInterface = (r: DexRefs, c: string, name: string, params: string[], ret: string, regs: number[]): number[] => ins.invoke(4, r.method(c, name, params, ret), regs);
export const str = (r: DexRefs, reg: number, s: string): number[] => ins.constString(reg, r.str(s));
/** if-eqz vReg, +offset (code units from this instruction). */
export const ifEqz = (reg: number, offset: number): number[] => [(reg << 8) | 0x38, offset & 0xffff];

export const TM = 'Landroid/telephony/TelephonyManager;';
/** telephonyManager.getDeviceId() */
export const getDeviceId: Body = (r) => callVirtual(r, TM, 'getDeviceId', [], 'Ljava/lang/String;', [0]);
/** Settings.Secure.getString(resolver, "android_id") */
export const androidId: Body = (r) => [...str(r, 1, 'android_id'), ...callStatic(r, 'Landroid/provider/Settings$Secure;', 'getString', ['Landroid/content/ContentResolver;', 'Ljava/lang/String;'], 'Ljava/lang/String;', [0, 1])];

export interface AppSpec {
  /** Classes besides the Application (com.example.app.App) and the launcher (com.example.app.Main). */
  classes?: ClassSpec[];
  /** Body of App.onCreate. */
  appOnCreate?: Body;
  /** Body of Main.onCreate. */
  mainOnCreate?: Body;
  permissions?: string[];
  /** Extra <application> children (receivers, providers, services). */
  components?: Element[];
  files?: Record<string, string | Uint8Array>;
  appAttrs?: { name: string; android?: boolean; bool: boolean }[];
}

type ManifestSpec = Exclude<ApkSpec['manifest'], Uint8Array | undefined>;
export type Element = NonNullable<ManifestSpec['components']>[number];

export const APP = 'Lcom/example/app/App;';
export const MAIN = 'Lcom/example/app/Main;';

export function appSpec(s: AppSpec = {}): ApkSpec {
  const classes: ClassSpec[] = [
    cls(APP, 'Landroid/app/Application;', [method('onCreate', s.appOnCreate ?? (() => []))]),
    cls(MAIN, 'Landroid/app/Activity;', [method('onCreate', s.mainOnCreate ?? (() => []), { params: ['Landroid/os/Bundle;'] })]),
    ...(s.classes ?? []),
  ];
  return {
    manifest: {
      package: 'com.example.app',
      app: [A('name', 'com.example.app.App'), ...(s.appAttrs ?? [])],
      children: (s.permissions ?? []).map((p) => ({ name: 'uses-permission', attrs: [A('name', p)] })),
      components: [
        {
          name: 'activity',
          attrs: [A('name', '.Main'), { name: 'exported', android: true, bool: true }],
          children: [{ name: 'intent-filter', children: [{ name: 'action', attrs: [A('name', 'android.intent.action.MAIN')] }, { name: 'category', attrs: [A('name', 'android.intent.category.LAUNCHER')] }] }],
        },
        ...(s.components ?? []),
      ],
    },
    classes,
    ...(s.files ? { files: s.files } : {}),
  };
}

/** A receiver element listening to these actions. */
export function receiver(name: string, actions: string[], exported = true): Element {
  return { name: 'receiver', attrs: [A('name', name), { name: 'exported', android: true, bool: exported }], children: [{ name: 'intent-filter', children: actions.map((a) => ({ name: 'action', attrs: [A('name', a)] })) }] };
}

export function provider(name: string, authorities: string): Element {
  return { name: 'provider', attrs: [A('name', name), A('authorities', authorities), { name: 'exported', android: true, bool: false }] };
}

/** Builds the APK and assesses it (extra files: a policy). */
export async function assess(spec: ApkSpec | Uint8Array, extra: { name: string; data: string | Uint8Array }[] = [], options: EngineOptions = {}, name = 'app.apk'): Promise<Assessment> {
  const bytes = spec instanceof Uint8Array ? spec : await buildApk(spec);
  const files: InputFile[] = [{ path: tempFile(bytes, name), name }];
  for (const f of extra) files.push({ path: tempFile(typeof f.data === 'string' ? Buffer.from(f.data) : f.data, f.name), name: f.name });
  return engine.run({ files }, options, { now: () => new Date('2026-01-01T00:00:00Z') });
}

export function row(a: Assessment, key: string): Finding {
  const f = a.findings.find((x) => x.ruleId === `compliance.${key}`);
  if (!f) throw new Error(`no row for ${key}`);
  return f;
}

export const result = (a: Assessment, key: string): Finding['result'] => row(a, key).result;
