/**
 * Modbus/TCP identity and reachability, read-only (see parser.ts): Read
 * Device Identification (basic, then regular objects) for vendor, product
 * code, revision, product and model name; the unit ids that answer; and one
 * Read Holding Registers of address 0 — holding registers are the register
 * class a master WRITES, so reading one without any access control proves
 * the writable area is reachable. Nothing is ever written.
 */
import { hex } from '../render.ts';
import type { Conn } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import { EXCEPTIONS, OBJECT_NAMES, frameDone, parseDeviceId, parseResponse, readDeviceId, readHoldingRegisters, request, type ModbusResponse } from './parser.ts';

/** Unit ids tried for the identity: 1 (the usual first server), 255 and 0 (the "this device" ids of TCP gateways). */
export const IDENTITY_UNITS = [1, 255, 0];

let transaction = 0x4300;

export async function ask(c: Conn, unit: number, pdu: Buffer, timeoutMs: number): Promise<{ req: Buffer; res?: ModbusResponse; raw: Buffer }> {
  const req = request(++transaction, unit, pdu);
  const from = c.data.length;
  c.write(req);
  await c.until((d) => frameDone(d.subarray(from)), timeoutMs);
  const raw = c.data.subarray(from);
  const res = parseResponse(raw);
  return { req, raw, ...(res ? { res } : {}) };
}

export interface ModbusFacts {
  unit: number;
  identity: Record<string, string>;
  proof: { request: string; response: string };
}

export const modbus: Protocol = {
  id: 'modbus',
  ports: [502, 5020],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      for (const unit of IDENTITY_UNITS) {
        const { req, res, raw } = await ask(c, unit, readDeviceId(1), ctx.timeoutMs);
        if (!res) {
          if (c.isClosed || raw.length > 0) break;
          continue;
        }
        const identity: Record<string, string> = { unit_id: String(unit) };
        const proof = { request: `Read Device Identification (0x2B/0x0E, basic) unit ${unit}: ${hex(req)}`, response: hex(raw) };
        if (res.exception !== undefined) {
          identity.device_identification = `exception ${res.exception} (${EXCEPTIONS[res.exception] ?? 'unknown'})`;
          return { service: 'modbus', extra: identity, access: 'open', proof };
        }
        const id = parseDeviceId(res);
        if (!id) return { service: 'modbus', extra: identity, access: 'open', proof };
        for (const [k, v] of Object.entries(id.objects)) identity[OBJECT_NAMES[Number(k)] ?? `object_${k}`] = v;
        // Regular objects (product and model name) when the device has them.
        const more = await ask(c, unit, readDeviceId(2, 3), ctx.timeoutMs).catch(() => undefined);
        const moreId = more?.res && parseDeviceId(more.res);
        if (moreId) for (const [k, v] of Object.entries(moreId.objects)) identity[OBJECT_NAMES[Number(k)] ?? `object_${k}`] ??= v;
        return {
          service: 'modbus',
          ...(identity.vendor || identity.product_name ? { product: productName(identity) } : {}),
          ...(identity.revision ? { version: identity.revision } : {}),
          extra: identity,
          access: 'open',
          proof,
        };
      }
      return undefined;
    } finally {
      c.close();
    }
  },
};

/** "Schneider Electric BMX P34 2020", without the vendor twice when the product name starts with it. */
function productName(id: Record<string, string>): string {
  const name = id.product_name ?? id.model_name ?? id.product_code ?? '';
  const vendor = id.vendor ?? '';
  return name.toLowerCase().startsWith(vendor.toLowerCase()) ? name : `${vendor} ${name}`.trim();
}

export type RegisterRead = { ok: true; unit: number; values: number[]; proof: { request: string; response: string } } | { ok: false; reason: string };

/** Reads holding register 0 (one register) on `unit`. */
export async function readHoldingRegister(ctx: ProbeContext, unit: number): Promise<RegisterRead> {
  const c = await ctx.open();
  try {
    const { req, res, raw } = await ask(c, unit, readHoldingRegisters(0, 1), ctx.timeoutMs);
    if (!res) return { ok: false, reason: 'no answer' };
    if (res.exception !== undefined) return { ok: false, reason: `exception ${res.exception} (${EXCEPTIONS[res.exception] ?? 'unknown'})` };
    const n = res.data[0] ?? 0;
    const values: number[] = [];
    for (let i = 0; i + 1 < n && 1 + i + 1 < res.data.length + 1; i += 2) values.push(res.data.readUInt16BE(1 + i));
    return { ok: true, unit, values, proof: { request: `Read Holding Registers (0x03) unit ${unit} address 0 count 1: ${hex(req)}`, response: hex(raw) } };
  } finally {
    c.close();
  }
}
