import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildTar } from '@citadel/engine-core/testing';
import { describe, expect, it } from 'vitest';
import { engine } from '../index.ts';

/**
 * Small multi-file projects, each with a vulnerable version and a safe twin
 * that differs only in the imported module: the source is in one file, the
 * sink in another, so only the cross-file analysis finds the flow.
 */
const root = mkdtempSync(join(tmpdir(), 'src-xfile-'));
let n = 0;
async function scan(files: Record<string, string>) {
  const dir = join(root, `p${n++}`);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  const a = await engine.run({ files: [{ path: dir, name: 'p' }] }, {}, {});
  return a.findings.filter((f) => f.result === 'fail').flatMap((f) => f.evidence.map((e) => ({ rule: f.ruleId, ...e })));
}

const ROUTE_TS = `import { type Request, type Response } from 'express'
import { findProducts } from '../lib/db'
export function search () {
  return (req: Request, res: Response) => {
    const term = req.query.q
    findProducts(term).then((rows) => res.json(rows))
  }
}
`;

describe('cross-file data flow (JS/TS)', () => {
  it('ESM import: request data reaches a SQL query in an imported module; the path names both files', async () => {
    const bad = await scan({
      'routes/search.ts': ROUTE_TS,
      'lib/db.ts': `import { sequelize } from './models'\nexport function findProducts (term: string) {\n  const sql = "SELECT * FROM Products WHERE name LIKE '%" + term + "%'"\n  return sequelize.query(sql)\n}\n`,
    });
    const sql = bad.find((e) => e.rule === 'source.injection.sql');
    expect(sql).toMatchObject({ file: 'lib/db.ts', line: 4 });
    expect(sql!.detail).toMatch(/routes\/search\.ts:5 source: const term = req\.query\.q/);
    expect(sql!.detail).toMatch(/routes\/search\.ts:6 parameter: findProducts\(term\)/);

    const safe = await scan({
      'routes/search.ts': ROUTE_TS,
      'lib/db.ts': `import { sequelize } from './models'\nexport function findProducts (term: string) {\n  return sequelize.query("SELECT * FROM Products WHERE name LIKE :t", { replacements: { t: term } })\n}\n`,
    });
    expect(safe.filter((e) => e.rule === 'source.injection.sql')).toEqual([]);
  });

  it('CommonJS: a DAO made by a constructor function, its method builds a $where query in a closure', async () => {
    const route = `const AllocationsDAO = require("../data/allocations-dao").AllocationsDAO;
function AllocationsHandler(db) {
  const allocationsDAO = new AllocationsDAO(db);
  this.displayAllocations = (req, res, next) => {
    const { threshold } = req.query;
    allocationsDAO.getByUserIdAndThreshold(req.params.userId, threshold, (err, a) => res.render("allocations", { a }));
  };
}
module.exports = AllocationsHandler;
`;
    const dao = (criteria: string) => `function AllocationsDAO(db) {
  const allocationsCol = db.collection("allocations");
  this.getByUserIdAndThreshold = (userId, threshold, callback) => {
    const parsedUserId = parseInt(userId);
    const searchCriteria = () => {
      if (threshold) {
        ${criteria}
      }
      return { userId: parsedUserId };
    };
    allocationsCol.find(searchCriteria()).toArray(callback);
  };
}
module.exports = { AllocationsDAO };
`;
    const bad = await scan({ 'app/routes/allocations.js': route, 'app/data/allocations-dao.js': dao("return { $where: `this.userId == ${parsedUserId} && this.stocks > '${threshold}'` };") });
    expect(bad.find((e) => e.rule === 'source.injection.nosql')).toMatchObject({ file: 'app/data/allocations-dao.js', line: 11 });
    const safe = await scan({ 'app/routes/allocations.js': route, 'app/data/allocations-dao.js': dao('const t = parseInt(threshold, 10); return { $where: `this.userId == ${parsedUserId} && this.stocks > ${t}` };') });
    expect(safe.filter((e) => e.rule === 'source.injection.nosql')).toEqual([]);
  });

  it('values come back from an imported helper (module.exports object, require namespace)', async () => {
    const route = `const util = require('./util');\nmodule.exports = function (req, res) {\n  res.send(util.wrap(req.query.name));\n};\n`;
    const bad = await scan({ 'src/route.js': route, 'src/util.js': `function wrap(s) { return '<b>' + s + '</b>'; }\nmodule.exports = { wrap };\n` });
    expect(bad.find((e) => e.rule === 'source.injection.xss')).toMatchObject({ file: 'src/route.js', line: 3 });
    const safe = await scan({ 'src/route.js': route, 'src/util.js': `const escape = require('escape-html');\nfunction wrap(s) { return '<b>' + escape(s) + '</b>'; }\nmodule.exports = { wrap };\n` });
    expect(safe.filter((e) => e.rule === 'source.injection.xss')).toEqual([]);
  });

  it('namespace import and a class method: the command runs two modules away', async () => {
    const route = `import * as tools from './tools/index'\nexport const ping = (req, res) => { new tools.Pinger().ping(req.body.host); res.end() }\n`;
    const pinger = (cmd: string) => `import { exec } from 'child_process'\nexport class Pinger {\n  ping (host: string) {\n    ${cmd}\n  }\n}\n`;
    const bad = await scan({ 'ping.ts': route, 'tools/index.ts': pinger('exec("ping -c 1 " + host)') });
    expect(bad.find((e) => e.rule === 'source.injection.command')).toMatchObject({ file: 'tools/index.ts', line: 4 });
    const safe = await scan({ 'ping.ts': route, 'tools/index.ts': pinger('if (/^[a-z0-9.-]+$/.test(host)) exec("ping -c 1 " + Number(host))') });
    expect(safe.filter((e) => e.rule === 'source.injection.command')).toEqual([]);
  });

  it('an allow-list check in another module guards a redirect only when it compares exactly', async () => {
    const route = `import * as security from '../lib/insecurity'\nexport function performRedirect () {\n  return ({ query }: Request, res: Response, next: NextFunction) => {\n    const toUrl: string = query.to as string\n    if (security.isRedirectAllowed(toUrl)) {\n      res.redirect(toUrl)\n    } else {\n      next(new Error('Unrecognized target URL for redirect: ' + toUrl))\n    }\n  }\n}\n`;
    const lib = (check: string) => `export const redirectAllowlist = new Set(['https://github.com/juice-shop/juice-shop', 'http://leanpub.com/juice-shop'])\nexport const isRedirectAllowed = (url: string) => {\n  let allowed = false\n  for (const allowedUrl of redirectAllowlist) {\n    allowed = allowed || ${check}\n  }\n  return allowed\n}\n`;
    const bad = await scan({ 'routes/redirect.ts': route, 'lib/insecurity.ts': lib('url.includes(allowedUrl)') });
    expect(bad.find((e) => e.rule === 'source.injection.open_redirect')).toMatchObject({ file: 'routes/redirect.ts', line: 6 });
    const safe = await scan({ 'routes/redirect.ts': route, 'lib/insecurity.ts': lib('url === allowedUrl') });
    expect(safe.filter((e) => e.rule === 'source.injection.open_redirect')).toEqual([]);
  });

  it('import cycles and mutual recursion across modules end (depth-limited), still finding the sink', async () => {
    const a = `const b = require('./b');\nfunction ping(x, n) { return n > 0 ? b.pong(x, n - 1) : x; }\nmodule.exports = { ping };\napp.get('/x', (req, res) => { require('child_process').exec(ping(req.query.c, 5)); });\n`;
    const b = `const a = require('./a');\nfunction pong(x, n) { return a.ping(x + '', n); }\nmodule.exports = { pong };\n`;
    const found = await scan({ 'a.js': a, 'b.js': b, 'index.js': "require('./a');\n" });
    expect(found.find((e) => e.rule === 'source.injection.command')).toMatchObject({ file: 'a.js', line: 4 });
  });

  it('works the same on an uploaded tar.gz', async () => {
    const tgz = join(root, 'p.tar.gz');
    writeFileSync(tgz, gzipSync(buildTar([
      { name: 'proj/routes/search.ts', data: ROUTE_TS },
      { name: 'proj/lib/db.ts', data: `export function findProducts (term: string) {\n  return sequelize.query("SELECT * FROM p WHERE n = '" + term + "'")\n}\n` },
    ])));
    const a = await engine.run({ files: [{ path: tgz, name: 'p.tar.gz' }] }, {}, {});
    const sql = a.findings.find((f) => f.ruleId === 'source.injection.sql');
    expect(sql?.evidence[0]).toMatchObject({ file: 'proj/lib/db.ts', line: 2 });
  });

  it('a validation module built on validator.js guards the command and the eval (&& of several checks too)', async () => {
    const handler = (guard: string) => `var vh = require('./validationHandler')\nconst exec = require('child_process').exec\nmodule.exports.ping = function (req, res) {\n  if (${guard}) {\n    exec('ping -c 2 ' + req.body.address, function (err, stdout) { res.send(stdout) })\n  }\n}\n`;
    const vh = `validator = require('validator')\nmodule.exports = {\n  vIP: function (val) {\n    if (val)\n      return validator.isIP(val + '', 4)\n  },\n  vLoose: function (val) {\n    if (val)\n      return validator.contains(val + '', '.')\n  },\n  vName: function (val) {\n    return validator.isAlpha(val + '')\n  }\n}\n`;
    const cmd = async (guard: string) => (await scan({ 'core/appHandler.js': handler(guard), 'core/validationHandler.js': vh })).filter((e) => e.rule === 'source.injection.command');
    expect(await cmd('vh.vLoose(req.body.address)')).toHaveLength(1);
    expect(await cmd('vh.vIP(req.body.address)')).toEqual([]);
    expect(await cmd('vh.vName(req.body.name) && vh.vIP(req.body.address)')).toEqual([]);
    expect(await cmd('vh.vName(req.body.name) || vh.vIP(req.body.address)')).toHaveLength(1);
  });
});

