/**
 * Go (net/http, Gin, database/sql) and PHP (superglobals, PDO, Laravel) vulnerable/safe pairs, written
 * from the libraries' documented behaviour: bound query arguments, escaping, an argument list without
 * a shell, the Secure field of a cookie literal.
 */
import type { RuleCase } from './snippets.ts';

const go = (body: string) => `package main\nimport (\n  "database/sql"\n  "net/http"\n  "os/exec"\n  "github.com/gin-gonic/gin"\n)\nfunc h(w http.ResponseWriter, r *http.Request) {\n${body}\n}\nfunc g(c *gin.Context) {\n}\n`;
const echo = (body: string) => `package main\nimport "github.com/labstack/echo/v4"\nfunc e(c echo.Context) error {\n${body}\nreturn nil\n}\n`;
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
  // Go: os/exec runs a program with an argument vector (no shell): a shell given input is the injection.
  { rule: 'injection.command', lang: 'go', bad: go('host := r.URL.Query().Get("host")\nout, _ := exec.Command("bash", "-c", "nslookup "+host).Output()\n_ = out'), good: go('host := r.URL.Query().Get("host")\nout, _ := exec.Command("nslookup", host).Output()\n_ = out') },
  // Echo: QueryParam/FormValue/Param; c.HTML writes the string as HTML, c.String as text/plain.
  { rule: 'injection.xss', lang: 'go', bad: echo('name := c.QueryParam("name")\nc.HTML(200, "<h1>"+name+"</h1>")'), good: echo('name := c.QueryParam("name")\nc.String(200, "hello "+name)') },
  { rule: 'injection.sql', lang: 'go', bad: echo('id := c.Param("id")\nrow := db.QueryRow("SELECT name FROM users WHERE id = " + id)\n_ = row'), good: echo('id := c.Param("id")\nrow := db.QueryRow("SELECT name FROM users WHERE id = $1", id)\n_ = row') },
  // html/template escapes what it prints; text/template does not, and template.HTML marks text as trusted.
  { rule: 'injection.xss', lang: 'go', bad: 'package main\nimport (\n  "net/http"\n  "text/template"\n)\nvar t = template.Must(template.New("p").Parse("<p>{{.}}</p>"))\nfunc h(w http.ResponseWriter, r *http.Request) {\n  t.Execute(w, r.FormValue("q"))\n}\n', good: 'package main\nimport (\n  "html/template"\n  "net/http"\n)\nvar t = template.Must(template.New("p").Parse("<p>{{.}}</p>"))\nfunc h(w http.ResponseWriter, r *http.Request) {\n  t.Execute(w, r.FormValue("q"))\n}\n' },
  { rule: 'injection.xss', lang: 'go', bad: go('q := r.FormValue("q")\ndata := map[string]interface{}{"Q": template.HTML(q)}\ntmpl.Execute(w, data)'), good: go('q := r.FormValue("q")\ndata := map[string]interface{}{"Q": q}\ntmpl.Execute(w, data)') },
  // filepath.Join and Clean keep "../" that climbs out of a relative path; Base keeps the last element only.
  { rule: 'injection.path_traversal', lang: 'go', bad: go('name := r.URL.Query().Get("file")\nhttp.ServeFile(w, r, filepath.Join("/srv/files", filepath.Clean(name)))'), good: go('name := r.URL.Query().Get("file")\nhttp.ServeFile(w, r, filepath.Join("/srv/files", filepath.Base(name)))') },
  { rule: 'injection.path_traversal', lang: 'go', bad: gin('f := c.Param("f")\nc.File("/srv/static/" + f)'), good: gin('f := c.Param("f")\nif !filepath.IsLocal(f) {\n  return\n}\nc.File(filepath.Join("/srv/static", f))') },
  // Open redirect: the Location is what the client sent.
  { rule: 'injection.open_redirect', lang: 'go', bad: go('http.Redirect(w, r, r.URL.Query().Get("next"), http.StatusFound)'), good: go('http.Redirect(w, r, "/home", http.StatusFound)') },
  { rule: 'injection.open_redirect', lang: 'go', bad: gin('c.Redirect(302, c.Query("next"))'), good: gin('c.Redirect(302, "/login")') },
  // Weak hashes (crypto/md5, crypto/sha1) and math/rand for secrets.
  { rule: 'crypto.weak_hash', lang: 'go', bad: 'package main\nimport "crypto/md5"\nfunc f(pw []byte) [16]byte { return md5.Sum(pw) }\n', good: 'package main\nimport "crypto/sha256"\nfunc f(pw []byte) [32]byte { return sha256.Sum256(pw) }\n' },
  { rule: 'crypto.insecure_random', lang: 'go', bad: 'package main\nimport "math/rand/v2"\nfunc token() int { return rand.IntN(1000000) }\n', good: 'package main\nimport "crypto/rand"\nfunc token(b []byte) { rand.Read(b) }\n' },
  // Cookies: http.Cookie's Secure defaults to false; Gin's SetCookie(name, value, maxAge, path, domain, secure, httpOnly).
  { rule: 'web.insecure_cookie', lang: 'go', bad: go('ck := &http.Cookie{Name: "sid", Value: "x", HttpOnly: true}\nck.Secure = false\nhttp.SetCookie(w, ck)'), good: go('ck := &http.Cookie{Name: "sid", Value: "x", HttpOnly: true}\nck.Secure = true\nhttp.SetCookie(w, ck)') },
  { rule: 'web.insecure_cookie', lang: 'go', bad: gin('c.SetCookie("sid", "x", 3600, "/", "example.com", false, true)'), good: gin('c.SetCookie("sid", "x", 3600, "/", "example.com", true, true)') },
  // XML: encoding/xml does not load external entities; libxml2 with XMLParseNoEnt substitutes them.
  { rule: 'injection.xxe', lang: 'go', bad: 'package main\nimport "github.com/lestrrat-go/libxml2/parser"\nfunc f(b []byte) { p := parser.New(parser.XMLParseNoEnt)\n p.Parse(b) }\n', good: 'package main\nimport "encoding/xml"\nfunc f(b []byte, v interface{}) { xml.Unmarshal(b, v) }\n' },
  // LDAP: go-ldap's search filter (7th argument of NewSearchRequest); ldap.EscapeFilter escapes it.
  { rule: 'injection.ldap', lang: 'go', bad: go('u := r.FormValue("user")\nreq := ldap.NewSearchRequest("dc=example,dc=com", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+u+")", nil, nil)\n_ = req'), good: go('u := r.FormValue("user")\nreq := ldap.NewSearchRequest("dc=example,dc=com", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+ldap.EscapeFilter(u)+")", nil, nil)\n_ = req') },
  // Trust boundary: gorilla/sessions values.
  { rule: 'web.trust_boundary', lang: 'go', bad: go('session, _ := store.Get(r, "s")\nsession.Values["user"] = r.FormValue("user")'), good: go('session, _ := store.Get(r, "s")\nsession.Values["user"] = "guest"') },
  // Log forging
  { rule: 'injection.log', lang: 'go', bad: go('log.Printf("login failed for %s", r.FormValue("user"))'), good: go('log.Printf("login failed for %q", strconv.Quote(r.FormValue("user")))') },
  // Hard-coded JWT signing key
  { rule: 'secrets.hardcoded_password', lang: 'go', bad: 'package main\nfunc sign(t *jwt.Token) (string, error) { return t.SignedString([]byte("my-s3cret-signing-key")) }\n', good: 'package main\nfunc sign(t *jwt.Token) (string, error) { return t.SignedString([]byte(os.Getenv("JWT_KEY"))) }\n' },
  // PHP: PDO and mysqli, prepared statements vs concatenation.
  { rule: 'injection.sql', lang: 'php', bad: '<?php $name = $_POST["name"]; $r = mysqli_query($conn, "SELECT * FROM users WHERE name = \'$name\'");', good: '<?php $name = $_POST["name"]; $st = mysqli_prepare($conn, "SELECT * FROM users WHERE name = ?"); mysqli_stmt_bind_param($st, "s", $name); mysqli_stmt_execute($st);' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $id = $_GET["id"]; $st = $pdo->prepare("SELECT * FROM t WHERE id = " . $id); $st->execute();', good: '<?php $id = $_GET["id"]; $st = $pdo->prepare("SELECT * FROM t WHERE id = :id"); $st->execute(["id" => $id]);' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $sort = $request->input("sort"); $users = User::query()->orderByRaw($sort)->get();', good: '<?php $sort = $request->input("sort"); $users = User::query()->orderBy(in_array($sort, ["name", "email"], true) ? $sort : "name")->get();' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $q = request("q"); $rows = DB::table("posts")->whereRaw("title LIKE \'%" . $q . "%\'")->get();', good: '<?php $q = request("q"); $rows = DB::table("posts")->whereRaw("title LIKE ?", ["%" . $q . "%"])->get();' },
  // Commands
  { rule: 'injection.command', lang: 'php', bad: '<?php $f = $_GET["file"]; echo shell_exec("wc -l " . $f);', good: '<?php $f = $_GET["file"]; echo shell_exec("wc -l " . escapeshellarg($f));' },
  { rule: 'injection.command', lang: 'php', bad: '<?php passthru("tar czf /tmp/b.tgz " . $_POST["dir"]);', good: '<?php passthru("tar czf /tmp/b.tgz " . escapeshellarg($_POST["dir"]));' },
  // Deserialization: unserialize of client data unless classes are refused.
  { rule: 'injection.deserialization', lang: 'php', bad: '<?php $prefs = unserialize($_COOKIE["prefs"]);', good: '<?php $prefs = unserialize($_COOKIE["prefs"], ["allowed_classes" => false]);' },
  // XXE: libxml substitutes entities only when asked (LIBXML_NOENT).
  { rule: 'injection.xxe', lang: 'php', bad: '<?php $doc = new DOMDocument(); $doc->loadXML(file_get_contents("php://input"), LIBXML_NOENT | LIBXML_DTDLOAD);', good: '<?php $doc = new DOMDocument(); $doc->loadXML(file_get_contents("php://input"));' },
  { rule: 'injection.xxe', lang: 'php', bad: '<?php $x = simplexml_load_string($_POST["xml"], "SimpleXMLElement", LIBXML_NOENT);', good: '<?php $x = simplexml_load_string($_POST["xml"], "SimpleXMLElement", LIBXML_NONET);' },
  // LDAP
  { rule: 'injection.ldap', lang: 'php', bad: '<?php $u = $_GET["user"]; $r = ldap_search($ds, "dc=example,dc=com", "(uid=" . $u . ")");', good: '<?php $u = $_GET["user"]; $r = ldap_search($ds, "dc=example,dc=com", "(uid=" . ldap_escape($u, "", LDAP_ESCAPE_FILTER) . ")");' },
  // Open redirect: a Location header built from input; other headers are not redirects.
  { rule: 'injection.open_redirect', lang: 'php', bad: '<?php header("Location: " . $_GET["next"]);', good: '<?php header("Location: /home"); header("X-Request-Id: " . intval($_GET["id"]));' },
  // Cookies: setcookie's sixth argument is secure.
  { rule: 'web.insecure_cookie', lang: 'php', bad: '<?php setcookie("sid", $sid, time() + 3600, "/", "", false, true);', good: '<?php setcookie("sid", $sid, time() + 3600, "/", "", true, true);' },
  // Weak hashes and random numbers for secrets; random_bytes/password_hash are the documented replacements.
  { rule: 'crypto.weak_hash', lang: 'php', bad: '<?php $h = md5($_POST["password"]);', good: '<?php $h = password_hash($_POST["password"], PASSWORD_DEFAULT);' },
  { rule: 'crypto.insecure_random', lang: 'php', bad: '<?php $token = mt_rand();', good: '<?php $token = bin2hex(random_bytes(16));' },
  // XSS via <?= ?> and print
  { rule: 'injection.xss', lang: 'php', bad: '<p>Hello <?= $_GET["name"] ?></p>', good: '<p>Hello <?= htmlspecialchars($_GET["name"], ENT_QUOTES, "UTF-8") ?></p>' },
  // Trust boundary, SSRF
  { rule: 'injection.ssrf', lang: 'php', bad: '<?php $ch = curl_init(); curl_setopt($ch, CURLOPT_URL, $_GET["url"]); curl_exec($ch);', good: '<?php $ch = curl_init(); curl_setopt($ch, CURLOPT_URL, "https://api.example.com/v1"); curl_setopt($ch, CURLOPT_USERAGENT, $_GET["ua"]); curl_exec($ch);' },
  // Second round, from the PHP manual and database/sql docs.
  // PHP header(): a redirect only when it sends Location; a status line built from $_SERVER is not one.
  { rule: 'injection.open_redirect', lang: 'php', bad: '<?php header("Location: " . $_GET["next"]); exit;', good: '<?php header($_SERVER["SERVER_PROTOCOL"] . " 404 Not Found");' },
  // is_numeric on each element an address is rebuilt from (guards on array elements, joined by &&).
  { rule: 'injection.command', lang: 'php', bad: '<?php $o = explode(".", $_POST["ip"]); $t = $o[0] . "." . $o[1]; shell_exec("ping -c 4 " . $t);', good: '<?php $o = explode(".", $_POST["ip"]); if (is_numeric($o[0]) && is_numeric($o[1])) { $t = $o[0] . "." . $o[1]; shell_exec("ping -c 4 " . $t); }' },
  // An allow-list of literals joined by || (through strtolower) leaves only those values.
  { rule: 'injection.path_traversal', lang: 'php', bad: '<?php $ext = $_GET["ext"]; if (strlen($ext) < 5) { readfile("/srv/files/report." . $ext); }', good: '<?php $ext = $_GET["ext"]; if (strtolower($ext) == "pdf" || strtolower($ext) == "txt") { readfile("/srv/files/report." . $ext); }' },
  // preg_match of the whole value against one character class; filter_var FILTER_VALIDATE_INT; strpos separator check.
  { rule: 'injection.sql', lang: 'php', bad: '<?php $id = $_GET["id"]; if (preg_match("/[0-9]+/", $id)) { mysqli_query($c, "SELECT * FROM u WHERE id = $id"); }', good: '<?php $id = $_GET["id"]; if (preg_match("/^[0-9]+$/", $id)) { mysqli_query($c, "SELECT * FROM u WHERE id = $id"); }' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $id = $_GET["id"]; if ($id !== "") { mysqli_query($c, "SELECT * FROM u WHERE id = $id"); }', good: '<?php $id = $_GET["id"]; if (filter_var($id, FILTER_VALIDATE_INT) !== false) { mysqli_query($c, "SELECT * FROM u WHERE id = $id"); }' },
  { rule: 'injection.path_traversal', lang: 'php', bad: '<?php $f = $_GET["f"]; if (strpos($f, "\\0") !== false) { exit; } readfile("/srv/" . $f);', good: '<?php $f = $_GET["f"]; if (strpos($f, "..") !== false || strpos($f, "/") !== false) { exit; } readfile("/srv/" . $f);' },
  // Go: a prepared *sql.Stmt's QueryRow takes only bound arguments; a cookie deleted at logout sends nothing later.
  { rule: 'injection.sql', lang: 'go', bad: go('u := r.FormValue("u")\nrow := db.QueryRow("SELECT id FROM users WHERE name = \'" + u + "\'")\n_ = row'), good: go('u := r.FormValue("u")\nstmt, _ := db.Prepare("SELECT id FROM users WHERE name = ?")\nrow := stmt.QueryRow(u)\n_ = row') },
  { rule: 'web.insecure_cookie', lang: 'go', bad: go('c := &http.Cookie{Name: "sid", Value: token}\nhttp.SetCookie(w, c)'), good: go('c := &http.Cookie{Name: "sid", Value: "", Expires: time.Unix(0, 0)}\nhttp.SetCookie(w, c)') },
  // Go: a method of a type of the same file called on a value of it.
  { rule: 'injection.sql', lang: 'go', bad: `${go('p := &Repo{}\np.Find(r.FormValue("id"))')}type Repo struct{}\nfunc (p *Repo) Find(id string) { db.Query("SELECT * FROM t WHERE id = " + id) }\n`, good: `${go('p := &Repo{}\np.Find(r.FormValue("id"))')}type Repo struct{}\nfunc (p *Repo) Find(id string) { db.Query("SELECT * FROM t WHERE id = ?", id) }\n` },
  // Third round (weak categories): numeric printf conversions print numbers; (int) casts; a non-HTML Content-Type;
  // LDAP base DNs; session cookie parameters; a deleted cookie; Secure from a variable.
  { rule: 'injection.sql', lang: 'php', bad: '<?php $q = sprintf("SELECT * FROM u WHERE n = \'%s\'", $_GET["n"]); mysqli_query($c, $q);', good: '<?php $q = sprintf("SELECT * FROM u WHERE id = %d", $_GET["id"]); mysqli_query($c, $q);' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $id = trim($_GET["id"]); mysqli_query($c, "SELECT * FROM u WHERE id = $id");', good: '<?php $id = (int) $_GET["id"]; mysqli_query($c, "SELECT * FROM u WHERE id = $id");' },
  { rule: 'injection.xss', lang: 'php', bad: '<?php header("Content-Type: text/html; charset=utf-8"); echo $_GET["q"];', good: '<?php header("Content-Type: application/json"); echo $_GET["q"];' },
  { rule: 'injection.ldap', lang: 'php', bad: '<?php $r = ldap_search($ds, "ou=" . $_GET["ou"] . ",dc=ex", "(objectClass=*)");', good: '<?php $r = ldap_search($ds, "ou=" . ldap_escape($_GET["ou"], "", LDAP_ESCAPE_DN) . ",dc=ex", "(objectClass=*)");' },
  { rule: 'web.insecure_cookie', lang: 'php', bad: '<?php session_set_cookie_params(["lifetime" => 0, "httponly" => true]); session_start();', good: '<?php session_set_cookie_params(["lifetime" => 0, "secure" => true, "httponly" => true]); session_start();' },
  { rule: 'web.insecure_cookie', lang: 'php', bad: '<?php setcookie("sid", $token, time() + 3600);', good: '<?php setcookie("sid", "", time() - 3600);' },
  { rule: 'injection.sql', lang: 'go', bad: go('db.Query(fmt.Sprintf("SELECT * FROM t WHERE n = \'%s\'", r.FormValue("n")))'), good: go('db.Query(fmt.Sprintf("SELECT * FROM t WHERE id = %d", r.FormValue("id")))') },
  { rule: 'injection.xss', lang: 'go', bad: go('w.Header().Set("Content-Type", "text/html")\nfmt.Fprintf(w, "%s", r.URL.Query().Get("q"))'), good: go('w.Header().Set("Content-Type", "text/plain")\nfmt.Fprintf(w, "%s", r.URL.Query().Get("q"))') },
  { rule: 'web.insecure_cookie', lang: 'go', bad: go('sec := false\nhttp.SetCookie(w, &http.Cookie{Name: "sid", Value: "x", Secure: sec})'), good: go('sec := true\nhttp.SetCookie(w, &http.Cookie{Name: "sid", Value: "x", Secure: sec})') },
  { rule: 'web.insecure_cookie', lang: 'go', bad: go('w.Header().Set("Set-Cookie", "sid=x; HttpOnly")'), good: go('w.Header().Set("Set-Cookie", "sid=x; HttpOnly; Secure")') },
  // Fourth round (PHP data structures and calls): array(...) literals with and without keys, $a[] = v, array_shift;
  // a character of a constant string decides a switch; methods of a class of the file; getallheaders();
  // $pdo->exec is SQL, not a shell; file_get_contents of a fixed local file is not request data.
  { rule: 'injection.sql', lang: 'php', bad: '<?php $a = array(); $a[] = "safe"; $a[] = $_POST["x"]; $bar = $a[1]; mysqli_query($c, "SELECT * FROM u WHERE n = \'$bar\'");', good: '<?php $a = array(); $a[] = "safe"; $a[] = $_POST["x"]; $a[] = "more"; array_shift($a); $bar = $a[1]; mysqli_query($c, "SELECT * FROM u WHERE n = \'$bar\'");' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $m = array("keyA" => "a", "keyB" => $_POST["x"]); $bar = $m["keyB"]; mysqli_query($c, "SELECT * FROM u WHERE n = \'$bar\'");', good: '<?php $m = array("keyA" => "a", "keyB" => $_POST["x"]); $bar = $m["keyA"]; mysqli_query($c, "SELECT * FROM u WHERE n = \'$bar\'");' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $p = $_GET["x"]; $g = "ABC"; switch ($g[0]) { case "A": $bar = $p; break; default: $bar = "bob"; } mysqli_query($c, "SELECT * FROM u WHERE n = \'$bar\'");', good: '<?php $p = $_GET["x"]; $g = "ABC"; switch ($g[1]) { case "A": $bar = $p; break; default: $bar = "bob"; } mysqli_query($c, "SELECT * FROM u WHERE n = \'$bar\'");' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php class Repo { public function find($q) { global $c; return mysqli_query($c, $q); } } $r = new Repo(); $r->find("SELECT * FROM u WHERE n = \'" . $_GET["x"] . "\'");', good: '<?php class Repo { public function find($n) { global $pdo; $s = $pdo->prepare("SELECT * FROM u WHERE n = ?"); return $s->execute([$n]); } } $r = new Repo(); $r->find($_GET["x"]);' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $h = getallheaders(); mysqli_query($c, "SELECT * FROM u WHERE n = \'" . $h["X-User"] . "\'");', good: '<?php $h = getallheaders(); mysqli_query($c, "SELECT * FROM u WHERE n = \'" . intval($h["X-User"]) . "\'");' },
  { rule: 'injection.command', lang: 'php', bad: '<?php exec("ls " . $_GET["d"]);', good: '<?php $pdo->exec("DELETE FROM u WHERE n = \'x\'"); $d = $_GET["d"];' },
  { rule: 'injection.xss', lang: 'php', bad: '<?php echo file_get_contents("php://input");', good: '<?php echo file_get_contents(__DIR__ . "/footer.html");' },
  // Go slices with constant bounds on a known slice or string (l[1:], g[1:2]).
  { rule: 'injection.sql', lang: 'go', bad: go('l := []string{"safe", r.FormValue("x"), "more"}\nl = l[1:]\ndb.Query("SELECT * FROM t WHERE n = \'" + l[0] + "\'")'), good: go('l := []string{"safe", r.FormValue("x"), "more"}\nl = l[1:]\ndb.Query("SELECT * FROM t WHERE n = \'" + l[1] + "\'")') },
  { rule: 'injection.sql', lang: 'go', bad: go('p := r.FormValue("x")\ng := "ABC"\nvar bar string\nswitch g[0:1] {\ncase "A":\n  bar = p\ndefault:\n  bar = "bob"\n}\ndb.Query("SELECT * FROM t WHERE n = \'" + bar + "\'")'), good: go('p := r.FormValue("x")\ng := "ABC"\nvar bar string\nswitch g[1:2] {\ncase "A":\n  bar = p\ndefault:\n  bar = "bob"\n}\ndb.Query("SELECT * FROM t WHERE n = \'" + bar + "\'")') },
  // mysqli_real_escape_string/addslashes protect a value inside SQL quotes only (PHP manual: the escaped characters are quotes
  // and backslashes); a bare numeric position stays injectable.
  { rule: 'injection.sql', lang: 'php', bad: '<?php $id = mysqli_real_escape_string($c, $_POST["id"]); mysqli_query($c, "SELECT * FROM u WHERE id = $id;");', good: '<?php $id = mysqli_real_escape_string($c, $_POST["id"]); mysqli_query($c, "SELECT * FROM u WHERE id = \'$id\';");' },
  { rule: 'injection.sql', lang: 'php', bad: '<?php $n = addslashes($_GET["n"]); mysqli_query($c, "SELECT * FROM u ORDER BY " . $n);', good: '<?php $n = addslashes($_GET["n"]); mysqli_query($c, "SELECT * FROM u WHERE n = \'" . $n . "\'");' },
  // PHP 8 named arguments.
  { rule: 'web.insecure_cookie', lang: 'php', bad: '<?php setcookie("sid", $v, expires: time() + 3600, httponly: true);', good: '<?php setcookie("sid", $v, expires: time() + 3600, secure: true, httponly: true);' },
  // Go new(T) is a zero value whose fields are set afterwards.
  { rule: 'web.insecure_cookie', lang: 'go', bad: echo('ck := new(http.Cookie)\nck.Name = "sid"\nck.Value = "x"\nc.SetCookie(ck)'), good: echo('ck := new(http.Cookie)\nck.Name = "sid"\nck.Value = "x"\nck.Secure = true\nc.SetCookie(ck)') },
];
