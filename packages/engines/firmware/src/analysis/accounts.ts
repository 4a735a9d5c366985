/**
 * Accounts from passwd, shadow (and their .bak copies), htpasswd files and
 * vendor XML configuration (user name / password pairs), with the hash
 * scheme of each and the result of a dictionary pass over the bundled vendor
 * default passwords. Passwords never leave this module unmasked.
 */
import { DEFAULT_PASSWORDS } from '../knowledge/default-passwords.ts';
import { type HashScheme, crack, hashScheme, maskPassword } from './crypt.ts';
import type { ImageView } from './view.ts';

export interface Account {
  user: string;
  file: string;
  line: number;
  scheme: HashScheme;
  uid?: number;
  shell?: string;
  /** Masked cracked password (a default or dictionary one). */
  cracked?: string;
  /** Masked password stored in clear text that is not in the dictionary. */
  plaintext?: string;
}

const PASSWD_FILE = /(?:^|\/)(?:passwd|shadow|passwd\.bak|shadow\.bak|passwd-|shadow-|\.htpasswd|htpasswd)$/;
const LOGIN_SHELL = /(?:^|\/)(?:sh|ash|bash|dash|zsh|ksh|busybox|cli)$/;

export function findAccounts(view: ImageView): Account[] {
  const out: Account[] = [];
  for (const n of view.textFiles(1 << 20)) {
    const text = view.text(n);
    if (PASSWD_FILE.test(n.path)) {
      text.split('\n').forEach((line, i) => {
        const f = line.trim().split(':');
        if (f.length < 2 || !/^[\w.$-]{1,32}$/.test(f[0]!)) return;
        const shadowLike = n.path.includes('shadow') || f.length === 9;
        const hash = f[1]!;
        const a: Account = { user: f[0]!, file: n.path, line: i + 1, scheme: hashScheme(hash) };
        if (!shadowLike && f.length >= 7) {
          a.uid = Number(f[2]);
          a.shell = f[6]!;
        }
        if (a.scheme !== 'locked') {
          const hit = crack(hash, DEFAULT_PASSWORDS);
          if (hit !== undefined) a.cracked = maskPassword(hit);
        }
        out.push(a);
      });
    } else if (/\.(?:xml|conf|cfg|ini)$/i.test(n.path) && /pass(?:word|wd)/i.test(text)) {
      // Vendor configuration: <X_UserName>admin</…><X_Password>…</…> or UserName="…" Password="…".
      const re = /(?:user(?:_?name)?|login)["'\s]*[=>:]\s*["']?([\w@.-]{1,32})["'<][^\n]{0,200}?pass(?:word|wd)["'\s]*[=>:]\s*["']?([^"'<\s]{0,64})["'<]/gi;
      for (const m of text.matchAll(re)) {
        const pw = m[2]!;
        const line = text.slice(0, m.index).split('\n').length;
        const scheme: HashScheme = pw === '' ? 'empty' : hashScheme(pw) === 'unknown' ? 'plain' : hashScheme(pw);
        const a: Account = { user: m[1]!, file: n.path, line, scheme };
        if (scheme === 'plain') {
          if (DEFAULT_PASSWORDS.includes(pw)) a.cracked = maskPassword(pw);
          else a.plaintext = maskPassword(pw);
        }
        else if (scheme === 'md5crypt') {
          const hit = crack(pw, DEFAULT_PASSWORDS);
          if (hit !== undefined) a.cracked = maskPassword(hit);
        }
        out.push(a);
        if (out.length > 10_000) break;
      }
    }
  }
  return out;
}

export const hasLoginShell = (a: Account): boolean => a.shell !== undefined && LOGIN_SHELL.test(a.shell);