describe('cross-file data flow (Python)', () => {
  const VIEW = `from flask import Blueprint, request\nimport libuser\nfrom app.store import save_note\nfrom app import audit\n\nbp = Blueprint('u', __name__)\n\n@bp.route('/login', methods=['POST'])\ndef login():\n    name = request.form.get('username')\n    libuser.login(name)\n    save_note(request.args.get('note'))\n    audit.record(name)\n    return 'ok'\n`;
  const files = (login: string, save: string) => ({
    'libuser.py': `import sqlite3\n\ndef login(username):\n    c = sqlite3.connect('u.db').cursor()\n    return c.execute(${login}).fetchone()\n`,
    'app/__init__.py': '',
    'app/store.py': `import os\n\ndef save_note(text):\n    os.system(${save})\n`,
    'app/audit.py': `def record(who):\n    print('login', who)\n`,
    'views.py': VIEW,
  });

  it('import m / from pkg.mod import f / from pkg import mod: request data reaches sinks in other modules, the path names the view', async () => {
    const bad = await scan(files(`"SELECT * FROM users WHERE name = '%s'" % username`, `'echo ' + text`));
    const sql = bad.find((e) => e.rule === 'source.injection.sql');
    expect(sql).toMatchObject({ file: 'libuser.py', line: 5 });
    expect(sql!.flow!.map((s) => [s.file ?? 'libuser.py', s.kind])).toEqual([
      ['views.py', 'source'],
      ['views.py', 'param'],
      ['libuser.py', 'sink'],
    ]);
    expect(bad.find((e) => e.rule === 'source.injection.command')).toMatchObject({ file: 'app/store.py', line: 4 });
    const safe = await scan(files(`'SELECT * FROM users WHERE name = ?', (username,)`, `'echo saved'`));
    expect(safe.filter((e) => e.rule === 'source.injection.sql' || e.rule === 'source.injection.command')).toEqual([]);
  });
});

