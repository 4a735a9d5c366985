/**
 * Rules read from the shape of the code rather than from data flow:
 * certificate checks switched off (trust-all TrustManager, HostnameVerifier
 * returning true, rejectUnauthorized: false, InsecureSkipVerify: true,
 * verify=False) and passwords written into the code.
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import { type LangGroup, assignmentsAt, boundNames, callAt, isString, isSubscript } from '../taint/syntax-profile.ts';
import { literalString } from '../taint/fold.ts';

export interface SyntaxHit {
  key: string;
  node: Syn;
  detail: string;
}

const PASSWORD_NAME = /^(?:.*[._$])?(passw(or)?d|pwd|passwd|secret|secret_?key|api_?key|apikey|auth_?token|access_?token|client_?secret|private_?key)$/i;
/** Sources: RFC 3986 userinfo (scheme://user:password@host) and ADO.NET/ODBC connection-string keywords. */
const CONNECTION_PASSWORD = /^[a-z][\w+.-]*:\/\/[^:/\s@]+:([^@/\s]{3,})@[^\s]+$/i;
const KEYWORD_PASSWORD = /(?:^|;)\s*(?:password|pwd)\s*=\s*([^;'"\s][^;]{2,})\s*(?:;|$)/i;
const PLACEHOLDER = /^(|\*+|x+|changeme|change_me|password|passwd|secret|your[_-].*|<.*>|\$\{.*\}|%s|\{\{.*\}\}|null|none|undefined|todo|test|example|dummy|xxx+|\.+)$/i;

export function syntaxRules(root: Syn, src: string, group: LangGroup, visit: (hit: SyntaxHit) => void): void {
  const text = (n: Syn) => src.slice(n.start, n.end);
  const stack: Syn[] = [root];
  let guard = 0;
  while (stack.length && guard++ < 5_000_000) {
    const n = stack.pop()!;
    for (const c of n.children) stack.push(c);
    const t = n.type;
    // Trust managers that accept every certificate, verifiers that accept every host.
    if ((t === 'method_declaration' || t === 'function_declaration') && group === 'java') {
      const name = field(n, 'name') ?? n.children.find((c) => c.type === 'simple_identifier');
      const body = field(n, 'body') ?? n.children.find((c) => c.type === 'function_body');
      if (!name || !body) continue;
      const nm = text(name);
      const b = text(body).replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      if (nm === 'checkServerTrusted' && !/throw|check|verify|validate|super\./.test(b)) visit({ key: 'network.trust_all_certificates', node: name, detail: 'checkServerTrusted accepts every certificate' });
      if (nm === 'getAcceptedIssuers' && /return\s+null|return\s+new\s+\w+(\.\w+)*\s*\[\s*0\s*\]/.test(b) && /checkServerTrusted\s*\([^)]*\)\s*(throws[^{]*)?\{\s*\}/.test(src)) visit({ key: 'network.trust_all_certificates', node: name, detail: 'X509TrustManager with empty checks' });
      if (nm === 'verify' && /^\{\s*return\s+true\s*;?\s*\}$/.test(b.trim())) visit({ key: 'network.hostname_verifier', node: name, detail: 'HostnameVerifier.verify returns true' });
      continue;
    }
    if (t === 'lambda_expression' && /HostnameVerifier|setHostnameVerifier|setDefaultHostnameVerifier/.test(text(n.parent?.parent ?? n))) {
      const body = field(n, 'body');
      if (body && /^(\{\s*return\s+)?true;?\s*\}?$/.test(text(body).trim())) visit({ key: 'network.hostname_verifier', node: n, detail: 'HostnameVerifier lambda returns true' });
      continue;
    }
    if (group === 'java' && (t === 'field_access' || t === 'identifier') && /ALLOW_ALL_HOSTNAME_VERIFIER$/.test(text(n))) {
      visit({ key: 'network.hostname_verifier', node: n, detail: text(n) });
      continue;
    }
    if (t === 'pair' || t === 'keyed_element' || t === 'keyword_argument') {
      const kids = namedChildren(n);
      const k = field(n, 'key') ?? field(n, 'name') ?? kids[0];
      const v = field(n, 'value') ?? kids.at(-1);
      if (!k || !v) continue;
      const key = text(k).replace(/["']/g, '');
      const val = text(v);
      // { secret: 'keyboard cat' }, password='…' as an argument: a secret written into the code (spaces allowed: passphrases).
      if (PASSWORD_NAME.test(key) && isString(v) && !namedChildren(v).some((c) => c.type.includes('interpolation') || c.type === 'template_substitution')) {
        const value = literalString(val);
        if (value.length >= 4 && value.length <= 200 && !PLACEHOLDER.test(value.trim())) visit({ key: 'secrets.hardcoded_password', node: v, detail: `${key}: "${value.slice(0, 2)}…" (${value.length} characters)` });
      }
      if ((key === 'rejectUnauthorized' && val === 'false') || (key === 'InsecureSkipVerify' && val === 'true') || (key === 'verify' && val === 'False' && group === 'python') || (key === 'strictSSL' && val === 'false')) {
        visit({ key: 'network.trust_all_certificates', node: n, detail: text(n) });
      }
      continue;
    }
    if (group === 'js' && t === 'assignment_expression' && /NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']0["']/.test(text(n))) {
      visit({ key: 'network.trust_all_certificates', node: n, detail: text(n) });
      continue;
    }
    if (group === 'python' && callAt(n, src)?.name === '_create_unverified_context') {
      visit({ key: 'network.trust_all_certificates', node: n, detail: text(n) });
      continue;
    }
    // Passwords in connection strings: scheme://user:password@host, ADO.NET/ODBC "Password=…;".
    if (isString(n) && !namedChildren(n).some((c) => c.type.includes('interpolation') || c.type === 'template_substitution')) {
      const value = literalString(text(n));
      const m = CONNECTION_PASSWORD.exec(value) ?? KEYWORD_PASSWORD.exec(value);
      if (m && !PLACEHOLDER.test(m[1]!) && !/^[$%{<]/.test(m[1]!)) visit({ key: 'secrets.hardcoded_password', node: n, detail: `password in a connection string ("${m[1]!.slice(0, 2)}…", ${m[1]!.length} characters)` });
      continue;
    }
    // Passwords and keys assigned from string literals.
    const asg = assignmentsAt(n);
    if (asg) {
      for (const a of asg) {
        if (!a.value || !isString(a.value) || namedChildren(a.value).some((c) => c.type.includes('interpolation') || c.type === 'template_substitution')) continue;
        // config['SECRET_KEY'] = '…': the constant key names what the literal is.
        const sub = isSubscript(a.target) ? (field(a.target, 'subscript') ?? field(a.target, 'index') ?? namedChildren(a.target)[1]) : undefined;
        const names = sub && isString(sub) ? [literalString(text(sub))] : boundNames(a.target, src);
        const value = literalString(text(a.value));
        if (value.length < 4 || PLACEHOLDER.test(value) || /\s/.test(value) || value.length > 200) continue;
        const name = names.find((x) => PASSWORD_NAME.test(x.replace(/^\$/, '')));
        if (name) visit({ key: 'secrets.hardcoded_password', node: a.value, detail: `${name} = "${value.slice(0, 2)}…" (${value.length} characters)` });
      }
    }
  }
}
