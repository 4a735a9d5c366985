/**
 * Truth sets for PHP, Go and C# (lang-benchmark.ts), as facts about public projects — no project code.
 * Each case names a file of the project, a line range at the pinned commit, a category and whether the
 * weakness is really there. A case counts as flagged when a finding of its category's rules has its sink
 * or any step of its path (SARIF codeFlow) in that file and range.
 *
 * - DVWA (digininja/DVWA @ 33e364c, PHP): every vulnerability ships four levels of the same page
 *   (vulnerabilities/<name>/source/{low,medium,high,impossible}.php); its documentation (the help pages and
 *   the "impossible" level's purpose) says which are exploitable: low/medium/high are positives where the
 *   level is still exploitable, impossible is the fixed version. Pages whose flaw is not a source-code data
 *   flow (CSRF, brute force rate, captcha logic, weak session ids by counter) are left out; SQL injection in
 *   the brute-force page is kept (its low level builds the login query from the request).
 *   Caveat: DVWA's pages put their output in `$html` and their file name in `$file`, which index.php (a
 *   different file, included by a computed path) echoes or includes: XSS and file inclusion need PHP include
 *   resolution, which the engine does not do.
 * - govwa (0c34/govwa @ 4058f79, Go net/http + httprouter): its SQL injection page calls an unsafe or a safe
 *   query function by level (vulnerability/sqli/function.go, the handlers in sqli.go: a flow across files of
 *   one package), XSS pages wrap request data in template.HTML, a cookie helper sets cookies without Secure;
 *   prepared statements elsewhere are negatives.
 * - CodeQL C# documentation examples (github/codeql, csharp/ql/src/Security Features, files as listed with
 *   their commits in CODEQL_CS_COMMITS): each query's help ships a BAD and GOOD example (System.Web
 *   handlers, Json.NET, System.Random). TaintedPathGoodFolder.cs is left out: it checks `filePath` but
 *   reads `filename`, so the example as written is not safe.
 */

export type Category = 'sqli' | 'cmdi' | 'xss' | 'redirect' | 'path' | 'cookie' | 'ldap' | 'xpath' | 'deser' | 'weakrand';

export const CATEGORY_RULES: Record<Category, readonly string[]> = {
  sqli: ['source.injection.sql'],
  cmdi: ['source.injection.command'],
  xss: ['source.injection.xss'],
  redirect: ['source.injection.open_redirect'],
  path: ['source.injection.path_traversal'],
  cookie: ['source.web.insecure_cookie'],
  ldap: ['source.injection.ldap'],
  xpath: ['source.injection.xpath'],
  deser: ['source.injection.deserialization'],
  weakrand: ['source.crypto.insecure_random'],
};

export interface TruthCase {
  file: string;
  from: number;
  to: number;
  category: Category;
  real: boolean;
  note: string;
}

export interface TruthSet {
  name: string;
  language: 'php' | 'go' | 'csharp';
  /** Where to get it (repository and commit). */
  source: string;
  /** File extensions copied into the scanned folder (the code, without lockfiles or manifests). */
  extensions: readonly string[];
  cases: readonly TruthCase[];
}

const S = 'vulnerabilities';
const dvwa = (page: string, level: string, from: number, to: number, category: Category, real: boolean, note: string): TruthCase => ({ file: `${S}/${page}/source/${level}.php`, from, to, category, real, note });

