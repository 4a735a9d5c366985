/**
 * A deliberately vulnerable web app and its hardened twin, on 127.0.0.1,
 * for the engine tests and the benchmark. Every planted vulnerability is
 * listed in PLANTED (rule id → where); the twin has the same pages and
 * forms with each one fixed. No real shell, file system or database is
 * touched: the shell, the files and the SQL are fakes.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { posix } from 'node:path';
import { fakeShell } from './fake-shell.ts';
import { SqlError, select } from './fake-sql.ts';

export type SiteKind = 'vulnerable' | 'hardened';

/** Planted vulnerabilities only found with JavaScript rendering (option render=true). */
export const PLANTED_RENDERED: Readonly<Record<string, string>> = {
  'web.injection.xss_dom': '/lang?default= written by document.write',
};

/** The planted vulnerabilities of the vulnerable app: rule id → where it is. */
export const PLANTED: Readonly<Record<string, string>> = {
  'web.injection.xss_reflected': '/search?q=',
  'web.injection.xss_stored': 'POST /guestbook message',
  'web.injection.sqli_error': '/item?name= and /products?id=',
  'web.injection.sqli_boolean': '/item?name= and /products?id=',
  'web.injection.sqli_time': 'SLEEP(n) in /item?name=',
  'web.injection.command': '/ping?host=',
  'web.injection.path_traversal': '/view?file=',
  'web.injection.open_redirect': '/go?url=',
  'web.injection.ssrf': '/fetch?url=',
  'web.exposure.vcs_metadata': '/.git/HEAD',
  'web.exposure.env_file': '/.env',
  'web.headers.csp_missing': 'every page',
  'web.headers.clickjacking': 'every page',
  'web.headers.content_type_options': 'every page',
  'web.headers.referrer_policy': 'every page',
  'web.headers.permissions_policy': 'every page',
  'web.cookies.no_httponly': 'sessionid cookie',
  'web.cookies.no_samesite': 'sessionid cookie',
  'web.content.cors_misconfig': 'Origin reflected with credentials',
  'web.content.csrf_missing': 'guestbook and login forms; GET password change at /account',
  'web.content.cache_sensitive': '/login without no-store',
  'web.disclosure.directory_listing': '/files/',
  'web.disclosure.stack_trace': '/error',
  'web.disclosure.server_version': 'Server: Apache/2.4.41',
  'web.disclosure.framework_version': 'X-Powered-By',
  'web.methods.trace': 'TRACE echo',
  'web.injection.file_upload': 'POST /avatar runs uploaded .php files from /uploads/',
  'web.session.predictable_id': 'POST /token sets sessiontoken=1, 2, 3…',
  'web.auth.default_credentials': 'admin/admin at /login; admin/password at /members (the form stays on the page)',
};

