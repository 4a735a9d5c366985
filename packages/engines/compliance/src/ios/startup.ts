/**
 * Collection at start-up on iOS, before any user interaction: a call graph of
 * the app's arm64 executable from what runs at launch — main (LC_MAIN), the
 * app and scene delegate launch methods, every +load and +initialize, and the
 * static initialisers (__mod_init_func, __init_offsets) — to the
 * personal-information APIs of ios-apis.ts: a class of the table whose
 * reference a reached function loads, a selector of the table it sends, or an
 * imported C function of the table it calls. Objective-C messages are followed
 * to every method of the image with that selector (to the receiver's class's
 * own when x0 held a class reference) — an over-approximation, marked on the
 * path. Breadth first, so each API's path is a shortest one.
 *
 * Not followed: blocks and closures passed to other APIs (dispatch_async,
 * completion handlers), Swift's own dispatch (vtables, witness tables), calls
 * through registers (BLR), other images (embedded frameworks are not walked);
 * consent checks in iOS code are not recognised, so a path is a hint that a
 * device confirms, not a verdict.
 */
import { ImageCode, type MachOImage, type ObjcMethod, findSection, vmToFileOffset } from '@citadel/engine-ios';
import { IOS_PI_APIS, type IosApi } from '../data/ios-apis.ts';

/** Delegate methods UIKit calls while the app launches and comes to the foreground the first time. */
const LAUNCH_SELECTORS = new Set([
  'application:willFinishLaunchingWithOptions:',
  'application:didFinishLaunchingWithOptions:',
  'applicationDidFinishLaunching:',
  'applicationDidBecomeActive:',
  'scene:willConnectToSession:options:',
  'sceneWillEnterForeground:',
  'sceneDidBecomeActive:',
]);
const CLASS_LOAD_SELECTORS = new Set(['load', 'initialize']);

export interface IosStartupPath {
  api: IosApi;
  /** Entry → … → the function where the API is used. */
  path: string[];
  /** A step of the path went through a message resolved by selector to more than one method. */
  bySelector: boolean;
}

export interface IosStartup {
  entries: string[];
  paths: IosStartupPath[];
  /** Functions walked from the entries. */
  reached: number;
  /** Messages whose selector has too many implementations to follow without knowing the receiver. */
  unresolved: number;
  /** Methods and functions the image declares (for the summary). */
  functions: number;
  truncated: boolean;
}

export interface IosStartupLimits {
  maxFunctions: number;
  maxInstructions: number;
}

export const DEFAULT_IOS_STARTUP_LIMITS: IosStartupLimits = { maxFunctions: 20_000, maxInstructions: 4_000_000 };

const hex = (a: number) => `sub_${a.toString(16)}`;
/** A message to an unknown receiver is followed to at most this many implementations (beyond: too ambiguous to be a path). */
const MAX_FANOUT = 8;

/** Static initialisers: pointers in __mod_init_func, 32-bit offsets from the image base in __init_offsets. */
function initialisers(code: ImageCode): number[] {
  const image = code.image;
  const out: number[] = [];
  const mod = findSection(image, ['__DATA', '__DATA_CONST'], '__mod_init_func');
  if (mod) for (let i = 0; i < Math.min(mod.size / 8, 10_000); i++) {
    const a = code.objc.pointerAt(mod.addr + i * 8);
    if (a !== undefined) out.push(a);
  }
  const offs = findSection(image, ['__TEXT'], '__init_offsets');
  const base = image.segments.find((s) => s.name === '__TEXT')?.vmaddr ?? 0;
  if (offs) for (let i = 0; i < Math.min(offs.size / 4, 10_000); i++) {
    const at = vmToFileOffset(image, offs.addr + i * 4);
    if (at !== undefined && at + 4 <= image.data.length) out.push(base + new DataView(image.data.buffer, image.data.byteOffset + at, 4).getUint32(0, true));
  }
  return out;
}

