/**
 * Network exposure from the start-up chain: inittab, rcS and the scripts it
 * runs (followed inside the image, each once), init.d, inetd.conf. A service
 * is "at boot" when a start script launches it; programs only shipped are
 * listed too, since vendor daemons (Huawei cms) start others themselves.
 */
import type { FsNode } from '../unpack/model.ts';
import type { ImageView } from './view.ts';

export type ServiceKind = 'telnet' | 'ssh' | 'web' | 'upnp' | 'tr069' | 'tftp' | 'ftp' | 'dns_dhcp' | 'smb' | 'snmp' | 'debug';

export interface Service {
  kind: ServiceKind;
  program: string;
  /** The start script and line, or undefined when only shipped. */
  startedBy?: { file: string; line: number; command: string };
}

const KINDS: [ServiceKind, RegExp][] = [
  ['telnet', /^(?:u?telnetd)$/],
  ['ssh', /^(?:dropbear(?:multi)?|sshd)$/],
  ['web', /^(?:[\w.-]*httpd|lighttpd|uhttpd|boa|goahead|webs?|mini_httpd|thttpd)$/],
  ['upnp', /^(?:upnp[\w-]*|miniupnpd|upnpd)$/],
  ['tr069', /^(?:cwmp[\w-]*|tr069[\w-]*|tr111|easycwmp[d]?)$/],
  ['tftp', /^(?:tftpd|in\.tftpd|utftpd)$/],
  ['ftp', /^(?:[\w-]*ftpd)$/],
  ['dns_dhcp', /^(?:dnsmasq|udhcpd|dhcps|dhcpd|dns)$/],
  ['smb', /^(?:smbd|nmbd)$/],
  ['snmp', /^(?:snmpd)$/],
  ['debug', /^(?:gdbserver|strace|tcpdump|mini_snmpd_debug|debugd)$/],
];

export function kindOf(program: string): ServiceKind | undefined {
  const base = program.split('/').pop()!;
  return KINDS.find(([, re]) => re.test(base))?.[0];
}

export function findServices(view: ImageView): Service[] {
  const services: Service[] = [];
  const seen = new Set<string>();
  const queue: FsNode[] = [];
  const enqueue = (path: string): void => {
    const n = view.resolve(path);
    if (n?.type === 'file' && n.data && !seen.has(n.path) && view.isText(n)) {
      seen.add(n.path);
      queue.push(n);
    }
  };
  for (const p of ['/etc/inittab', '/etc/rc.d/rcS', '/etc/init.d/rcS', '/etc/rcS', '/etc/inetd.conf', '/etc/rc.local', '/etc/preinit']) enqueue(p);
  for (const p of view.nodes.keys()) if (/^\/etc\/(?:init\.d|rc\.d)\/[^/]+$/.test(p)) enqueue(p);

  for (let i = 0; i < queue.length && i < 500; i++) {
    const file = queue[i]!;
    view.text(file).split('\n').forEach((raw, li) => {
      const line = raw.replace(/#.*$/, '').trim();
      if (!line) return;
      // inittab: id:runlevels:action:process; inetd.conf: service socket proto wait user program args.
      const cmd = file.path.endsWith('inittab') ? line.split(':').slice(3).join(':') : file.path.endsWith('inetd.conf') ? line.split(/\s+/).slice(5).join(' ') : line;
      for (const word of cmd.split(/[\s;&|()`]+/)) {
        if (!word) continue;
        if (/^\/[\w./-]+$/.test(word) && (word.startsWith('/etc/') || word.endsWith('.sh'))) enqueue(word);
        const kind = kindOf(word);
        const dup = services.some((s) => s.startedBy?.file === file.path && s.startedBy.line === li + 1 && s.kind === kind);
        if (kind && !dup) services.push({ kind, program: word, startedBy: { file: file.path, line: li + 1, command: line.slice(0, 200) } });
      }
    });
  }
  // BusyBox applets and programs shipped but not seen in a script.
  const started = new Set(services.map((s) => s.program.split('/').pop()));
  for (const [path, n] of view.nodes) {
    if (n.type !== 'file' && n.type !== 'symlink') continue;
    const base = path.split('/').pop()!;
    const kind = kindOf(base);
    if (kind && !started.has(base) && /^\/(?:usr\/)?s?bin\//.test(path)) services.push({ kind, program: path });
  }
  return services;
}
