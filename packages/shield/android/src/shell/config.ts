/**
 * The per-app constants of the DEX shell, emitted as the smali class
 * com.citadel.shell.Config next to the fixed stub sources in ./smali (the
 * reviewable start-up path never changes between apps; only this data does).
 */
import { fail } from '../text.ts';

export const STUB_CLASS = 'com.citadel.shell.ShellApp';
/** Every class the stub DEX must define (descriptor form), Config included. */
export const STUB_CLASSES = ['Lcom/citadel/shell/Config;', 'Lcom/citadel/shell/Guard;', 'Lcom/citadel/shell/Loader;', 'Lcom/citadel/shell/Payload;', 'Lcom/citadel/shell/ShellApp;'];
/** Where the encrypted DEX files go in the APK (AssetManager sees it as "citadel/payload.bin"). */
export const PAYLOAD_ENTRY = 'assets/citadel/payload.bin';
/** android:appComponentFactory: instantiated from the APK's class loader before any shell code runs, so it cannot live in the encrypted DEX. */
export const ATTR_APP_COMPONENT_FACTORY = 0x0101057a;

export const RESPONSES = ['off', 'report', 'exit'] as const;
export type Response = (typeof RESPONSES)[number];
const CODE: Record<Response, number> = { off: 0, report: 1, exit: 2 };

export interface ShellConfig {
  /** the original Application class, "" when the manifest named none */
  app: string;
  key: Buffer;
  payloadSha256: Buffer;
  certSha256: Buffer;
  tamper: Response;
  debug: Response;
  root: Response;
  emulator: Response;
  hook: Response;
}

const JAVA_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;

/** A smali string literal holding bytes as Latin-1 characters (read back with String.getBytes("ISO-8859-1")). */
function latin1(b: Buffer): string {
  return `"${[...b].map((x) => `\\u${x.toString(16).padStart(4, '0')}`).join('')}"`;
}

export function configSmali(c: ShellConfig): string {
  if (c.app !== '' && !JAVA_NAME.test(c.app)) fail('SHIELD_MANIFEST_UNSUPPORTED', `清单中的 Application 类名无效：${c.app.slice(0, 100)}`, `The Application class named in the manifest is not a valid Java name: ${c.app.slice(0, 100)}`);
  const str = (name: string, v: string): string => `.field public static final ${name}:Ljava/lang/String; = ${v}`;
  const int = (name: string, r: Response): string => `.field public static final ${name}:I = 0x${CODE[r]}`;
  return [
    '.class public final Lcom/citadel/shell/Config;',
    '.super Ljava/lang/Object;',
    str('APP', `"${c.app}"`),
    str('ASSET', `"${PAYLOAD_ENTRY.slice('assets/'.length)}"`),
    str('KEY', latin1(c.key)),
    str('PAYLOAD_SHA256', latin1(c.payloadSha256)),
    str('CERT_SHA256', latin1(c.certSha256)),
    int('TAMPER', c.tamper),
    int('DEBUG', c.debug),
    int('ROOT', c.root),
    int('EMULATOR', c.emulator),
    int('HOOK', c.hook),
    '',
  ].join('\n');
}