describe('cross-file data flow (Go packages)', () => {
  const HANDLER = `package profile\n\nimport "net/http"\n\nfunc Show(w http.ResponseWriter, r *http.Request) {\n\tuid := r.FormValue("uid")\n\tp := NewProfile()\n\tp.Load(uid)\n\tLookup(uid)\n}\n`;
  const files = (load: string, lookup: string) => ({
    'profile/handler.go': HANDLER,
    'profile/store.go': `package profile\n\nimport (\n\t"database/sql"\n\t"fmt"\n)\n\nvar DB *sql.DB\n\ntype Profile struct{ Name string }\n\nfunc NewProfile() *Profile { return &Profile{} }\n\nfunc (p *Profile) Load(uid string) error {\n\trows, err := DB.Query(${load})\n\t_ = rows\n\treturn err\n}\n`,
    'profile/lookup.go': `package profile\n\nimport "os/exec"\n\nfunc Lookup(host string) {\n\texec.Command("sh", "-c", ${lookup}).Run()\n}\n`,
    // Another package with a method of the same name: not the handler's package, so not a candidate.
    'other/store.go': `package other\n\nimport "database/sql"\n\nvar DB *sql.DB\n\ntype T struct{}\n\nfunc (t *T) Load(q string) { DB.Query(q) }\n`,
  });

  it('a handler calls a function and a method of another file of its package: the sinks there are reported with the path', async () => {
    const bad = await scan(files('fmt.Sprintf("SELECT name FROM profile WHERE id = %s", uid)', '"nslookup " + host'));
    const sql = bad.filter((e) => e.rule === 'source.injection.sql');
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatchObject({ file: 'profile/store.go', line: 15 });
    expect(sql[0]!.flow!.map((s) => [s.file ?? 'profile/store.go', s.kind])).toEqual([
      ['profile/handler.go', 'source'],
      ['profile/handler.go', 'param'],
      ['profile/store.go', 'sink'],
    ]);
    expect(bad.find((e) => e.rule === 'source.injection.command')).toMatchObject({ file: 'profile/lookup.go', line: 6 });
    const safe = await scan(files('"SELECT name FROM profile WHERE id = ?", uid', '"nslookup example.org"'));
    expect(safe.filter((e) => e.rule === 'source.injection.sql' || e.rule === 'source.injection.command')).toEqual([]);
  });
});

