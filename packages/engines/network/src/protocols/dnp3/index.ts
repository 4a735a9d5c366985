/**
 * DNP3 over TCP (IEEE 1815-2012 §9, data-link layer): REQUEST LINK STATUS
 * (primary function 9) to the self address 0xFFFC and the commonest
 * outstation addresses; an outstation answers LINK STATUS (secondary
 * function 11) from its own address. Then one application READ of the
 * device attributes (attributes.ts, Group 0): vendor, model, software
 * version. No write, no control, no restart is ever sent.
 */
import { hex } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import { applicationFragment, parseAttributes, readAttributes } from './attributes.ts';

/** CRC-16/DNP (IEEE 1815 §9.2.4.1.4): polynomial 0x3D65, reflected (0xA6BC), complemented. */
export function crc(b: Buffer): number {
  let c = 0;
  for (const x of b) {
    c ^= x;
    for (let i = 0; i < 8; i++) c = c & 1 ? (c >>> 1) ^ 0xa6bc : c >>> 1;
  }
  return ~c & 0xffff;
}

/** Master address used as source (a value masters commonly use; outstations answer to any). */
const MASTER = 3;
/** 0xFFFC: self address (§9.2.5.3); then the addresses outstations ship with. */
export const DESTINATIONS = [0xfffc, 1, 0, 10, 1024];

export function requestLinkStatus(dest: number, src = MASTER): Buffer {
  const h = Buffer.from([0x05, 0x64, 0x05, 0xc9, dest & 0xff, dest >> 8, src & 0xff, src >> 8]);
  const c = crc(h);
  return Buffer.concat([h, Buffer.from([c & 0xff, c >> 8])]);
}

export interface LinkFrame {
  func: number;
  primary: boolean;
  dest: number;
  src: number;
}

/** Link headers in `d` whose CRC checks (bounded scan; user data blocks are skipped by length). */
export function readFrames(d: Buffer): LinkFrame[] {
  const out: LinkFrame[] = [];
  let p = 0;
  while (p + 10 <= d.length && out.length < 64) {
    if (d[p] !== 0x05 || d[p + 1] !== 0x64) {
      p++;
      continue;
    }
    const h = d.subarray(p, p + 8);
    if (crc(h) !== d.readUInt16LE(p + 8)) {
      p++;
      continue;
    }
    const len = h[2]!;
    const ctrl = h[3]!;
    out.push({ func: ctrl & 0x0f, primary: (ctrl & 0x40) !== 0, dest: h.readUInt16LE(4), src: h.readUInt16LE(6) });
    const user = Math.max(0, len - 5);
    p += 10 + user + 2 * Math.ceil(user / 16);
  }
  return out;
}

export const dnp3: Protocol = {
  id: 'dnp3',
  ports: [20000],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      const reqs = DESTINATIONS.map((d) => requestLinkStatus(d));
      for (const r of reqs) c.write(r);
      await c.until((d) => readFrames(d).some((f) => !f.primary && f.func === 11), ctx.timeoutMs);
      const status = readFrames(c.data).find((f) => !f.primary && f.func === 11);
      if (!status) return undefined;
      const linkAnswer = hex(c.data, 64);
      // Then the device attributes: one application READ of g0v254 to the address that answered.
      const from = c.data.length;
      const read = readAttributes(status.src, MASTER);
      c.write(read);
      await c.until((d) => applicationFragment(d.subarray(from)) !== undefined, ctx.timeoutMs);
      const app = applicationFragment(c.data.subarray(from));
      let attrs: Record<string, string> = {};
      let readAnswer = 'no application response';
      if (app) {
        try {
          const r = parseAttributes(app);
          attrs = r.function === 0x81 ? r.attributes : {};
          readAnswer = `RESPONSE function 0x${r.function.toString(16)}, IIN 0x${r.iin.toString(16).padStart(4, '0')}: ${Object.entries(r.attributes).map(([k, v]) => `${k}=${v}`).join('; ') || 'no attributes'}`;
        } catch (e) {
          readAnswer = (e as Error).message;
        }
      }
      const { model_name: model, software_version: software, ...rest } = attrs;
      return {
        service: 'dnp3',
        ...(model ? { product: model } : {}),
        ...(software ? { version: software } : {}),
        extra: { outstation_address: String(status.src), master_address: String(status.dest), ...(model ? { model_name: model } : {}), ...rest },
        proof: {
          request: `REQUEST LINK STATUS to ${DESTINATIONS.join(', ')}: ${reqs.map((r) => hex(r)).join(' | ')}\nREAD g0v254 (device attributes) to ${status.src}: ${hex(read)}`,
          response: `${linkAnswer}\n${readAnswer}`,
        },
      };
    } finally {
      c.close();
    }
  },
};
