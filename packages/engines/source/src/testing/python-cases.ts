/**
 * Python (Flask, Django, FastAPI, the standard library) vulnerable/safe pairs, one per rule
 * and idiom: written from the libraries' documented behaviour (the sanitizer, the parameter
 * binding or the secure setting that makes each safe), not from any benchmark's code.
 */
import type { RuleCase } from './snippets.ts';

const flask = (body: string, imports = '') =>
  `from flask import Flask, request, redirect, make_response, session, render_template_string, Response\nimport os, subprocess, sqlite3, hashlib, random, pickle\n${imports}\napp = Flask(__name__)\n\n@app.route('/x', methods=['GET', 'POST'])\ndef handler():\n${body
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`;

export const PYTHON_CASES: readonly RuleCase[] = [
  // SQL: string-built queries against DB-API cursors and connections; bound parameters are safe.
  { rule: 'injection.sql', lang: 'python', bad: flask("name = request.args.get('name', '')\ncon = sqlite3.connect('app.db')\ncur = con.cursor()\ncur.execute(f\"SELECT * FROM users WHERE name = '{name}'\")\nreturn 'ok'"), good: flask("name = request.args.get('name', '')\ncon = sqlite3.connect('app.db')\ncur = con.cursor()\ncur.execute('SELECT * FROM users WHERE name = ?', (name,))\nreturn 'ok'") },
  { rule: 'injection.sql', lang: 'python', bad: flask("uid = request.form['id']\nconn = get_db()\nconn.execute('DELETE FROM t WHERE id = %s' % uid)\nreturn 'ok'"), good: flask("uid = request.form['id']\nconn = get_db()\nconn.execute('DELETE FROM t WHERE id = %s', (uid,))\nreturn 'ok'") },
  { rule: 'injection.sql', lang: 'python', bad: flask("q = request.values.get('q')\nsql = 'SELECT * FROM items WHERE title LIKE \"%' + q + '%\"'\nrows = db.session.execute(text(sql))\nreturn 'ok'", 'from sqlalchemy import text'), good: flask("q = request.values.get('q')\nrows = db.session.execute(text('SELECT * FROM items WHERE title LIKE :q'), {'q': '%' + q + '%'})\nreturn 'ok'", 'from sqlalchemy import text') },
  // XSS: a Flask view's return value is the HTML response.
  { rule: 'injection.xss', lang: 'python', bad: flask("name = request.args.get('name', '')\nreturn '<h1>Hello ' + name + '</h1>'"), good: flask("name = request.args.get('name', '')\nreturn '<h1>Hello ' + escape(name) + '</h1>'", 'from markupsafe import escape') },
  { rule: 'injection.xss', lang: 'python', bad: flask("name = request.args.get('name', '')\nresp = make_response(f'<p>{name}</p>')\nreturn resp"), good: flask("name = request.args.get('name', '')\nresp = make_response(f'<p>{html.escape(name)}</p>')\nreturn resp", 'import html') },
  { rule: 'injection.xss', lang: 'python', bad: flask("c = request.cookies.get('c')\nreturn Response('<div>' + c + '</div>', mimetype='text/html')"), good: flask("c = request.cookies.get('c')\nreturn Response('<div>' + c + '</div>', mimetype='text/plain')") },
  { rule: 'injection.xss', lang: 'python', bad: flask("name = request.args.get('name', '')\nreturn render_template_string('<p>{{ n | safe }}</p>', n=name)"), good: flask("name = request.args.get('name', '')\nreturn render_template_string('<p>{{ n }}</p>', n=name)") },
  // Command injection: a shell line built from input; an argument list without a shell is not.
  { rule: 'injection.command', lang: 'python', bad: flask("host = request.args.get('host')\nout = subprocess.check_output('ping -c 1 ' + host, shell=True)\nreturn 'ok'"), good: flask("host = request.args.get('host')\nout = subprocess.check_output(['ping', '-c', '1', host])\nreturn 'ok'") },
  { rule: 'injection.command', lang: 'python', bad: flask("f = request.args.get('f')\nos.system('cat ' + f)\nreturn 'ok'"), good: flask("f = request.args.get('f')\nos.system('cat ' + shlex.quote(f))\nreturn 'ok'", 'import shlex') },
  // Code injection
  { rule: 'injection.code', lang: 'python', bad: flask("expr = request.args.get('e')\nreturn str(eval(expr))"), good: flask("expr = request.args.get('e')\nreturn str(ast.literal_eval(expr))", 'import ast') },
  // Deserialization: pickle and yaml.load with an unsafe loader; yaml.safe_load / SafeLoader are safe.
  { rule: 'injection.deserialization', lang: 'python', bad: flask("data = request.get_data()\nobj = yaml.load(data, Loader=yaml.Loader)\nreturn 'ok'", 'import yaml'), good: flask("data = request.get_data()\nobj = yaml.load(data, Loader=yaml.SafeLoader)\nreturn 'ok'", 'import yaml') },
  { rule: 'injection.deserialization', lang: 'python', bad: flask("data = base64.b64decode(request.cookies.get('state'))\nobj = pickle.loads(data)\nreturn 'ok'", 'import base64'), good: flask("data = base64.b64decode(request.cookies.get('state'))\nobj = json.loads(data)\nreturn 'ok'", 'import base64, json') },
  // Path traversal
  { rule: 'injection.path_traversal', lang: 'python', bad: flask("name = request.args.get('file')\nwith open(os.path.join('/srv/files', name)) as fh:\n    return fh.read()"), good: flask("name = request.args.get('file')\nwith open(os.path.join('/srv/files', os.path.basename(name))) as fh:\n    return fh.read()") },
  // Open redirect
  { rule: 'injection.open_redirect', lang: 'python', bad: flask("target = request.args.get('next')\nreturn redirect(target)"), good: flask("target = request.args.get('next')\nreturn redirect(url_for('index'))", 'from flask import url_for') },
  // LDAP: ldap3's search filter is its second argument; escape_filter_chars makes input safe.
  { rule: 'injection.ldap', lang: 'python', bad: flask("user = request.args.get('user')\nconn = ldap3.Connection(server, auto_bind=True)\nconn.search('dc=example,dc=com', '(uid=' + user + ')')\nreturn 'ok'", 'import ldap3'), good: flask("user = request.args.get('user')\nconn = ldap3.Connection(server, auto_bind=True)\nconn.search('dc=example,dc=com', '(uid=' + escape_filter_chars(user) + ')')\nreturn 'ok'", 'import ldap3\nfrom ldap3.utils.conv import escape_filter_chars') },
  { rule: 'injection.ldap', lang: 'python', bad: flask("user = request.args.get('user')\nl = ldap.initialize('ldap://localhost')\nl.search_s('dc=example,dc=com', ldap.SCOPE_SUBTREE, f'(cn={user})')\nreturn 'ok'", 'import ldap'), good: flask("user = request.args.get('user')\nl = ldap.initialize('ldap://localhost')\nl.search_s('dc=example,dc=com', ldap.SCOPE_SUBTREE, f'(cn={ldap.filter.escape_filter_chars(user)})')\nreturn 'ok'", 'import ldap, ldap.filter') },
  // XPath: an expression built from input; lxml's variables ($name) are bound, not parsed.
  { rule: 'injection.xpath', lang: 'python', bad: flask("user = request.args.get('user')\nroot = etree.parse('users.xml')\nres = root.xpath(\"//user[@name='\" + user + \"']\")\nreturn 'ok'", 'from lxml import etree'), good: flask("user = request.args.get('user')\nroot = etree.parse('users.xml')\nres = root.xpath('//user[@name=$name]', name=user)\nreturn 'ok'", 'from lxml import etree') },
  // XXE: lxml resolves entities unless its parser says not to; defusedxml and the standard library's ElementTree do not load external entities.
  { rule: 'injection.xxe', lang: 'python', bad: flask("xml = request.get_data()\nparser = etree.XMLParser(resolve_entities=True)\ndoc = etree.fromstring(xml, parser)\nreturn 'ok'", 'from lxml import etree'), good: flask("xml = request.get_data()\nparser = etree.XMLParser(resolve_entities=False, no_network=True)\ndoc = etree.fromstring(xml, parser)\nreturn 'ok'", 'from lxml import etree') },
  { rule: 'injection.xxe', lang: 'python', bad: flask("xml = request.get_data()\ndoc = etree.fromstring(xml)\nreturn 'ok'", 'from lxml import etree'), good: flask("xml = request.get_data()\ndoc = ET.fromstring(xml)\nreturn 'ok'", 'import xml.etree.ElementTree as ET') },
  { rule: 'injection.xxe', lang: 'python', bad: flask("parser = xml.sax.make_parser()\nparser.setFeature(xml.sax.handler.feature_external_ges, True)\nparser.parse(request.files['doc'])\nreturn 'ok'", 'import xml.sax'), good: flask("parser = xml.sax.make_parser()\nparser.setFeature(xml.sax.handler.feature_external_ges, False)\nparser.parse(request.files['doc'])\nreturn 'ok'", 'import xml.sax') },
  // Trust boundary: request data stored in the session.
  { rule: 'web.trust_boundary', lang: 'python', bad: flask("user = request.args.get('user')\nsession['user'] = user\nreturn 'ok'"), good: flask("user = request.args.get('user')\nsession['visited'] = True\nreturn 'ok'") },
  // Cookies: decided by the secure flag's value (a constant followed through variables).
  { rule: 'web.insecure_cookie', lang: 'python', bad: flask("resp = make_response('ok')\nresp.set_cookie('session_id', token, httponly=True)\nreturn resp"), good: flask("resp = make_response('ok')\nresp.set_cookie('session_id', token, secure=True, httponly=True, samesite='Lax')\nreturn resp") },
  { rule: 'web.insecure_cookie', lang: 'python', bad: flask("flag = False\nresp = make_response('ok')\nresp.set_cookie('sid', token, secure=flag, httponly=True)\nreturn resp"), good: flask("flag = True\nresp = make_response('ok')\nresp.set_cookie('sid', token, secure=flag, httponly=True)\nreturn resp") },
  // Weak hashes by name, also through hashlib.new and a variable.
  { rule: 'crypto.weak_hash', lang: 'python', bad: flask("alg = 'md5'\nh = hashlib.new(alg, b'data').hexdigest()\nreturn h"), good: flask("alg = 'sha256'\nh = hashlib.new(alg, b'data').hexdigest()\nreturn h") },
  { rule: 'crypto.weak_hash', lang: 'python', bad: flask("h = hashlib.sha1(request.args.get('p').encode()).hexdigest()\nreturn h"), good: flask("h = hashlib.sha512(request.args.get('p').encode()).hexdigest()\nreturn h") },
  // Insecure randomness: random vs secrets / SystemRandom.
  { rule: 'crypto.insecure_random', lang: 'python', bad: flask("token = str(random.getrandbits(64))\nreturn token"), good: flask("token = secrets.token_hex(16)\nreturn token", 'import secrets') },
  { rule: 'crypto.insecure_random', lang: 'python', bad: flask("n = random.randint(0, 99999)\nreturn str(n)"), good: flask("n = random.SystemRandom().randint(0, 99999)\nreturn str(n)") },
  // Hard-coded secrets used as secrets.
  { rule: 'secrets.hardcoded_password', lang: 'python', bad: "app = Flask(__name__)\napp.config['SECRET_KEY'] = 'k3yb0ard-cat-2019'\n", good: "app = Flask(__name__)\napp.config['SECRET_KEY'] = os.environ['SECRET_KEY']\n" },
  { rule: 'secrets.hardcoded_password', lang: 'python', bad: "token = jwt.encode({'sub': uid}, 'my-jwt-s3cret', algorithm='HS256')\n", good: "token = jwt.encode({'sub': uid}, settings.JWT_KEY, algorithm='HS256')\n" },
  { rule: 'crypto.static_key', lang: 'python', bad: "key = 'JHtM1wEt1I1J9N_Evjwqr3yYauXIqSxYzFnRhcf0ZG0='\nf = Fernet(key)\n", good: "key = os.environ['FERNET_KEY']\nf = Fernet(key)\n" },
  { rule: 'secrets.hardcoded_password', lang: 'python', bad: "engine = create_engine('postgresql://app:Sup3rS3cret@db/app')\n", good: "engine = create_engine(f'postgresql://app:{os.environ[\"DB_PW\"]}@db/app')\n" },
  // Second round (weak categories: SQL, XSS, LDAP, trust boundary, XXE, cookies), written from the libraries' documentation.
  // Django Manager.raw takes SQL text; its params list is bound.
  { rule: 'injection.sql', lang: 'python', bad: "from django.http import HttpResponse\ndef v(request):\n    n = request.GET['n']\n    rows = User.objects.raw(\"SELECT * FROM u WHERE n = '%s'\" % n)\n    return HttpResponse('ok')\n", good: "from django.http import HttpResponse\ndef v(request):\n    n = request.GET['n']\n    rows = User.objects.raw('SELECT * FROM u WHERE n = %s', [n])\n    return HttpResponse('ok')\n" },
  // A method of a class of the same file, called on a new instance: `self` is the instance, the query is its second parameter.
  { rule: 'injection.sql', lang: 'python', bad: `class Repo:\n    def find(self, q):\n        return sqlite3.connect('db').execute(q)\n${flask("bar = request.args.get('x')\nRepo().find(\"SELECT * FROM t WHERE a = '\" + bar + \"'\")\nreturn 'ok'")}`, good: `class Repo:\n    def find(self, q):\n        return sqlite3.connect('db').execute('SELECT * FROM t WHERE a = ?', (q,))\n${flask("bar = request.args.get('x')\nRepo().find(bar)\nreturn 'ok'")}` },
  // Dict slots by constant key: only the slot read decides.
  { rule: 'injection.sql', lang: 'python', bad: flask("m = {}\nm['a'] = 'safe'\nm['b'] = request.form.get('x')\nsqlite3.connect('db').execute(\"SELECT * FROM t WHERE a = '\" + m['b'] + \"'\")\nreturn 'ok'"), good: flask("m = {}\nm['a'] = 'safe'\nm['b'] = request.form.get('x')\nsqlite3.connect('db').execute(\"SELECT * FROM t WHERE a = '\" + m['a'] + \"'\")\nreturn 'ok'") },
  // base64 is undone by b64decode: a round trip gives the input back.
  { rule: 'injection.sql', lang: 'python', bad: flask("p = request.form.get('x')\nbar = base64.b64decode(base64.b64encode(p.encode())).decode()\nsqlite3.connect('db').execute(\"SELECT * FROM t WHERE a = '\" + bar + \"'\")\nreturn 'ok'", 'import base64'), good: flask("p = request.form.get('x')\nbar = hashlib.sha256(p.encode()).hexdigest()\nsqlite3.connect('db').execute(\"SELECT * FROM t WHERE a = '\" + bar + \"'\")\nreturn 'ok'") },
  // Werkzeug Response.set_data; jinja2.Template has autoescape off, an Environment(autoescape=True) escapes.
  { rule: 'injection.xss', lang: 'python', bad: flask("bar = request.args.get('x')\nresp = make_response()\nresp.set_data('<p>' + bar + '</p>')\nreturn resp"), good: flask("bar = request.args.get('x')\nresp = make_response()\nresp.set_data('<p>' + html.escape(bar) + '</p>')\nreturn resp", 'import html') },
  { rule: 'injection.xss', lang: 'python', bad: flask("bar = request.args.get('x')\nreturn Template('<p>{{ v }}</p>').render(v=bar)", 'from jinja2 import Template'), good: flask("bar = request.args.get('x')\nenv = Environment(autoescape=True)\nreturn env.from_string('<p>{{ v }}</p>').render(v=bar)", 'from jinja2 import Environment') },
  // Django format_html escapes its arguments.
  { rule: 'injection.xss', lang: 'python', bad: "from django.http import HttpResponse\ndef v(request):\n    return HttpResponse('<p>{}</p>'.format(request.GET.get('q', '')))\n", good: "from django.http import HttpResponse\nfrom django.utils.html import format_html\ndef v(request):\n    return HttpResponse(format_html('<p>{}</p>', request.GET.get('q', '')))\n" },
  // Trust boundary: an attribute name chosen by the attacker.
  { rule: 'web.trust_boundary', lang: 'python', bad: flask("name = request.args.get('x')\nsession[name] = 'value'\nreturn 'ok'"), good: flask("name = request.args.get('x')\nsession['seen'] = 'value'\nreturn 'ok'") },
  // XXE: pulldom/minidom parse with a SAX parser that loads external entities.
  { rule: 'injection.xxe', lang: 'python', bad: flask("p = xml.sax.make_parser()\np.setFeature(xml.sax.handler.feature_external_ges, True)\ndoc = xml.dom.pulldom.parseString(request.form.get('xml'), parser=p)\nreturn 'ok'", 'import xml.sax, xml.dom.pulldom'), good: flask("p = xml.sax.make_parser()\ndoc = xml.dom.pulldom.parseString(request.form.get('xml'), parser=p)\nreturn 'ok'", 'import xml.sax, xml.dom.pulldom') },
  // Cookie options given as **kwargs: the dict's secure entry decides.
  { rule: 'web.insecure_cookie', lang: 'python', bad: flask("opts = {'httponly': True}\nresp = make_response('ok')\nresp.set_cookie('sid', token, **opts)\nreturn resp"), good: flask("opts = {'secure': True, 'httponly': True}\nresp = make_response('ok')\nresp.set_cookie('sid', token, **opts)\nreturn resp") },
  // Third round: module-level constants are known in functions; `x in CONSTANT_LIST` is an allow-list; a list command
  // whose program is a shell runs the shell; pathlib's read_text/write_text use the path they are called on;
  // hashlib's usedforsecurity=False and cryptography's hashes.MD5.
  { rule: 'crypto.weak_hash', lang: 'python', bad: "import hashlib\nALG = 'md5'\ndef digest(b):\n    return hashlib.new(ALG, b).hexdigest()\n", good: "import hashlib\nALG = 'sha256'\ndef digest(b):\n    return hashlib.new(ALG, b).hexdigest()\n" },
  { rule: 'crypto.weak_hash', lang: 'python', bad: "import hashlib\ndef etag(b):\n    return hashlib.sha1(b).hexdigest()\n", good: "import hashlib\ndef etag(b):\n    return hashlib.sha1(b, usedforsecurity=False).hexdigest()\n" },
  { rule: 'crypto.weak_hash', lang: 'python', bad: "from cryptography.hazmat.primitives import hashes\ndef d(b):\n    h = hashes.Hash(hashes.MD5())\n    h.update(b)\n    return h.finalize()\n", good: "from cryptography.hazmat.primitives import hashes\ndef d(b):\n    h = hashes.Hash(hashes.SHA256())\n    h.update(b)\n    return h.finalize()\n" },
  { rule: 'injection.open_redirect', lang: 'python', bad: `ALLOWED = ['/home', '/account']\n${flask("n = request.args.get('next')\nif n.startswith('/'):\n    return redirect(n)\nreturn redirect('/')")}`, good: `ALLOWED = ['/home', '/account']\n${flask("n = request.args.get('next')\nif n in ALLOWED:\n    return redirect(n)\nreturn redirect('/')")}` },
  { rule: 'injection.command', lang: 'python', bad: flask("d = request.args.get('d')\nreturn subprocess.run(['sh', '-c', 'ls ' + d], capture_output=True).stdout"), good: flask("d = request.args.get('d')\nreturn subprocess.run(['ls', d], capture_output=True).stdout") },
  { rule: 'injection.path_traversal', lang: 'python', bad: flask("return (Path('/srv') / request.args.get('f')).read_text()", 'from pathlib import Path'), good: flask("return (Path('/srv') / os.path.basename(request.args.get('f'))).read_text()", 'from pathlib import Path') },
  { rule: 'injection.path_traversal', lang: 'python', bad: flask("p = os.path.join('/srv', request.args.get('f'))\nif not p.startswith('/srv/'):\n    abort(400)\nwith open(p) as fh:\n    return fh.read()", 'from flask import abort'), good: flask("p = os.path.realpath(os.path.join('/srv', request.args.get('f')))\nif not p.startswith('/srv/'):\n    abort(400)\nwith open(p) as fh:\n    return fh.read()", 'from flask import abort') },
];