describe('cross-file data flow (C#)', () => {
  const CONTROLLER = `using Microsoft.AspNetCore.Mvc;\nnamespace App.Controllers\n{\n    [ApiController]\n    public class UsersController : ControllerBase\n    {\n        private readonly IUserRepository _users;\n        public UsersController(IUserRepository users) { _users = users; }\n        [HttpGet]\n        public IActionResult Find(string name)\n        {\n            return Ok(_users.ByName(name));\n        }\n        [HttpGet("audit")]\n        public IActionResult Audit(string who) { new AuditLog().Write(who); return Ok(); }\n    }\n}\n`;
  const files = (byName: string, write: string) => ({
    'Controllers/UsersController.cs': CONTROLLER,
    'Data/IUserRepository.cs': `namespace App.Data\n{\n    public interface IUserRepository { object ByName(string name); }\n}\n`,
    'Data/UserRepository.cs': `using System.Data.SqlClient;\nnamespace App.Data\n{\n    public class UserRepository : IUserRepository\n    {\n        private readonly SqlConnection _conn;\n        public object ByName(string name)\n        {\n            var cmd = new SqlCommand(${byName}, _conn);\n            return cmd.ExecuteScalar();\n        }\n    }\n}\n`,
    'Data/AuditLog.cs': `using System.Diagnostics;\nnamespace App.Data\n{\n    public class AuditLog\n    {\n        public void Write(string who) { Process.Start("/bin/sh", ${write}); }\n    }\n}\n`,
  });

  it('a controller calls a repository through its interface and a class made with new, both in other files', async () => {
    const bad = await scan(files(`"SELECT * FROM Users WHERE Name = '" + name + "'"`, `"-c \\"echo " + who + " >> audit.log\\""`));
    const sql = bad.find((e) => e.rule === 'source.injection.sql');
    expect(sql).toMatchObject({ file: 'Data/UserRepository.cs', line: 9 });
    expect(sql!.flow!.map((s) => [s.file ?? 'Data/UserRepository.cs', s.kind])).toEqual([
      ['Controllers/UsersController.cs', 'source'],
      ['Controllers/UsersController.cs', 'param'],
      ['Data/UserRepository.cs', 'sink'],
    ]);
    expect(bad.find((e) => e.rule === 'source.injection.command')).toMatchObject({ file: 'Data/AuditLog.cs', line: 6 });
    const safe = await scan(files(`"SELECT * FROM Users WHERE Name = @name"`, `"-c \\"echo audit >> audit.log\\""`));
    expect(safe.filter((e) => e.rule === 'source.injection.sql' || e.rule === 'source.injection.command')).toEqual([]);
  });
});

describe('Razor views', () => {
  const files = (store: string, raw: string) => ({
    'Controllers/HomeController.cs': `using Microsoft.AspNetCore.Mvc;\npublic class HomeController : Controller\n{\n    public IActionResult Index(string msg)\n    {\n        ${store}\n        ViewData["Title"] = "Home";\n        return View();\n    }\n}\n`,
    'Views/Home/Index.cshtml': `@{ Layout = "_Layout"; }\n<h1>@ViewData["Title"]</h1>\n<p>@ViewBag.Message</p>\n<div>${raw}</div>\n<p>@Html.Raw(ViewData["Title"])</p>\n`,
  });

  it('Html.Raw of a ViewBag entry a controller filled with request data, or of the request itself, is XSS; encoded output is not', async () => {
    const bad = await scan(files('ViewBag.Message = msg;', '@Html.Raw(ViewBag.Message) @Html.Raw(Context.Request.Query["q"])'));
    const xss = bad.filter((e) => e.rule === 'source.injection.xss');
    expect(xss.map((e) => [e.file, e.line])).toEqual([
      ['Views/Home/Index.cshtml', 4],
      ['Views/Home/Index.cshtml', 4],
    ]);
    const safe = await scan(files('ViewBag.Message = System.Net.WebUtility.HtmlEncode(msg);', '@Html.Raw(ViewBag.Message) @ViewBag.Message'));
    expect(safe.filter((e) => e.rule === 'source.injection.xss')).toEqual([]);
  });
});
