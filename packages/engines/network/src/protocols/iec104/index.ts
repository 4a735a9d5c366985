/**
 * IEC 60870-5-104 (IEC 60870-5-104:2006 §5, U-format APCI): STARTDT act →
 * STARTDT con, TESTFR act → TESTFR con, then STOPDT act before closing so
 * the outstation stops sending. U-frames only: no I-frame (no command, no
 * interrogation) is ever sent.
 */
import { hex } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

const u = (ctrl: number) => Buffer.from([0x68, 0x04, ctrl, 0x00, 0x00, 0x00]);
export const STARTDT_ACT = u(0x07);
export const TESTFR_ACT = u(0x43);
export const STOPDT_ACT = u(0x13);
const STARTDT_CON = 0x0b;
const TESTFR_CON = 0x83;

/** Whether `d` holds a U-frame with this control byte (frames are scanned by their APCI length). */
export function hasUFrame(d: Buffer, ctrl: number): boolean {
  let p = 0;
  for (let n = 0; n < 1000 && p + 2 <= d.length; n++) {
    if (d[p] !== 0x68) return false;
    const len = d[p + 1]!;
    if (len < 4 || p + 2 + len > d.length) return false;
    if (len === 4 && d[p + 2] === ctrl) return true;
    p += 2 + len;
  }
  return false;
}

export const iec104: Protocol = {
  id: 'iec104',
  ports: [2404],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      c.write(STARTDT_ACT);
      if (!(await c.until((d) => hasUFrame(d, STARTDT_CON), ctx.timeoutMs))) return undefined;
      c.write(TESTFR_ACT);
      const testfr = await c.until((d) => hasUFrame(d, TESTFR_CON), ctx.timeoutMs);
      c.write(STOPDT_ACT);
      return {
        service: 'iec104',
        extra: { startdt: 'confirmed', testfr: testfr ? 'confirmed' : 'no answer' },
        proof: { request: `STARTDT act ${hex(STARTDT_ACT)}; TESTFR act ${hex(TESTFR_ACT)}; STOPDT act ${hex(STOPDT_ACT)}`, response: hex(c.data, 64) },
      };
    } finally {
      c.close();
    }
  },
};
