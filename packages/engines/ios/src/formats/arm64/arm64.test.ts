import { describe, expect, it } from 'vitest';
import { readMachOImage } from '../macho/image.ts';
import { asm, writeArm64Image } from '../test-utils/arm64-image-writer.ts';
import { decode } from './decode.ts';
import { ImageCode } from './image-code.ts';

describe('arm64 decoding', () => {
  it('decodes calls, branches, returns and address arithmetic by their A64 encodings', () => {
    const pc = 0x100004000;
    expect(decode(0x94000010, pc)).toEqual({ op: 'bl', target: pc + 0x40 });
    expect(decode(0x97ffffff, pc)).toEqual({ op: 'bl', target: pc - 4 });
    expect(decode(0x14000002, pc)).toEqual({ op: 'b', target: pc + 8 });
    expect(decode(0xd65f03c0, pc)).toEqual({ op: 'ret' });
    expect(decode(0xd65f0fff, pc)).toEqual({ op: 'ret' }); // retab
    expect(decode(0xd61f0200, pc)).toEqual({ op: 'br' }); // br x16
    expect(decode(0xd63f0100, pc)).toEqual({ op: 'blr' }); // blr x8
    expect(decode(0xb0000001, pc)).toEqual({ op: 'adrp', rd: 1, value: pc + 0x1000 }); // adrp x1, +1 page
    expect(decode(0x91004021, pc)).toEqual({ op: 'add', rd: 1, rn: 1, imm: 0x10 });
    expect(decode(0xf9400821, pc)).toEqual({ op: 'ldr', rt: 1, rn: 1, offset: 0x10 });
    expect(decode(0xaa0103e0, pc)).toEqual({ op: 'mov', rd: 0, rm: 1 });
    expect(decode(0xb4000040, pc)).toEqual({ op: 'bcond', target: pc + 8 }); // cbz x0, +8
    expect(decode(0xd503201f, pc)).toMatchObject({ op: 'other' }); // nop
  });
});

describe('image code: methods, stubs, selectors and classes', () => {
  const image = (relativeMethodLists: boolean) =>
    readMachOImage(
      writeArm64Image({
        relativeMethodLists,
        functions: [
          { name: 'launch', code: [...asm.send('setup'), asm.ret()] },
          { name: 'setup', code: [...asm.cls(0, 'CLLocationManager'), ...asm.send('new'), asm.bl('fn:helper'), asm.cbz('fn:setup_tail'), asm.ret()] },
          { name: 'setup_tail', code: [asm.nop(), asm.b('fn:helper')] },
          { name: 'helper', code: [asm.bl('stub:_CNCopyCurrentNetworkInfo'), asm.ret()] },
        ],
        classes: [{ name: 'AppDelegate', methods: [{ selector: 'application:didFinishLaunchingWithOptions:', fn: 'launch' }, { selector: 'setup', fn: 'setup' }, { selector: 'load', fn: 'helper', meta: true }] }],
        importedClasses: ['CLLocationManager'],
        importedFunctions: ['_CNCopyCurrentNetworkInfo'],
      }),
    );

  for (const relative of [false, true]) {
    it(`reads methods (${relative ? 'relative' : 'pointer'} lists) and what each call reaches`, () => {
      const code = new ImageCode(image(relative));
      expect(code.methods.map((m) => [m.className, m.selector, m.meta])).toEqual([
        ['AppDelegate', 'application:didFinishLaunchingWithOptions:', false],
        ['AppDelegate', 'setup', false],
        ['AppDelegate', 'load', true],
      ]);
      const launch = code.methods[0]!.imp;
      const [send] = code.facts(launch).calls;
      // x0 is self on entry to an instance method: [self setup] goes to AppDelegate's own.
      expect(code.callee(send!)).toEqual({ kind: 'message', selector: 'setup', receiverClass: 'AppDelegate', receiverIsClass: false, super: false });
      const setup = code.facts(code.methods[1]!.imp);
      expect(setup.classes).toEqual(['CLLocationManager']);
      const callees = setup.calls.map((c) => code.callee(c));
      expect(callees[0]).toEqual({ kind: 'message', selector: 'new', receiverClass: 'CLLocationManager', receiverIsClass: true, super: false });
      expect(callees[1]).toMatchObject({ kind: 'function' });
      // The conditional branch goes past the return: the walk follows it to the tail call.
      expect(callees[2]).toMatchObject({ kind: 'function' });
      expect(setup.calls[2]?.tail).toBe(true);
      const helper = code.facts((callees[1] as { addr: number }).addr);
      expect(helper.calls.map((c) => code.callee(c))).toEqual([{ kind: 'import', name: '_CNCopyCurrentNetworkInfo' }]);
    });
  }

  it('follows an instance from +alloc through -init to the message sent to it', () => {
    const code = new ImageCode(
      readMachOImage(
        writeArm64Image({
          functions: [
            { name: 'make', code: [...asm.cls(0, 'Helper'), ...asm.send('alloc'), ...asm.send('init'), ...asm.send('doWork'), asm.ret()] },
            { name: 'work', code: [asm.ret()] },
          ],
          classes: [{ name: 'Helper', methods: [{ selector: 'doWork', fn: 'work' }] }],
        }),
      ),
    );
    // `make` (12 instructions, not a method: x0 unknown on entry) is laid out right before `work`.
    const start = code.methods[0]!.imp - 4 * 12;
    expect(code.facts(start).calls.map((c) => code.callee(c))).toEqual([
      { kind: 'message', selector: 'alloc', receiverClass: 'Helper', receiverIsClass: true, super: false },
      { kind: 'message', selector: 'init', receiverClass: 'Helper', receiverIsClass: false, super: false },
      { kind: 'message', selector: 'doWork', receiverClass: 'Helper', receiverIsClass: false, super: false },
    ]);
  });

  it('stays bounded on garbage: no code, no methods, no error', () => {
    const bytes = writeArm64Image({ functions: [{ name: 'f', code: [asm.b('fn:f')] }] });
    const code = new ImageCode(readMachOImage(bytes));
    expect(code.methods).toEqual([]);
    expect(code.facts(0x100000000 + 8).calls).toEqual([]);
  });
});