const PRODUCTS = [
  { id: 1, name: 'apple', price: 3 },
  { id: 2, name: 'pear', price: 4 },
  { id: 3, name: 'plum', price: 5 },
];
const FILES: Record<string, string> = {
  '/var/www/docs/readme.txt': 'Welcome to the docs.',
  '/var/www/docs/faq.txt': 'Questions and answers.',
  '/etc/passwd': 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n',
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface TestSite {
  url: string;
  port: number;
  /** Requests the site received, for assertions about what the scanner sent. */
  requests: { method: string; url: string }[];
  close(): Promise<void>;
}

/** `latencyMs`: every answer waits this long first, like a site far away or busy (for the concurrency benchmark). */
export async function startTestSite(kind: SiteKind, o: { latencyMs?: number } = {}): Promise<TestSite> {
  const vuln = kind === 'vulnerable';
  const guestbook: { name: string; message: string }[] = [{ name: 'ann', message: 'hello' }];
  const uploads = new Map<string, string>();
  let tokenCounter = 0;
  const requests: TestSite['requests'] = [];

  const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${body}<p><a href="/">home</a></p></body></html>`;
  const csrf = vuln ? '' : '<input type="hidden" name="csrf_token" value="k8Jd02mXq1">';
  const out = (v: string) => (vuln ? v : esc(v));

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      if (body.length < 100_000) body += c.toString();
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '' });
      const u = new URL(req.url ?? '/', 'http://x');
      const q = (k: string) => u.searchParams.get(k) ?? '';
      const form = new URLSearchParams(body);
      const headers: Record<string, string | string[]> = { 'Content-Type': 'text/html; charset=utf-8' };
      if (vuln) {
        headers.Server = 'Apache/2.4.41 (Ubuntu)';
        headers['X-Powered-By'] = 'Express 4.17.1';
        if (req.headers.origin) {
          headers['Access-Control-Allow-Origin'] = req.headers.origin;
          headers['Access-Control-Allow-Credentials'] = 'true';
        }
      } else {
        Object.assign(headers, {
          'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'; object-src 'none'",
          'X-Frame-Options': 'DENY',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'no-referrer',
          'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
          'Cache-Control': 'no-store',
        });
      }
      const send = (status: number, html: string, extra: Record<string, string | string[]> = {}) => {
        const answer = () => {
          res.writeHead(status, { ...headers, ...extra });
          res.end(html);
        };
        if (o.latencyMs) setTimeout(answer, o.latencyMs);
        else answer();
      };

      if (req.method === 'TRACE') {
        if (!vuln) return send(405, page('Not allowed', ''));
        const echo = `${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`).join('\r\n')}\r\n\r\n`;
        return send(200, echo, { 'Content-Type': 'message/http' });
      }
      if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') return send(405, page('Not allowed', ''));

      switch (u.pathname) {
        case '/': {
          const cookie = vuln ? 'sessionid=s3cr3tSess10n; Path=/' : 'sessionid=s3cr3tSess10n; Path=/; HttpOnly; SameSite=Lax';
          return send(
            200,
            page(
              'Shop',
              ['/search?q=hello', '/products?id=1', '/item?name=apple', '/ping?host=localhost', '/view?file=readme.txt', '/go?url=/products?id=2', '/guestbook', '/login', '/members', '/account', '/avatar', '/token', '/webhook', '/lang?default=English', '/lookup?host=localhost', '/files/', '/error', '/fetch?url=https://example.com/']
                .map((h) => `<a href="${esc(h)}">${esc(h)}</a>`)
                .join(' '),
            ),
            { 'Set-Cookie': cookie },
          );
        }
        case '/search':
          return send(200, page('Search', `<p>Results for ${out(q('q'))}</p><form action="/search"><input name="q"></form>`));
        case '/products':
        case '/item': {
          const where = u.pathname === '/products' ? `id = ${q('id')}` : `name = '${q('name')}'`;
          if (!vuln) {
            const rows = u.pathname === '/products' ? PRODUCTS.filter((p) => String(p.id) === q('id')) : PRODUCTS.filter((p) => p.name === q('name'));
            return send(200, page('Products', rows.length ? rows.map((r) => `<p>${esc(r.name)}: ${r.price}</p>`).join('') : '<p>No products found.</p>'));
          }
          try {
            const { rows, slept } = select(PRODUCTS, where);
            const reply = () => send(200, page('Products', rows.length ? rows.map((r) => `<p>${r.name}: ${r.price}</p>`).join('') : '<p>No products found.</p>'));
            if (slept > 0) setTimeout(reply, Math.min(slept, 10) * 1000);
            else reply();
          } catch (e) {
            if (!(e instanceof SqlError)) throw e;
            send(500, page('Database error', `<pre>SQLITE_ERROR: ${esc(e.message)}\nquery: SELECT * FROM products WHERE ${esc(where)}</pre>`));
          }
          return;
        }
        case '/lookup': {
          // A blacklist that strips $ ( ) ` ; & (like DVWA's "high" level) still lets "|expr a \* b" through.
          const host = q('host');
          if (!vuln) return /^[\w.-]+$/.test(host) ? send(200, page('Lookup', `<pre>${esc(host)} has address 127.0.0.1</pre>`)) : send(400, page('Lookup', '<p>Invalid host.</p>'));
          return send(200, page('Lookup', `<pre>${esc(fakeShell(`ping -c 1 ${host.replace(/[$()`;&]/g, '')}`))}</pre>`));
        }
        case '/ping': {
          const host = q('host');
          if (!vuln) return /^[\w.-]+$/.test(host) ? send(200, page('Ping', `<pre>PING ${esc(host)}: 1 packet</pre>`)) : send(400, page('Ping', '<p>Invalid host.</p>'));
          return send(200, page('Ping', `<pre>${esc(fakeShell(`ping -c 1 ${host}`))}</pre>`));
        }
        case '/view': {
          const file = q('file');
          if (!vuln) return FILES[`/var/www/docs/${file}`] && /^[\w.]+$/.test(file) ? send(200, page('Docs', `<pre>${esc(FILES[`/var/www/docs/${file}`]!)}</pre>`)) : send(404, page('Not found', ''));
          const path = posix.normalize(file.startsWith('/') ? file : `/var/www/docs/${file}`);
          const content = FILES[path];
          return content ? send(200, page('Docs', `<pre>${esc(content)}</pre>`)) : send(404, page('Not found', ''));
        }
        case '/go': {
          const to = q('url');
          const safe = to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\');
          if (/[^\x20-\x7e]/.test(to)) return send(400, page('Bad request', ''));
          return send(302, '', { Location: vuln ? to : safe ? to : '/' });
        }
        case '/fetch': {
          const target = q('url');
          if (!vuln) return send(200, page('Preview', '<p>Previews are only made for example.com.</p>'));
          let msg = `<p>Preview of ${esc(target)}: Example Domain</p>`;
          if (/127\.0\.0\.1:1\b/.test(target)) msg = '<pre>Error: connect ECONNREFUSED 127.0.0.1:1</pre>';
          else if (/\.invalid\b/.test(target)) msg = '<pre>Error: getaddrinfo ENOTFOUND citadel-ssrf-probe.invalid</pre>';
          return send(200, page('Preview', msg));
        }
        case '/guestbook': {
          if (req.method === 'POST' && form.has('clear')) guestbook.splice(1);
          else if (req.method === 'POST' && (vuln || form.get('csrf_token') === 'k8Jd02mXq1')) guestbook.push({ name: form.get('name') ?? '', message: form.get('message') ?? '' });
          if (guestbook.length > 200) guestbook.splice(1, guestbook.length - 200);
          const list = guestbook.map((g) => `<li><b>${out(g.name)}</b>: ${out(g.message)}</li>`).join('');
          return send(200, page('Guestbook', `<ul>${list}</ul><form method="post" action="/guestbook">${csrf}<input name="name"><textarea name="message"></textarea><input type="submit" name="sign" value="Sign"><input type="submit" name="clear" value="Clear guestbook"></form>`));
        }
        case '/login': {
          const loginForm = `<form method="post" action="/login">${csrf}<input name="username"><input type="password" name="password"><button>Log in</button></form>`;
          if (req.method === 'POST') {
            const ok = vuln && form.get('username') === 'admin' && form.get('password') === 'admin';
            if (ok) return send(302, '', { Location: '/dashboard', 'Set-Cookie': 'auth=adm1nS3ss; Path=/' });
            return send(200, page('Login', `<p>Invalid credentials.</p>${loginForm}`));
          }
          return send(200, page('Login', loginForm));
        }
        case '/members': {
          // A sign-in form that answers on its own page (the form stays): failure message or a greeting.
          if (!vuln) {
            const tried = req.method === 'POST' ? '<p>Username and/or password incorrect.</p>' : '';
            return send(200, page('Members', `${tried}<form method="post" action="/members">${csrf}<input name="username"><input type="password" name="password"><input type="submit" name="Login" value="Login"></form>`));
          }
          const tried = u.searchParams.has('Login');
          const ok = q('username') === 'admin' && q('password') === 'password';
          const msg = !tried ? '' : ok ? '<p>Welcome to the members area, admin.</p>' : '<p>Username and/or password incorrect.</p>';
          return send(200, page('Members', `<p><a href="/logout">Log out</a> <a href="/captcha">Captcha help</a></p><form action="/members"><input name="username"><input type="password" name="password"><input type="submit" name="Login" value="Login"></form>${msg}`));
        }
        case '/account': {
          // A password change: by GET without a token in the vulnerable app, by POST with one in the twin.
          const fields = '<input type="password" name="password_new"><input type="password" name="password_conf"><input type="submit" name="Change" value="Change">';
          const changed = (vuln ? u.searchParams.has('Change') : req.method === 'POST' && form.get('csrf_token') === 'k8Jd02mXq1') ? '<p>Password changed.</p>' : '';
          return send(200, page('Account', vuln ? `${changed}<form action="/account">${fields}</form>` : `${changed}<form method="post" action="/account">${csrf}${fields}</form>`));
        }
        case '/avatar': {
          // The vulnerable app keeps any file and "runs" .php ones (a fake PHP: only the upload check's echo);
          // the twin takes images only.
          const uploadForm = `<form method="post" action="/avatar" enctype="multipart/form-data">${csrf}<input type="file" name="picture"><input type="submit" name="upload" value="Upload"></form>`;
          if (req.method !== 'POST') return send(200, page('Avatar', uploadForm));
          const part = /name="picture"; filename="([^"/\\]*)"\r\nContent-Type: [^\r]*\r\n\r\n([\s\S]*?)\r\n--/.exec(body);
          if (!part || !part[1]) return send(400, page('Avatar', '<p>No file.</p>'));
          if (!vuln && !/\.(?:png|jpe?g)$/i.test(part[1])) return send(400, page('Avatar', '<p>Only PNG and JPEG images.</p>'));
          uploads.set(part[1], part[2] ?? '');
          return send(200, page('Avatar', `<pre>../uploads/${esc(part[1])} saved</pre>${uploadForm}`));
        }
        case '/token': {
          const value = vuln ? String(++tokenCounter) : randomBytes(16).toString('hex');
          const cookie = vuln ? `sessiontoken=${value}` : `sessiontoken=${value}; Path=/; HttpOnly; SameSite=Lax`;
          const tokenForm = `<form method="post" action="/token">${csrf}<input type="submit" value="Generate"></form>`;
          return send(200, page('Token', tokenForm), req.method === 'POST' ? { 'Set-Cookie': cookie } : {});
        }
        case '/webhook': {
          // Blind SSRF: the vulnerable app fetches the callback URL (loopback only, this is a test) and says nothing about it.
          const hookForm = `<form method="post" action="/webhook">${csrf}<input name="callback" value="https://example.com/hook"><input type="submit" value="Save"></form>`;
          const target = form.get('callback') ?? '';
          if (vuln && req.method === 'POST' && /^http:\/\/127\.0\.0\.1:\d+\//.test(target)) {
            http.get(target, { timeout: 2000 }, (r) => r.resume()).on('error', () => undefined).on('timeout', function (this: http.ClientRequest) {
              this.destroy();
            });
          }
          return send(200, page('Webhook', `${req.method === 'POST' ? '<p>Webhook saved.</p>' : ''}${hookForm}`));
        }
        case '/lang': {
          // DOM-based XSS: the script copies the URL into document.write; the twin sets textContent.
          const read = 'var i = location.href.indexOf("default="); var lang = i >= 0 ? location.href.substring(i + 8) : "English";';
          const write = vuln
            ? `${read} document.write("<option value='" + lang + "'>" + decodeURI(lang) + "</option>");`
            : `${read} var o = document.createElement("option"); o.textContent = decodeURIComponent(lang); document.currentScript.parentNode.appendChild(o);`;
          return send(200, page('Language', `<form action="/lang"><select name="default"><script>${write}</script><option value="French">French</option></select><input type="submit" value="Select"></form>`));
        }
        case '/dashboard':
          return send(200, page('Dashboard', '<p>Welcome back.</p>'));
        case '/files/':
          if (!vuln) return send(404, page('Not found', ''));
          return send(200, '<html><head><title>Index of /files/</title></head><body><h1>Index of /files/</h1><a href="../">../</a><a href="report.txt">report.txt</a></body></html>');
        case '/error':
          if (!vuln) return send(500, page('Error', '<p>Something went wrong.</p>'));
          return send(500, `<pre>TypeError: Cannot read properties of undefined (reading 'id')\n    at handler (/srv/shop/routes/orders.js:42:13)\n    at Layer.handle (/srv/shop/node_modules/express/lib/router/layer.js:95:5)</pre>`);
        case '/.git/HEAD':
          return vuln ? send(200, 'ref: refs/heads/main\n', { 'Content-Type': 'text/plain' }) : send(404, page('Not found', ''));
        case '/.env':
          return vuln ? send(200, 'DB_HOST=db\nDB_PASSWORD=hunter2\nSESSION_SECRET=changeme\n', { 'Content-Type': 'text/plain' }) : send(404, page('Not found', ''));
        case '/robots.txt':
          return send(200, 'User-agent: *\nDisallow: /dashboard\n', { 'Content-Type': 'text/plain' });
        default: {
          const upload = u.pathname.startsWith('/uploads/') ? uploads.get(decodeURIComponent(u.pathname.slice('/uploads/'.length))) : undefined;
          if (upload !== undefined) {
            const ran = vuln && u.pathname.endsWith('.php') ? upload.replace(/<\?php echo 'ctd'\.\((\d+)\*(\d+)\)\.'ok'; \?>/, (_m, a: string, b: string) => `ctd${Number(a) * Number(b)}ok`) : upload;
            return send(200, ran, { 'Content-Type': 'text/plain' });
          }
          return send(404, page('Not found', '<p>No such page.</p>'));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { fakeShell };
