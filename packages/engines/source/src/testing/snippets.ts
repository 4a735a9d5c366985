/**
 * Vulnerable and safe code snippets per rule, used by the rule tests: each
 * pair differs only in what makes it safe (a sanitizer, a constant, a secure
 * setting), so a rule that passes both really follows the data.
 */
import type { LanguageId } from '../parse/syntax.ts';

export interface RuleCase {
  rule: string;
  lang: LanguageId;
  bad: string;
  good: string;
}

const servlet = (body: string) => `class T extends HttpServlet {\n  void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {\n${body}\n  }\n}\n`;

export const RULE_CASES: readonly RuleCase[] = [
  { rule: 'injection.sql', lang: 'java', bad: servlet('String p = request.getParameter("id");\nString sql = "SELECT * FROM t WHERE id=\'" + p + "\'";\nstatement.executeQuery(sql);'), good: servlet('String p = request.getParameter("id");\nPreparedStatement ps = conn.prepareStatement("SELECT * FROM t WHERE id=?");\nps.setString(1, p);\nps.executeQuery();') },
  { rule: 'injection.command', lang: 'java', bad: servlet('String p = request.getHeader("x");\nRuntime.getRuntime().exec("ls " + p);'), good: servlet('String p = request.getHeader("x");\nint n = Integer.parseInt(p);\nRuntime.getRuntime().exec("ls " + n);') },
  { rule: 'injection.path_traversal', lang: 'java', bad: servlet('String p = request.getParameter("f");\nnew java.io.FileInputStream(new java.io.File("/data/" + p));'), good: servlet('String p = request.getParameter("f");\nString name = org.apache.commons.io.FilenameUtils.getName(p);\nnew java.io.FileInputStream("/data/" + name);') },
  { rule: 'injection.xss', lang: 'java', bad: servlet('String p = request.getParameter("q");\nresponse.getWriter().println("<b>" + p + "</b>");'), good: servlet('String p = request.getParameter("q");\nresponse.getWriter().println("<b>" + ESAPI.encoder().encodeForHTML(p) + "</b>");') },
  { rule: 'injection.ldap', lang: 'java', bad: servlet('String p = request.getParameter("u");\nctx.search("ou=users", "(uid=" + p + ")", sc);'), good: servlet('String p = request.getParameter("u");\nctx.search("ou=users", "(uid=" + ESAPI.encoder().encodeForLDAP(p) + ")", sc);') },
  { rule: 'injection.xpath', lang: 'java', bad: servlet('String p = request.getParameter("u");\nxp.evaluate("//user[@name=\'" + p + "\']", doc);'), good: servlet('String p = request.getParameter("u");\nxp.evaluate("//user[@name=\'" + ESAPI.encoder().encodeForXPath(p) + "\']", doc);') },
  { rule: 'injection.ssrf', lang: 'javascript', bad: 'app.get("/p", (req, res) => { needle.get(req.query.url, () => {}); });', good: 'app.get("/p", (req, res) => { needle.get("https://api.example.com/" + parseInt(req.query.id), () => {}); });' },
  { rule: 'injection.deserialization', lang: 'python', bad: 'def view(request):\n    data = request.GET.get("d")\n    return pickle.loads(data)\n', good: 'def view(request):\n    data = request.GET.get("d")\n    return json.loads(data)\n' },
  { rule: 'injection.xxe', lang: 'java', bad: 'class X { void f() { DocumentBuilderFactory f = DocumentBuilderFactory.newInstance(); } }', good: 'class X { void f() { DocumentBuilderFactory f = DocumentBuilderFactory.newInstance(); f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true); } }' },
  { rule: 'injection.open_redirect', lang: 'javascript', bad: 'app.get("/r", (req, res) => { res.redirect(req.query.next); });', good: 'app.get("/r", (req, res) => { res.redirect("/home"); });' },
  { rule: 'injection.template', lang: 'python', bad: 'def view():\n    t = request.args.get("t")\n    return render_template_string(t)\n', good: 'def view():\n    t = request.args.get("t")\n    return render_template_string("<p>{{ t }}</p>", t=t)\n' },
  { rule: 'injection.code', lang: 'javascript', bad: 'function h(req, res) { const v = eval(req.body.preTax); res.json(v); }', good: 'function h(req, res) { const v = parseInt(req.body.preTax); res.json(v); }' },
  { rule: 'injection.xss', lang: 'typescript', bad: 'class C { filter () { const q: string = this.route.snapshot.queryParams.q; this.html = this.sanitizer.bypassSecurityTrustHtml(q) } }', good: 'class C { filter () { const q: string = this.route.snapshot.queryParams.q; this.text = q; this.html = this.sanitizer.bypassSecurityTrustHtml(\'<b>static</b>\') } }' },
  { rule: 'injection.nosql', lang: 'typescript', bad: 'export function update () { return (req, res) => { db.reviews.update({ _id: req.body.id }, { $set: { m: req.body.m } }) } }', good: 'export function update () { return (req, res) => { if (typeof req.body.id !== \'string\') { return } db.reviews.update({ _id: req.body.id }, { $set: { m: req.body.m } }) } }' },
  { rule: 'injection.nosql', lang: 'javascript', bad: 'app.get("/o/:id", (req, res) => { db.orders.find({ $where: "this.orderId === \'" + req.params.id + "\'" }) })', good: 'app.get("/o/:id", (req, res) => { db.orders.find({ orderId: req.params.id }) })' },
  { rule: 'injection.nosql', lang: 'javascript', bad: 'app.post("/u", (req, res) => { db.users.findOne({ name: req.body.name }) })', good: 'app.post("/u", (req, res) => { UserModel.findOne({ where: { name: req.body.name } }) })' },
  { rule: 'injection.code', lang: 'typescript', bad: 'export function order () { return ({ body }: Request, res: Response) => { eval(body.lines) } }', good: 'export function order () { return ({ body }: Request, res: Response) => { eval(String(Number(body.lines))) } }' },
  { rule: 'injection.log', lang: 'javascript', bad: 'app.post("/login", (req, res) => { const { userName } = req.body; console.log("Error: attempt to login with invalid user: ", userName) })', good: 'app.post("/login", (req, res) => { const { userName } = req.body; console.log("Error: attempt to login with invalid user: ", encodeURIComponent(userName)) })' },
  { rule: 'injection.code', lang: 'javascript', bad: 'function order (req, res) { const orderLines = req.body.orderLines; const sandbox = { safeEval, orderLines }; vm.createContext(sandbox); vm.runInContext("safeEval(orderLines)", sandbox) }', good: 'function order (req, res) { const orderLines = req.body.orderLines; const sandbox = { safeEval, orderLines }; vm.createContext(sandbox); vm.runInContext("JSON.stringify(orderLines)", sandbox) }' },
  { rule: 'injection.xxe', lang: 'javascript', bad: 'function up (req, res) { const data = req.body.xml; const option = libxml2.ParseOption.XML_PARSE_NOENT; const sandbox = { libxml2, data, option }; vm.runInContext("libxml2.XmlDocument.fromString(data, { option })", sandbox) }', good: 'function up (req, res) { const data = req.body.xml; const option = libxml2.ParseOption.XML_PARSE_NONET; const sandbox = { libxml2, data, option }; vm.runInContext("libxml2.XmlDocument.fromString(data, { option })", sandbox) }' },
  { rule: 'injection.path_traversal', lang: 'typescript', bad: 'export function key () { return ({ params }: Request, res: Response) => { const file = params.file; if (!file.endsWith(\'.pem\')) { res.sendFile(path.resolve(\'keys/\', file)) } } }', good: 'export function key () { return ({ params }: Request, res: Response) => { const file = params.file; if (!file.includes(\'/\')) { res.sendFile(path.resolve(\'keys/\', file)) } } }' },
  { rule: 'injection.command', lang: 'php', bad: '<?php $h = $_GET["host"]; system("ping " . $h);', good: '<?php $h = $_GET["host"]; system("ping " . escapeshellarg($h));' },
  { rule: 'injection.sql', lang: 'go', bad: 'package m\nfunc h(w http.ResponseWriter, r *http.Request) {\n  id := r.FormValue("id")\n  db.Query("SELECT * FROM t WHERE id=" + id)\n}\n', good: 'package m\nfunc h(w http.ResponseWriter, r *http.Request) {\n  id := r.FormValue("id")\n  db.Query("SELECT * FROM t WHERE id=?", 1)\n  _ = id\n}\n' },
  { rule: 'web.trust_boundary', lang: 'java', bad: servlet('String p = request.getParameter("n");\nrequest.getSession().setAttribute("user", p);'), good: servlet('String p = request.getParameter("n");\nrequest.getSession().setAttribute("user", "guest");') },
  { rule: 'crypto.weak_cipher', lang: 'java', bad: 'class C { void f() throws Exception { String alg = "DES/CBC/PKCS5Padding"; Cipher c = Cipher.getInstance(alg); } }', good: 'class C { void f() throws Exception { Cipher c = Cipher.getInstance("AES/GCM/NoPadding"); } }' },
  { rule: 'crypto.weak_hash', lang: 'javascript', bad: 'const h = crypto.createHash("md5").update(pw).digest("hex");', good: 'const h = crypto.createHash("sha256").update(pw).digest("hex");' },
  { rule: 'crypto.static_iv', lang: 'java', bad: 'class C { void f() { IvParameterSpec iv = new IvParameterSpec("0123456789abcdef".getBytes()); } }', good: 'class C { void f(byte[] r) { IvParameterSpec iv = new IvParameterSpec(r); } }' },
  { rule: 'crypto.static_key', lang: 'java', bad: 'class C { void f() { SecretKeySpec k = new SecretKeySpec("secretkey1234567".getBytes(), "AES"); } }', good: 'class C { void f(byte[] kb) { SecretKeySpec k = new SecretKeySpec(kb, "AES"); } }' },
  { rule: 'crypto.insecure_random', lang: 'java', bad: 'class C { int f() { return new java.util.Random().nextInt(); } }', good: 'class C { int f() { return new java.security.SecureRandom().nextInt(); } }' },
  { rule: 'network.trust_all_certificates', lang: 'javascript', bad: 'https.request({ host: h, rejectUnauthorized: false });', good: 'https.request({ host: h, rejectUnauthorized: true });' },
  { rule: 'network.trust_all_certificates', lang: 'java', bad: 'class TM implements X509TrustManager { public void checkServerTrusted(X509Certificate[] c, String a) {} }', good: 'class TM implements X509TrustManager { public void checkServerTrusted(X509Certificate[] c, String a) throws CertificateException { delegate.checkServerTrusted(c, a); } }' },
  { rule: 'network.hostname_verifier', lang: 'java', bad: 'class V implements HostnameVerifier { public boolean verify(String h, SSLSession s) { return true; } }', good: 'class V implements HostnameVerifier { public boolean verify(String h, SSLSession s) { return h.equals("example.com"); } }' },
  { rule: 'web.insecure_cookie', lang: 'java', bad: servlet('Cookie c = new Cookie("s", "v");\nc.setSecure(false);\nresponse.addCookie(c);'), good: servlet('Cookie c = new Cookie("s", "v");\nc.setSecure(true);\nresponse.addCookie(c);') },
  { rule: 'secrets.hardcoded_password', lang: 'java', bad: 'class D { String password = "Tr0ub4dor&3x"; }', good: 'class D { String password = System.getenv("DB_PASSWORD"); }' },
  { rule: 'secrets.hardcoded_secret', lang: 'python', bad: 'AWS_KEY = "AKIA4QWERTYUIOPASDF7"\n', good: 'AWS_KEY = os.environ["AWS_KEY"]\n' },
  { rule: 'code.sensitive_log', lang: 'java', bad: 'class L { void f(String password) { Log.d("TAG", "pw=" + password); } }', good: 'class L { void f(String user) { Log.d("TAG", "user=" + user); } }' },
  { rule: 'native.dangerous_function', lang: 'c', bad: 'void f(char *s) { char b[8]; strcpy(b, s); }', good: 'void f(char *s) { char b[8]; strncpy(b, s, sizeof b - 1); }' },
  { rule: 'native.format_string', lang: 'c', bad: 'void f(char *s) { printf(s); }', good: 'void f(char *s) { printf("%s", s); }' },
  { rule: 'webview.javascript_enabled', lang: 'kotlin', bad: 'fun f(w: WebView) { w.settings.setJavaScriptEnabled(true) }', good: 'fun f(w: WebView) { w.settings.setJavaScriptEnabled(false) }' },
  { rule: 'webview.file_access', lang: 'java', bad: 'class W { void f(WebSettings s) { s.setAllowUniversalAccessFromFileURLs(true); } }', good: 'class W { void f(WebSettings s) { s.setAllowUniversalAccessFromFileURLs(false); } }' },
];
