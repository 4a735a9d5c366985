/** Checks on the unpacked files: accounts, binaries, services, secrets, web interface. */
import { hasLoginShell } from '../analysis/accounts.ts';
import type { FirmwareCheckContext } from './context.ts';

export async function accountChecks(c: FirmwareCheckContext): Promise<void> {
  const { accounts } = c.facts;
  await c.run(['accounts.empty_password'], () => {
    for (const a of accounts) if (a.scheme === 'empty') c.fail('accounts.empty_password', { file: a.file, line: a.line, snippet: `${a.user}::…`, detail: `account ${a.user} has an empty password field` });
  });
  await c.run(['accounts.default_password'], () => {
    for (const a of accounts) if (a.cracked !== undefined) c.fail('accounts.default_password', { file: a.file, line: a.line, snippet: `${a.user}: ${a.cracked}`, detail: `${a.scheme} password of ${a.user} is a known default (masked)` });
  });
  await c.run(['accounts.weak_hash'], () => {
    for (const a of accounts) {
      if (a.scheme === 'des' || a.scheme === 'md5crypt') c.fail('accounts.weak_hash', { file: a.file, line: a.line, snippet: a.user, detail: `${a.scheme === 'des' ? 'DES crypt' : 'MD5-crypt ($1$)'} hash` });
      if (a.scheme === 'plain') c.fail('accounts.weak_hash', { file: a.file, line: a.line, snippet: `${a.user}: ${a.plaintext ?? a.cracked}`, detail: 'password stored in clear text (masked)' });
    }
  });
  await c.run(['accounts.login_shells'], () => {
    for (const a of accounts) {
      if (a.uid === 0 && a.user !== 'root') c.fail('accounts.login_shells', { file: a.file, line: a.line, snippet: a.user, detail: `UID 0 account other than root (shell ${a.shell})` });
      else if (hasLoginShell(a) && a.user !== 'root') c.fail('accounts.login_shells', { file: a.file, line: a.line, snippet: `${a.user} → ${a.shell}`, detail: 'service account with a login shell' });
    }
  });
}

export async function binaryChecks(c: FirmwareCheckContext): Promise<void> {
  const bins = c.facts.binaries;
  const execs = bins.filter((b) => b.protections.elfType === 'executable' || b.protections.pieExecutable);
  await c.run(['binary.nx'], () => {
    for (const b of bins) if (!b.protections.nx) c.fail('binary.nx', { file: b.path, snippet: `PT_GNU_STACK ${b.protections.gnuStack}`, detail: `${b.protections.architecture} ${b.protections.elfType}` });
  });
  await c.run(['binary.pie'], () => {
    for (const b of execs) if (!b.protections.pie) c.fail('binary.pie', { file: b.path, snippet: 'ET_EXEC', detail: `${b.protections.architecture} executable at a fixed address` });
  });
  await c.run(['binary.relro'], () => {
    for (const b of bins) if (b.protections.relro !== 'full') c.fail('binary.relro', { file: b.path, snippet: `RELRO ${b.protections.relro}` });
  });
  await c.run(['binary.canary'], () => {
    for (const b of bins) if (!b.protections.stackCanary) c.fail('binary.canary', { file: b.path, snippet: 'no __stack_chk_fail', detail: b.protections.stripped ? 'stripped' : 'not stripped' });
  });
  await c.run(['binary.fortify'], () => {
    for (const b of bins) if (!b.protections.fortify) c.fail('binary.fortify', { file: b.path, snippet: 'no *_chk functions' });
  });
  await c.run(['binary.rpath'], () => {
    for (const b of bins) {
      const paths = [...b.protections.rpath, ...b.protections.runpath];
      if (paths.length) c.fail('binary.rpath', { file: b.path, snippet: paths.join(':').slice(0, 200) });
    }
  });
  await c.run(['binary.dangerous_functions'], () => {
    for (const b of bins) {
      if (!b.networkFacing) continue;
      const fns = b.protections.dangerousFunctions.filter((f) => f.category === 'command-execution' || f.category === 'buffer-overflow');
      if (fns.length) c.fail('binary.dangerous_functions', { file: b.path, snippet: fns.map((f) => f.name).join(', '), detail: fns.map((f) => `${f.name}: ${f.reason}`).join('; ').slice(0, 500) });
    }
  });
}

export async function networkChecks(c: FirmwareCheckContext): Promise<void> {
  const { services } = c.facts;
  await c.run(['network.telnet'], () => {
    for (const s of services.filter((x) => x.kind === 'telnet')) {
      if (s.startedBy) c.fail('network.telnet', { file: s.startedBy.file, line: s.startedBy.line, snippet: s.startedBy.command, detail: `${s.program} started at boot` });
      else c.fail('network.telnet', { file: s.program, detail: 'telnet daemon shipped (may be started by a vendor program or the web interface)' });
    }
  });
  await c.run(['network.services'], () => {
    const ev = services.map((s) => (s.startedBy ? { file: s.startedBy.file, line: s.startedBy.line, snippet: s.startedBy.command, detail: `${s.kind}: ${s.program} started at boot` } : { file: s.program, detail: `${s.kind}: shipped, not started by a start script` }));
    if (ev.length) c.problem('network.services', ev);
  });
}

export async function secretChecks(c: FirmwareCheckContext): Promise<void> {
  const { keys, certs, credentials } = c.facts.secrets;
  await c.run(['secrets.private_keys'], () => {
    for (const k of keys) c.fail('secrets.private_keys', { file: k.file, offset: k.offset, snippet: `-----BEGIN ${k.kind}-----`, detail: `${k.encrypted ? 'encrypted' : 'unencrypted'} key, SHA-256 of the PEM body ${k.fingerprint}` });
  });
  await c.run(['secrets.certificates'], () => {
    for (const x of certs) if (x.problems.length) c.fail('secrets.certificates', { file: x.file, offset: x.offset, snippet: x.subject.slice(0, 200), detail: x.problems.join(', ') });
  });
  await c.run(['secrets.hardcoded_credentials'], () => {
    for (const x of credentials) c.fail('secrets.hardcoded_credentials', { file: x.file, line: x.line, snippet: x.value, detail: x.pattern });
  });
}

export async function webChecks(c: FirmwareCheckContext): Promise<void> {
  const { web, binaries } = c.facts;
  await c.run(['web.interface'], () => {
    const ev = [...web.roots.map((r) => ({ file: r.path, detail: `web root with ${r.pages} pages` })), ...web.cgis.slice(0, 100).map((p) => ({ file: p, detail: 'CGI program' }))];
    if (ev.length) c.problem('web.interface', ev);
  });
  await c.run(['web.command_execution'], () => {
    for (const s of web.scriptInjections) c.fail('web.command_execution', { file: s.file, line: s.line, snippet: s.snippet, detail: 'request data reaches eval, backticks or $(…)' });
    for (const b of binaries) {
      for (const f of b.commandFormats.slice(0, 10)) c.fail('web.command_execution', { file: b.path, offset: f.offset, snippet: f.s.slice(0, 200), detail: `command format string in a network-facing program importing ${b.imports.filter((i) => /^(?:system|popen|exec\w*|_eval|doSystem|twsystem)$/.test(i)).join(', ')}` });
    }
  });
}
