/**
 * TP-Link firmware header v1 (0x200 bytes), after OpenWrt's mktplinkfw.c:
 * version 1 (BE), vendor "TP-LINK Technologies", version text, hardware id and
 * revision, load/entry addresses, kernel and rootfs offsets relative to the
 * header, firmware version hi.mid.lo. "up_boot" images carry U-Boot after a
 * first header and the real firmware behind a second one.
 */
import { type Handler, bytes, cString } from './types.ts';

export const tplinkHandler: Handler = {
  name: 'tplink',
  magics: [bytes('TP-LINK Technologies')],
  magicOffset: -4,
  carve(buf, off) {
    if (off < 0 || off + 0x200 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 0x200);
    // The version word is 1, written in either byte order by different build tools.
    if (dv.getUint32(0) !== 1 && dv.getUint32(0, true) !== 1) return undefined;
    const hwId = dv.getUint32(0x40);
    const facts: Record<string, string> = {
      vendor: 'TP-Link',
      headerVersion: cString(buf, off + 0x1c, 36),
      hardwareId: hwId.toString(16).padStart(8, '0'),
      hardwareRevision: String(dv.getUint32(0x44)),
      firmwareLength: String(dv.getUint32(0x7c)),
      kernelOffset: String(dv.getUint32(0x80)),
      kernelLength: String(dv.getUint32(0x84)),
      rootfsOffset: String(dv.getUint32(0x88)),
      rootfsLength: String(dv.getUint32(0x8c)),
      firmwareVersion: `${dv.getUint16(0x98)}.${dv.getUint16(0x9a)}.${dv.getUint16(0x9c)}`,
    };
    // TP-Link hardware ids are the model number in hex digits: 0x08410010 is the WR841N v10.
    const m = /^0*(\d{3,4})00(\d\d)$/.exec(facts.hardwareId!);
    if (m) facts.model = `TL-WR${m[1]}N v${Number(m[2])}`;
    return {
      length: 0x200,
      kind: 'header',
      detail: `TP-Link header v1, hardware ${facts.hardwareId} rev ${facts.hardwareRevision}, firmware ${facts.firmwareVersion}, kernel ${facts.kernelLength} bytes at +${facts.kernelOffset}, rootfs ${facts.rootfsLength} bytes at +${facts.rootfsOffset}`,
      facts,
    };
  },
};