export function iosStartup(image: MachOImage, limits: IosStartupLimits = DEFAULT_IOS_STARTUP_LIMITS): IosStartup | undefined {
  if (!ImageCode.supports(image)) return undefined;
  const code = new ImageCode(image);
  const byClass = new Map(IOS_PI_APIS.filter((a) => a.cls).map((a) => [a.cls!, a]));
  const bySymbol = new Map(IOS_PI_APIS.filter((a) => a.symbol).map((a) => [a.symbol!, a]));
  const bySelector = new Map(IOS_PI_APIS.filter((a) => a.selector).map((a) => [a.selector!, a]));
  const names = new Map<number, string>();
  const implementations = new Map<string, ObjcMethod[]>();
  for (const m of code.methods) {
    if (!names.has(m.imp)) names.set(m.imp, `${m.meta ? '+' : '-'}[${m.className} ${m.selector}]`);
    const list = implementations.get(m.selector) ?? [];
    if (list.length < 1000) list.push(m);
    implementations.set(m.selector, list);
  }
  const label = (addr: number) => names.get(addr) ?? hex(addr);
  const appClasses = new Set(code.methods.map((m) => m.className));
  let unresolved = 0;

  const entries: number[] = [];
  const main = code.entryAddress();
  if (main !== undefined) {
    names.set(main, 'main');
    entries.push(main);
  }
  for (const m of code.methods) if ((m.meta ? CLASS_LOAD_SELECTORS : LAUNCH_SELECTORS).has(m.selector)) entries.push(m.imp);
  for (const a of initialisers(code)) entries.push(a);
  // Only entries whose code is in the image (an LC_MAIN outside __text, a method of another image, are not).
  entries.splice(0, entries.length, ...entries.filter((e) => code.word(e) !== undefined));

  // Breadth first: parent links give each reached function its shortest path from an entry.
  const parent = new Map<number, { from: number; bySelector: boolean } | null>();
  const queue: number[] = [];
  for (const e of entries) if (!parent.has(e)) {
    parent.set(e, null);
    queue.push(e);
  }
  const pathTo = (addr: number): { path: string[]; bySelector: boolean } => {
    const path: string[] = [];
    let bySel = false;
    for (let a: number | undefined = addr, n = 0; a !== undefined && n < 64; n++) {
      path.unshift(label(a));
      const p = parent.get(a);
      if (p?.bySelector) bySel = true;
      a = p?.from;
    }
    return { path, bySelector: bySel };
  };
  const found = new Map<IosApi, IosStartupPath>();
  const use = (api: IosApi | undefined, at: number, how: string) => {
    if (!api || found.has(api)) return;
    const p = pathTo(at);
    found.set(api, { api, path: [...p.path, how], bySelector: p.bySelector });
  };
  let instructions = 0;
  let truncated = false;
  for (let i = 0; i < queue.length; i++) {
    if (i >= limits.maxFunctions || instructions >= limits.maxInstructions) {
      truncated = true;
      break;
    }
    const addr = queue[i]!;
    const facts = code.facts(addr);
    instructions += facts.instructions;
    if (facts.truncated) truncated = true;
    for (const cls of facts.classes) use(byClass.get(cls), addr, cls);
    const visit = (target: number, bySelector: boolean) => {
      if (parent.has(target)) return;
      parent.set(target, { from: addr, bySelector });
      queue.push(target);
    };
    for (const call of facts.calls) {
      const callee = code.callee(call);
      if (callee.kind === 'function') visit(callee.addr, false);
      else if (callee.kind === 'import') use(bySymbol.get(callee.name), addr, callee.name.replace(/^_/, ''));
      else if (callee.kind === 'message' && callee.selector) {
        const receiver = callee.receiverClass;
        use(bySelector.get(callee.selector), addr, `${receiver ? `${receiver} ` : ''}${callee.selector}`);
        if (receiver) use(byClass.get(receiver), addr, `${receiver} ${callee.selector}`);
        // [super …] goes to a superclass, usually the system's: not followed.
        if (callee.super) continue;
        const all = implementations.get(callee.selector) ?? [];
        const meta = callee.receiverIsClass === true;
        const own = receiver ? all.filter((m) => m.className === receiver && m.meta === meta) : [];
        if (own.length > 0) {
          for (const m of own) visit(m.imp, false);
          continue;
        }
        // A system class's own method: nothing of the image runs. An app class without it: inherited from an
        // app superclass, or a receiver we do not know: every implementation, when few enough to mean something.
        if (receiver && !appClasses.has(receiver)) continue;
        if (all.length <= MAX_FANOUT) for (const m of all) visit(m.imp, all.length > 1);
        else unresolved++;
      }
    }
  }
  return {
    entries: [...new Set(entries)].map(label),
    paths: [...found.values()],
    reached: parent.size,
    unresolved,
    functions: code.methods.length,
    truncated,
  };
}
