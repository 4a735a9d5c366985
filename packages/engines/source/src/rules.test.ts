import { describe, expect, it } from 'vitest';
import { analyseCode } from './checks/analyse-file.ts';
import { C_CASES } from './testing/c-cases.ts';
import { CSHARP_CASES } from './testing/csharp-cases.ts';
import { GO_PHP_CASES } from './testing/go-php-cases.ts';
import { PYTHON_CASES } from './testing/python-cases.ts';
import { RULE_CASES } from './testing/snippets.ts';

const keysOf = async (code: string, lang: Parameters<typeof analyseCode>[1]) => (await analyseCode(code, lang, () => true)).hits.map((h) => h.key);

describe('rules: a vulnerable and a safe snippet each', () => {
  for (const [i, c] of [...RULE_CASES, ...PYTHON_CASES, ...GO_PHP_CASES, ...CSHARP_CASES, ...C_CASES].entries()) {
    it(`${c.rule} (${c.lang}) #${i}`, async () => {
      expect(await keysOf(c.bad, c.lang)).toContain(c.rule);
      expect(await keysOf(c.good, c.lang)).not.toContain(c.rule);
    });
  }
});

describe('data flow', () => {
  it('follows data across functions of the same file, with the path as steps', async () => {
    const code = `class T {
  void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String p = request.getParameter("id");
    String bar = new Helper().wrap(p);
    run(bar);
  }
  void run(String q) throws Exception { statement.executeQuery("SELECT " + q); }
  String wrap(String s) { return "x" + s; }
}`;
    const r = await analyseCode(code, 'java', () => true);
    const hit = r.hits.find((h) => h.key === 'injection.sql');
    expect(hit?.line).toBe(7);
    expect(hit?.steps?.map((s) => s.line)).toEqual([3, 4, 5]);
  });

  it('decides constant branches and reads the right list and map slots', async () => {
    const body = (tail: string) => `class T { void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
      String param = request.getParameter("a");
      ${tail}
      response.getWriter().println(bar);
    } }`;
    const safe = [
      'int num = 86; String bar = (7 * 42) - num > 200 ? "This_should_always_happen" : param;',
      'java.util.List<String> l = new java.util.ArrayList<String>(); l.add("safe"); l.add(param); l.add("moresafe"); l.remove(0); String bar = l.get(1);',
      'java.util.HashMap<String,Object> m = new java.util.HashMap<String,Object>(); m.put("keyA", "a_Value"); m.put("keyB", param); String bar = (String) m.get("keyA");',
      'String bar; String guess = "ABC"; char t = guess.charAt(1); switch (t) { case \'A\': bar = param; break; case \'B\': bar = "bob"; break; default: bar = param; }',
    ];
    const bad = [
      'int num = 106; String bar = (7 * 42) - num > 200 ? "This_should_always_happen" : param;',
      'java.util.List<String> l = new java.util.ArrayList<String>(); l.add("safe"); l.add(param); l.add("moresafe"); l.remove(0); String bar = l.get(0);',
      'java.util.HashMap<String,Object> m = new java.util.HashMap<String,Object>(); m.put("keyA", "a_Value"); m.put("keyB", param); String bar = (String) m.get("keyB");',
      'String bar; String guess = "ABC"; char t = guess.charAt(0); switch (t) { case \'A\': bar = param; break; case \'B\': bar = "bob"; break; default: bar = param; }',
    ];
    for (const s of safe) expect((await analyseCode(body(s), 'java', () => true)).hits.map((h) => h.key), s).not.toContain('injection.xss');
    for (const s of bad) expect((await analyseCode(body(s), 'java', () => true)).hits.map((h) => h.key), s).toContain('injection.xss');
  });

  it('JavaScript: express handler through a helper function and a template literal', async () => {
    const code = 'function q(id) { return `SELECT * FROM u WHERE id = ${id}`; }\napp.get("/u", (req, res) => { const { id } = req.query; connection.query(q(id)); });';
    expect((await analyseCode(code, 'javascript', () => true)).hits.map((h) => h.key)).toContain('injection.sql');
  });
});

describe('C#', () => {
  it('follows request data through a helper method of the controller, with the path as steps', async () => {
    const code = 'public class OrdersController : Controller {\n  public IActionResult Show(string id) {\n    var sql = Build(id);\n    new SqlCommand(sql, _conn).ExecuteReader();\n    return View();\n  }\n  private string Build(string v) => "SELECT * FROM Orders WHERE Id = \'" + v + "\'";\n}\n';
    const hit = (await analyseCode(code, 'csharp', () => true)).hits.find((h) => h.key === 'injection.sql');
    expect(hit?.line).toBe(4);
    expect(hit?.steps?.[0]?.line).toBe(2);
  });

  it('does not take parameters of non-action methods as sources, and survives truncated or deeply nested input', async () => {
    const helper = 'public class Repo {\n  public void Find(string name) { new SqlCommand("SELECT * FROM t WHERE n = \'" + name + "\'", _c); }\n}\n';
    expect((await analyseCode(helper, 'csharp', () => true)).hits.map((h) => h.key)).not.toContain('injection.sql');
    const truncated = 'public class C : Controller { public IActionResult A(string q) { var cmd = new SqlCommand("SELECT " + q';
    await expect(analyseCode(truncated, 'csharp', () => true)).resolves.toBeDefined();
    const nested = `class N { void M() { var x = ${'('.repeat(3000)}1${')'.repeat(3000)}; } }`;
    await expect(analyseCode(nested, 'csharp', () => true)).resolves.toBeDefined();
  });
});
