/**
 * OMRON FINS over TCP (FINS Commands Reference Manual W227 §3 and the
 * FINS/TCP header of W421/W342): the node address exchange (command 0),
 * then one FINS frame with CONTROLLER DATA READ (MRC 05, SRC 01), whose
 * answer names the controller model and version. Only 0501 is sent: no
 * memory area write, no run/stop.
 */
import { hex } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

const MAGIC = Buffer.from('FINS', 'ascii');

function tcpHeader(command: number, body: Buffer): Buffer {
  const h = Buffer.alloc(16);
  MAGIC.copy(h, 0);
  h.writeUInt32BE(8 + body.length, 4);
  h.writeUInt32BE(command, 8);
  return Buffer.concat([h, body]);
}

/** Node address data send (client): node 0 = "assign me one". */
export const nodeAddressRequest = (): Buffer => tcpHeader(0, Buffer.alloc(4));

export function controllerDataRead(serverNode: number, clientNode: number): Buffer {
  // ICF 0x80 (command, response required), RSV, GCT 2, DNA 0, DA1, DA2 0, SNA 0, SA1, SA2 0, SID; MRC 05 SRC 01.
  return tcpHeader(2, Buffer.from([0x80, 0x00, 0x02, 0x00, serverNode & 0xff, 0x00, 0x00, clientNode & 0xff, 0x00, 0x01, 0x05, 0x01]));
}

/** One FINS/TCP message from the front of `d`, or undefined while incomplete / when it is none. */
export function readMessage(d: Buffer): { command: number; error: number; body: Buffer; length: number } | undefined {
  if (d.length < 16 || !d.subarray(0, 4).equals(MAGIC)) return undefined;
  const len = d.readUInt32BE(4);
  if (len < 8 || len > 4096 || d.length < 8 + len) return undefined;
  return { command: d.readUInt32BE(8), error: d.readUInt32BE(12), body: d.subarray(16, 8 + len), length: 8 + len };
}

const ascii = (b: Buffer) => b.toString('latin1').replace(/\0.*$/s, '').replace(/[^\x20-\x7e]/g, '').trim();

export function parseControllerData(frame: Buffer): { model: string; version: string } | undefined {
  // FINS header (10) + MRC SRC (2) + end code (2) + model (20) + version (20)
  if (frame.length < 54 || frame[10] !== 0x05 || frame[11] !== 0x01) return undefined;
  if (frame.readUInt16BE(12) !== 0) return undefined;
  return { model: ascii(frame.subarray(14, 34)), version: ascii(frame.subarray(34, 54)) };
}

export const fins: Protocol = {
  id: 'fins',
  ports: [9600],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      c.write(nodeAddressRequest());
      await c.until((d) => readMessage(d) !== undefined || (d.length >= 4 && !d.subarray(0, 4).equals(MAGIC)), ctx.timeoutMs);
      const na = readMessage(c.data);
      if (!na || na.command !== 1 || na.error !== 0 || na.body.length < 8) return undefined;
      const clientNode = na.body.readUInt32BE(0);
      const serverNode = na.body.readUInt32BE(4);
      c.write(controllerDataRead(serverNode, clientNode));
      await c.until((d) => {
        const m = readMessage(d.subarray(na.length));
        return m !== undefined;
      }, ctx.timeoutMs);
      const m = readMessage(c.data.subarray(na.length));
      const data = m && m.command === 2 ? parseControllerData(m.body) : undefined;
      return {
        service: 'fins',
        ...(data ? { product: data.model, version: data.version } : {}),
        extra: { vendor: 'OMRON', server_node: String(serverNode), ...(data ? { model_name: data.model, controller_version: data.version } : {}) },
        proof: { request: c.sent.map((b) => hex(b)).join(' | '), response: hex(c.data, 128) },
      };
    } finally {
      c.close();
    }
  },
};
