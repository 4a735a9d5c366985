/**
 * Every ELF of the image through engine-core's reader: protections (NX, PIE,
 * RELRO, canary, FORTIFY, RPATH, stripped) and, for network-facing programs,
 * dangerous imports and the command format strings that feed system/popen.
 */
import { type NativeProtections, checkNativeProtections, parseElf } from '@citadel/engine-core';
import { strings } from './view.ts';
import type { ImageView } from './view.ts';

export interface BinaryFacts {
  path: string;
  protections: NativeProtections;
  imports: string[];
  networkFacing: boolean;
  /** Format strings that look like shell commands with %s (network-facing programs importing system/popen/exec*). */
  commandFormats: { s: string; offset: number }[];
}

/** Programs that take input from the network (by name), as FACT_core and EMBA single them out. */
export const NETWORK_FACING = /(?:^|\/)(?:[\w.-]*httpd|lighttpd|uhttpd|boa|goahead|webs?|[\w-]*\.cgi|[\w-]*cgi|upnp[\w-]*|miniupnpd|cwmp|tr069|tr111|telnetd|utelnetd|dropbear(?:multi)?|sshd|dnsmasq|[\w-]*ftpd|smbd|nmbd|dhcps|udhcpd|siproxd|lld2d|pppd|xl2tpd|hostapd|wpsd|mini_httpd|thttpd|dns|ddnsc|cms)$/;

const EXEC_IMPORTS = new Set(['system', 'popen', 'execl', 'execlp', 'execle', 'execv', 'execvp', 'execve', '_eval', 'doSystem', 'twsystem']);
/** A printf format that builds a shell command: a command word, then %s within the same string. */
const COMMAND_FORMAT = /(?:^|[\s;&|`'"(])(?:wget|tftp|curl|ping6?|traceroute|sh -c|\/bin\/sh|iptables|ifconfig|route|echo|rm -rf?|kill(?:all)?|insmod|mount|nvram set|upg|cp|mv|cat|chmod)\b[^\n]{0,80}%s/;

export function analyseBinaries(view: ImageView, signal?: AbortSignal): { binaries: BinaryFacts[]; unreadable: { file: string; reason: string }[] } {
  const binaries: BinaryFacts[] = [];
  const unreadable: { file: string; reason: string }[] = [];
  for (const n of view.elfFiles()) {
    signal?.throwIfAborted();
    try {
      const elf = parseElf(n.data!, {});
      const protections = checkNativeProtections(elf);
      const networkFacing = NETWORK_FACING.test(n.path) || n.path.includes('/cgi-bin/');
      const commandFormats: { s: string; offset: number }[] = [];
      if (networkFacing && elf.imports.some((i) => EXEC_IMPORTS.has(i))) {
        for (const s of strings(view.text(n), 8)) {
          if (COMMAND_FORMAT.test(s.s)) commandFormats.push(s);
          if (commandFormats.length >= 50) break;
        }
      }
      binaries.push({ path: n.path, protections, imports: elf.imports, networkFacing, commandFormats });
    } catch (e) {
      unreadable.push({ file: n.path, reason: `ELF not readable: ${(e as Error).message}` });
    }
  }
  return { binaries, unreadable };
}