export const DVWA: TruthSet = {
  name: 'DVWA',
  language: 'php',
  source: 'github.com/digininja/DVWA @ 33e364c',
  extensions: ['.php'],
  cases: [
    dvwa('sqli', 'low', 10, 34, 'sqli', true, "request id quoted into SELECT (MySQL and SQLite branches)"),
    dvwa('sqli', 'medium', 11, 30, 'sqli', true, 'mysqli_real_escape_string, but the id is not quoted in the query'),
    dvwa('sqli', 'high', 10, 31, 'sqli', true, 'id from the session, set from a POST by session-input.php (second order)'),
    dvwa('sqli', 'impossible', 16, 36, 'sqli', false, 'is_numeric + intval, PDO/SQLite3 prepared statements'),
    dvwa('sqli_blind', 'low', 11, 34, 'sqli', true, 'GET id quoted into SELECT'),
    dvwa('sqli_blind', 'medium', 13, 36, 'sqli', true, 'escaped but unquoted (MySQL), not escaped at all (SQLite)'),
    dvwa('sqli_blind', 'high', 11, 35, 'sqli', true, 'cookie id quoted into SELECT'),
    dvwa('sqli_blind', 'impossible', 17, 30, 'sqli', false, 'prepared statements'),
    dvwa('brute', 'low', 12, 13, 'sqli', true, 'login query built from username'),
    dvwa('brute', 'medium', 14, 15, 'sqli', false, 'escaped values inside quotes'),
    dvwa('brute', 'high', 19, 20, 'sqli', false, 'escaped values inside quotes'),
    dvwa('brute', 'impossible', 24, 94, 'sqli', false, 'PDO prepared statements'),
    dvwa('xss_s', 'low', 16, 17, 'sqli', false, 'guestbook insert: both values escaped inside quotes'),
    dvwa('xss_s', 'impossible', 22, 25, 'sqli', false, 'PDO prepared statement'),
    dvwa('exec', 'low', 10, 14, 'cmdi', true, 'ping with the request ip through a shell'),
    dvwa('exec', 'medium', 19, 23, 'cmdi', true, "blacklist removes only '&&' and ';'"),
    dvwa('exec', 'high', 26, 30, 'cmdi', true, 'blacklist misses "|" without a space'),
    dvwa('exec', 'impossible', 22, 26, 'cmdi', false, 'four is_numeric octets rebuilt into the address'),
    dvwa('open_redirect', 'low', 4, 4, 'redirect', true, 'Location from the request'),
    dvwa('open_redirect', 'medium', 11, 11, 'redirect', true, 'absolute http(s) URLs refused, //host still passes'),
    dvwa('open_redirect', 'high', 5, 5, 'redirect', true, 'any URL containing info.php'),
    dvwa('open_redirect', 'impossible', 18, 18, 'redirect', false, 'target chosen from constants by a numeric id'),
    dvwa('sqli_blind', 'low', 49, 49, 'redirect', false, 'header() sends a status line, not Location'),
    dvwa('sqli_blind', 'impossible', 55, 55, 'redirect', false, 'header() sends a status line, not Location'),
    dvwa('xss_r', 'low', 8, 8, 'xss', true, 'name into $html, echoed by index.php'),
    dvwa('xss_r', 'medium', 8, 11, 'xss', true, "only '<script>' removed"),
    dvwa('xss_r', 'high', 8, 11, 'xss', true, 'regex against script tags only'),
    dvwa('xss_r', 'impossible', 9, 12, 'xss', false, 'htmlspecialchars'),
    dvwa('fi', 'low', 4, 4, 'path', true, 'page parameter included by index.php'),
    dvwa('fi', 'medium', 4, 8, 'path', true, 'str_replace of ../ and http:// is bypassable'),
    dvwa('fi', 'high', 4, 11, 'path', true, 'fnmatch("file*") lets file:// through'),
    dvwa('fi', 'impossible', 4, 18, 'path', false, 'allow-list of four names'),
    dvwa('upload', 'low', 5, 9, 'path', false, 'target name is basename() of the upload'),
    dvwa('upload', 'impossible', 18, 51, 'path', false, 'md5 name and an allow-listed extension'),
    dvwa('weak_id', 'low', 11, 11, 'cookie', true, 'setcookie without the secure flag'),
    dvwa('weak_id', 'medium', 7, 7, 'cookie', true, 'setcookie without the secure flag'),
    dvwa('weak_id', 'high', 11, 11, 'cookie', true, 'setcookie with secure false'),
    dvwa('weak_id', 'impossible', 7, 7, 'cookie', false, 'setcookie with secure and httponly true'),
  ],
};

export const GOVWA: TruthSet = {
  name: 'govwa',
  language: 'go',
  source: 'github.com/0c34/govwa @ 4058f79',
  extensions: ['.go'],
  cases: [
    { file: 'vulnerability/sqli/function.go', from: 36, to: 40, category: 'sqli', real: true, note: 'UnsafeQueryGetData: Sprintf into SELECT, called by sqli.go handlers with a cookie and a form value' },
    { file: 'vulnerability/sqli/function.go', from: 60, to: 75, category: 'sqli', real: false, note: 'SafeQueryGetData: prepared statement' },
    { file: 'user/user.go', from: 143, to: 154, category: 'sqli', real: false, note: 'login: prepared statement with QueryRow arguments' },
    { file: 'vulnerability/idor/function.go', from: 43, to: 49, category: 'sqli', real: false, note: 'prepared statement' },
    { file: 'vulnerability/idor/function.go', from: 66, to: 70, category: 'sqli', real: false, note: 'prepared statement' },
    { file: 'setup/function.go', from: 49, to: 73, category: 'sqli', real: false, note: 'constant set-up statements' },
    { file: 'vulnerability/xss/xss.go', from: 52, to: 63, category: 'xss', real: true, note: 'search term wrapped in template.HTML' },
    { file: 'vulnerability/xss/xss.go', from: 96, to: 100, category: 'xss', real: true, note: 'uid formatted into an inline script, template.HTML' },
    { file: 'user/user.go', from: 70, to: 76, category: 'xss', real: false, note: 'constant messages in template.HTML' },
    { file: 'util/cookie.go', from: 31, to: 38, category: 'cookie', real: true, note: 'http.Cookie without Secure' },
    { file: 'util/cookie.go', from: 46, to: 54, category: 'cookie', real: false, note: 'cookie deleted (expired at the epoch, empty value)' },
  ],
};

