/**
 * Go (net/http, Gin, database/sql) and PHP (superglobals, PDO, Laravel) vulnerable/safe pairs, written
 * from the libraries' documented behaviour: bound query arguments, escaping, an argument list without
 * a shell, the Secure field of a cookie literal.
 */
import type { RuleCase } from './snippets.ts';

const go = (body: string) => `package main\nimport (\n  "database/sql"\n  "net/http"\n  "os/exec"\n  "github.com/gin-gonic/gin"\n)\nfunc h(w http.ResponseWriter, r *http.Request) {\n${body}\n}\nfunc g(c *gin.Context) {\n}\n`;
const gin = (body: string) => `package main\nimport "github.com/gin-gonic/gin"\nfunc g(c *gin.Context) {\n${body}\n}\n`;
export const GO_PHP_CASES: readonly RuleCase[] = [
  { rule: 'injection.sql', lang: 'go', bad: go('id := r.URL.Query().Get("id")\ndb.Query("SELECT * FROM t WHERE id = " + id)'), good: go('id := r.URL.Query().Get("id")\ndb.Query("SELECT * FROM t WHERE id = ?", id)') },
  { rule: 'injection.sql', lang: 'go', bad: gin('name := c.Query("name")\nrows, _ := db.Query(fmt.Sprintf("SELECT * FROM u WHERE n = \'%s\'", name))\n_ = rows'), good: gin('name := c.Query("name")\nrows, _ := db.Query("SELECT * FROM u WHERE n = $1", name)\n_ = rows') },
  { rule: 'injection.command', lang: 'go', bad: gin('host := c.PostForm("host")\nexec.Command("sh", "-c", "ping " + host).Run()'), good: gin('host := c.PostForm("host")\nexec.Command("ping", "-c", "1", "example.com").Run()\n_ = host') },
  { rule: 'injection.xss', lang: 'go', bad: go('name := r.FormValue("name")\nw.Write([]byte("<p>" + name + "</p>"))'), good: go('name := r.FormValue("name")\nw.Write([]byte("<p>" + html.EscapeString(name) + "</p>"))') },
  { rule: 'web.insecure_cookie', lang: 'go', bad: go('http.SetCookie(w, &http.Cookie{Name: "sid", Value: v, HttpOnly: true})'), good: go('http.SetCookie(w, &http.Cookie{Name: "sid", Value: v, HttpOnly: true, Secure: true})') },
  { rule: 'injection.path_traversal', lang: 'go', bad: gin('f := c.Query("f")\ndata, _ := os.ReadFile("/srv/" + f)\n_ = data'), good: gin('f := c.Query("f")\ndata, _ := os.ReadFile("/srv/" + filepath.Base(f))\n_ = data') },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $id = $_GET["id"]; $pdo->query("SELECT * FROM t WHERE id = " . $id);', good: '<?php $id = $_GET["id"]; $st = $pdo->prepare("SELECT * FROM t WHERE id = ?"); $st->execute([$id]);' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $n = $request->input("name"); DB::select("SELECT * FROM u WHERE n = \'$n\'");', good: '<?php $n = $request->input("name"); DB::select("SELECT * FROM u WHERE n = ?", [$n]);' },
  { rule: 'injection.xss', lang: 'php', bad: '<?php echo "<p>" . $_GET["q"] . "</p>";', good: '<?php echo "<p>" . htmlspecialchars($_GET["q"], ENT_QUOTES) . "</p>";' },
  { rule: 'injection.path_traversal', lang: 'php', bad: '<?php include($_GET["page"]);', good: '<?php include("pages/" . basename($_GET["page"]) . ".php");' },
];