/** Commits of the CodeQL example files as read (github/codeql). */
export const CODEQL_CS_COMMITS: Record<string, string> = {
  'CWE-079/XSSBad.cs': 'd0cf2a9', 'CWE-079/XSSGood.cs': '4b95ea0', 'CWE-079/XSSGood2.cs': '71dbd1a',
  'CWE-601/examples/UrlRedirect.cs': '494f0b7', 'CWE-601/examples/UrlRedirectGood.cs': '494f0b7', 'CWE-601/examples/UrlRedirectGoodDomain.cs': '6d7f6ff',
  'CWE-022/examples/TaintedPath.cs': '8160291', 'CWE-022/examples/TaintedPathGoodNormalize.cs': '8160291',
  'CWE-089/SqlInjection.cs': '0e7b1f5', 'CWE-090/LDAPInjection.cs': '097d518', 'CWE-643/XPathInjection.cs': '097d518',
  'CWE-078/CommandInjection.cs': '3cb9a49', 'CWE-614/secureflagcore.cs': 'b43f37d',
  'CWE-502/examples/UnsafeTypeNameHandlingBad.cs': '313a9c8', 'CWE-502/examples/UnsafeTypeNameHandlingGood.cs': '702deb4',
  'InsecureRandomness.cs': '29b1e75',
};

const cq = (file: string, from: number, to: number, category: Category, real: boolean, note: string): TruthCase => ({ file, from, to, category, real, note });

export const CODEQL_CS: TruthSet = {
  name: 'CodeQL C# examples',
  language: 'csharp',
  source: 'github.com/github/codeql, csharp/ql/src/Security Features (commits per file in CODEQL_CS_COMMITS)',
  extensions: ['.cs'],
  cases: [
    cq('CWE-079/XSSBad.cs', 8, 9, 'xss', true, 'query string written to the response'),
    cq('CWE-079/XSSGood.cs', 9, 11, 'xss', false, 'WebUtility.HtmlEncode'),
    cq('CWE-079/XSSGood2.cs', 9, 11, 'xss', false, 'AntiXSS Encoder.HtmlEncode'),
    cq('CWE-601/examples/UrlRedirect.cs', 9, 9, 'redirect', true, 'query string redirect'),
    cq('CWE-601/examples/UrlRedirectGood.cs', 11, 15, 'redirect', false, 'allow-list List.Contains'),
    cq('CWE-601/examples/UrlRedirectGoodDomain.cs', 12, 20, 'redirect', false, 'relative URL or known host'),
    cq('CWE-022/examples/TaintedPath.cs', 9, 11, 'path', true, 'query string read as a file'),
    cq('CWE-022/examples/TaintedPathGoodNormalize.cs', 11, 18, 'path', false, "name refused when it has '..', '/' or '\\'"),
    cq('CWE-089/SqlInjection.cs', 15, 17, 'sqli', true, 'TextBox text concatenated into SQL'),
    cq('CWE-089/SqlInjection.cs', 24, 46, 'sqli', false, 'stored procedure and bound parameters'),
    cq('CWE-090/LDAPInjection.cs', 13, 17, 'ldap', true, 'DN and filter from the query string'),
    cq('CWE-090/LDAPInjection.cs', 30, 36, 'ldap', false, 'LdapDistinguishedNameEncode / LdapFilterEncode'),
    cq('CWE-643/XPathInjection.cs', 12, 13, 'xpath', true, 'expression built from the query string'),
    cq('CWE-643/XPathInjection.cs', 16, 17, 'xpath', false, 'XPath variables'),
    cq('CWE-078/CommandInjection.cs', 10, 10, 'cmdi', true, 'process arguments from the query string'),
    cq('CWE-614/secureflagcore.cs', 5, 6, 'cookie', false, 'CookieOptions { Secure = true }'),
    cq('CWE-502/examples/UnsafeTypeNameHandlingBad.cs', 7, 8, 'deser', true, 'TypeNameHandling.All'),
    cq('CWE-502/examples/UnsafeTypeNameHandlingGood.cs', 7, 7, 'deser', false, 'default TypeNameHandling.None'),
    cq('InsecureRandomness.cs', 7, 8, 'weakrand', true, 'System.Random for a password'),
    cq('InsecureRandomness.cs', 11, 16, 'weakrand', false, 'RNGCryptoServiceProvider'),
  ],
};

export const TRUTH_SETS: readonly TruthSet[] = [DVWA, GOVWA, CODEQL_CS];
