/**
 * Sources, sinks and sanitizers per language family, as data. A call matches
 * a spec when its name is listed and, if the spec has `recv`, the receiver or
 * callee text (or the receiver's declared type) matches it: generic names such
 * as execute() or query() only count on database-looking receivers.
 */
import type { ArgView } from '../taint/arg-view.ts';
import type { SinkKind, Value } from '../taint/value.ts';
import type { LangGroup } from '../taint/syntax-profile.ts';

export interface CallSpec {
  langs: readonly LangGroup[];
  names: readonly string[];
  /** Tested against the callee text, the receiver text and the receiver's declared type. */
  recv?: RegExp;
  /** Constructor calls only (new X(...)). */
  isNew?: boolean;
}

/** What a sink's `safeWhen` sees of the call: argument values by position and name, the receiver. */
export interface SinkCall extends ArgView {
  args: readonly Value[];
  recv: Value | undefined;
  recvText: string;
  /** The whole file (imports decide which library a name is: text/template or html/template). */
  fileText: string;
}

export interface SinkSpec extends CallSpec {
  kind: SinkKind;
  /** Argument positions checked; 'any' = all, 'receiver' = the object the method is called on. */
  args: 'any' | readonly number[] | 'receiver';
  /**
   * The call is not dangerous whatever reaches it, decided from the values of its other arguments
   * or its receiver (an argument list without a shell, a safe YAML loader, a plain-text response,
   * an XML parser with entities off): the weakness depends on a value, so the value decides.
   */
  safeWhen?: (c: SinkCall) => boolean;
}

export interface SanitizerSpec extends CallSpec {
  kinds: readonly SinkKind[] | 'all';
}

export interface MemberSource {
  langs: readonly LangGroup[];
  /** Text of the object, e.g. req / request. */
  object: RegExp;
  props: readonly string[];
}

const J: LangGroup[] = ['java'];
const JS: LangGroup[] = ['js'];
const PY: LangGroup[] = ['python'];
const PHP: LangGroup[] = ['php'];
const GO: LangGroup[] = ['go'];
const CS: LangGroup[] = ['csharp'];
/** The HttpRequest of ASP.NET Core (ControllerBase.Request, HttpContext.Request) and of System.Web. */
const CS_REQUEST = /(^|\.)(Request|HttpRequest)$|^(req|request|httpRequest)$/;

const REQ = /(^|\.)(req|request|httpRequest|servletRequest|getRequest\(\))$|HttpServletRequest|SeparateClassRequest/i;

export const SOURCE_CALLS: readonly CallSpec[] = [
  { langs: J, recv: REQ, names: ['getParameter', 'getParameterValues', 'getParameterMap', 'getParameterNames', 'getHeader', 'getHeaders', 'getHeaderNames', 'getQueryString', 'getCookies', 'getInputStream', 'getReader', 'getPathInfo', 'getRemoteUser', 'getTheParameter', 'getPart', 'getParts'] },
  { langs: J, names: ['readLine'], recv: /BufferedReader|reader|console/i },
  { langs: J, names: ['getenv'], recv: /^System$/ },
  { langs: JS, names: ['param'], recv: /^req(uest)?$/ },
  { langs: PY, names: ['input', 'raw_input'] },
  { langs: PY, names: ['get', 'getlist', 'get_json', 'get_data', 'getvalue', 'getfirst'], recv: /^(request|self\.request|flask\.request)\.(args|form|values|cookies|headers|GET|POST|COOKIES|META|json|data|files|query_params|path_params)$|^(request|flask\.request)$|^form$/ },
  // Starlette/FastAPI request bodies
  { langs: PY, names: ['json', 'form', 'body'], recv: /^(request|req)$/ },
  { langs: GO, names: ['FormValue', 'PostFormValue', 'Get', 'Query', 'Param', 'PostForm', 'Cookie', 'ReadAll', 'QueryParam', 'QueryParams', 'FormParams', 'DefaultQuery', 'DefaultPostForm', 'GetHeader', 'GetQuery', 'GetPostForm', 'QueryArray', 'PostFormArray', 'GetRawData', 'QueryString', 'ParamValues'], recv: /(^r|req|request|ctx|c)(\.URL\.Query\(\)|\.Form|\.PostForm|\.Header|\.URL)?$|\.Query\(\)$/ },
  { langs: PHP, names: ['filter_input', 'file_get_contents'], recv: undefined },
  { langs: PHP, names: ['getallheaders', 'apache_request_headers', 'filter_input_array'] },
  // C: the environment (getenv's result).
  { langs: ['c'], names: ['getenv', '_wgetenv', 'secure_getenv'] },
  // ASP.NET Core request bodies read by hand; the console.
  { langs: CS, names: ['ReadFromJsonAsync', 'ReadFormAsync', 'GetQueryNameValuePairs'], recv: CS_REQUEST },
  { langs: CS, names: ['ReadLine'], recv: /^Console$/ },
  { langs: CS, names: ['GetCommandLineArgs'], recv: /^Environment$/ },
  // Laravel's request('key') helper
  { langs: PHP, names: ['request'], recv: undefined },
  // Express req.get('Header') / req.header('Header').
  { langs: JS, names: ['get', 'header'], recv: /^(req|request)$/ },
  // Laravel / Symfony requests
  { langs: PHP, names: ['input', 'query', 'post', 'get', 'cookie', 'header', 'all', 'json', 'route', 'getContent'], recv: /^(\$request|\$req|request\(\)|\$this->request|\$request->(query|request|cookies|headers))$/ },
];

/** Members of an HTTP request object (Express, Koa, Fastify, hapi's payload) that hold client data; also the names a handler destructures from its request parameter. */
export const REQUEST_PROPS: readonly string[] = ['query', 'body', 'params', 'cookies', 'headers', 'url', 'originalUrl', 'path', 'files', 'file', 'signedCookies', 'payload'];

export const MEMBER_SOURCES: readonly MemberSource[] = [
  { langs: JS, object: /^(req|request|ctx\.request|ctx)$/, props: REQUEST_PROPS },
  { langs: JS, object: /(^|\.)(route|activatedRoute|activeRoute)\.snapshot$/, props: ['queryParams', 'params', 'fragment', 'paramMap', 'queryParamMap', 'url'] },
  { langs: JS, object: /^(location|window\.location|document\.location)$/, props: ['hash', 'search', 'href'] },
  { langs: JS, object: /^document$/, props: ['cookie', 'referrer', 'URL'] },
  { langs: JS, object: /^process$/, props: ['argv'] },
  { langs: PY, object: /^(request|self\.request|flask\.request)$/, props: ['args', 'form', 'values', 'cookies', 'headers', 'GET', 'POST', 'COOKIES', 'META', 'FILES', 'json', 'data', 'body', 'files', 'query_params', 'path_params', 'view_args', 'path', 'full_path', 'url', 'query_string', 'environ', 'stream', 'authorization'] },
  { langs: PY, object: /^sys$/, props: ['argv'] },
  { langs: GO, object: /^(r|req|request)$/, props: ['Body', 'Form', 'PostForm', 'URL', 'Header', 'RequestURI'] },
  { langs: GO, object: /^os$/, props: ['Args'] },
  // HttpRequest members with client data (ASP.NET Core; QueryString/Params/ServerVariables of System.Web).
  { langs: CS, object: CS_REQUEST, props: ['Query', 'Form', 'Cookies', 'Headers', 'RouteValues', 'Body', 'BodyReader', 'QueryString', 'Path', 'PathBase', 'Params', 'ServerVariables', 'RawUrl', 'Url', 'UrlReferrer', 'UserAgent', 'Files', 'InputStream'] },
  { langs: CS, object: /^(this\.)?RouteData$/, props: ['Values'] },
];

/** Variables that are attacker-controlled by themselves (PHP superglobals). */
export const SOURCE_VARIABLES: Readonly<Partial<Record<LangGroup, readonly string[]>>> = {
  php: ['$_GET', '$_POST', '$_REQUEST', '$_COOKIE', '$_FILES', '$_SERVER'],
};

const DB = /statement|stmt|jdbc|template|conn|session|\bdb\b|database|cursor|query|entityManager|\bem\b|sql|pool|client|knex|sequelize|mysql|pg|sqlite/i;

export const SINKS: readonly SinkSpec[] = [
  // SQL
  { kind: 'sqli', langs: J, names: ['execute', 'executeQuery', 'executeUpdate', 'executeLargeUpdate', 'addBatch', 'prepareStatement', 'prepareCall', 'query', 'queryForObject', 'queryForList', 'queryForMap', 'queryForRowSet', 'queryForLong', 'queryForInt', 'update', 'batchUpdate', 'createQuery', 'createNativeQuery', 'createSQLQuery', 'rawQuery', 'execSQL', 'nativeQuery'], recv: DB, args: [0] },
  { kind: 'sqli', langs: JS, names: ['query', 'execute', 'raw', 'exec', 'run', 'all', 'get', 'prepare', 'each'], recv: DB, args: [0] },
  { kind: 'sqli', langs: PY, names: ['execute', 'executemany', 'executescript', 'raw', 'extra', 'mogrify', 'exec_driver_sql', 'read_sql', 'read_sql_query'], recv: DB, args: [0] },
  { kind: 'sqli', langs: PY, names: ['RawSQL'], args: [0] },
  // Django: Manager.raw(sql, params) and QuerySet.extra(where=[…], select={…}) take SQL text (params are bound).
  { kind: 'sqli', langs: PY, names: ['raw'], recv: /(^|\.)objects(\.\w+\(.*\))*$/, args: [0] },
  { kind: 'sqli', langs: PY, names: ['extra'], recv: /(^|\.)objects(\.\w+\(.*\))*$/, args: 'any' },
  // database/sql, sqlx, GORM: the query text is the first argument (after the context in …Context); the rest are bound values.
  // A prepared *sql.Stmt's Query/QueryRow/Exec take only the bound arguments (database/sql).
  { kind: 'sqli', langs: GO, names: ['Query', 'QueryRow', 'Exec', 'Raw', 'Prepare', 'Queryx', 'QueryRowx', 'MustExec', 'Where', 'Order', 'Having'], recv: DB, args: [0], safeWhen: (c) => /(^|\.)(stmt|statement|prepared|ps|pstmt)$/i.test(c.recvText) },
  // sqlx Get/Select(dest, query, args…)
  { kind: 'sqli', langs: GO, names: ['Get', 'Select'], recv: DB, args: [1] },
  { kind: 'sqli', langs: GO, names: ['QueryContext', 'ExecContext', 'QueryRowContext', 'PrepareContext', 'SelectContext', 'GetContext'], recv: DB, args: [1] },
  // Laravel's query builder: raw SQL text (DB::select/statement/unprepared, …Raw clauses); the bindings array is safe.
  { kind: 'sqli', langs: PHP, names: ['select', 'insert', 'update', 'delete', 'statement', 'unprepared'], recv: /^(DB|\$db|\$query|\$builder|.*->table\(.*\)|.*::query\(\))$/, args: [0] },
  // The …Raw clauses are Laravel's own names: raw SQL on whatever builder or model they are called.
  { kind: 'sqli', langs: PHP, names: ['raw', 'whereRaw', 'orWhereRaw', 'selectRaw', 'orderByRaw', 'havingRaw', 'orHavingRaw', 'groupByRaw', 'fromRaw'], args: [0] },
  { kind: 'sqli', langs: PHP, names: ['mysqli_prepare', 'mysqli_real_query', 'mysqli_multi_query', 'pg_prepare', 'pg_send_query'], args: [1] },
  { kind: 'sqli', langs: PHP, names: ['mysql_query', 'mysqli_query', 'pg_query', 'sqlite_query', 'query', 'exec', 'prepare', 'multi_query', 'real_query', 'querySingle', 'unbuffered_query'], args: 'any' },
  // ADO.NET: the command text given to a command or adapter, or set as CommandText; EF Core's …Raw methods (FromSql/
  // FromSqlInterpolated/ExecuteSql take a FormattableString and bind its holes, so they are not sinks); Dapper's extension methods.
  { kind: 'sqli', langs: CS, names: ['SqlCommand', 'SqlDataAdapter', 'OleDbCommand', 'OleDbDataAdapter', 'OdbcCommand', 'OdbcDataAdapter', 'NpgsqlCommand', 'NpgsqlDataAdapter', 'MySqlCommand', 'MySqlDataAdapter', 'SqliteCommand', 'SQLiteCommand', 'SQLiteDataAdapter', 'OracleCommand', 'OracleDataAdapter'], isNew: true, args: [0] },
  { kind: 'sqli', langs: CS, names: ['set_CommandText'], args: [0] },
  { kind: 'sqli', langs: CS, names: ['FromSqlRaw', 'ExecuteSqlRaw', 'ExecuteSqlRawAsync', 'SqlQueryRaw'], args: [0] },
  // FromSql/ExecuteSql(Command)/SqlQuery bind the holes only of an interpolated string written in the call (a FormattableString);
  // given a string variable, EF Core 2/3 and EF6 run it as raw SQL.
  { kind: 'sqli', langs: CS, names: ['FromSql', 'ExecuteSql', 'ExecuteSqlAsync', 'ExecuteSqlCommand', 'ExecuteSqlCommandAsync', 'SqlQuery'], args: [0], safeWhen: (c) => /^(\$@?|@\$)"/.test(c.kwText('sql', 0) ?? '') },
  { kind: 'sqli', langs: CS, names: ['Query', 'QueryAsync', 'QueryFirst', 'QueryFirstAsync', 'QueryFirstOrDefault', 'QueryFirstOrDefaultAsync', 'QuerySingle', 'QuerySingleOrDefault', 'QueryMultiple', 'Execute', 'ExecuteAsync', 'ExecuteScalar', 'ExecuteScalarAsync', 'ExecuteReader', 'ExecuteReaderAsync'], recv: DB, args: [0] },
  { kind: 'sqli', langs: ['c'], names: ['sqlite3_exec', 'mysql_query', 'PQexec', 'sqlite3_prepare', 'sqlite3_prepare_v2'], args: 'any' },
  // Commands
  { kind: 'cmdi', langs: J, names: ['exec'], recv: /Runtime|runtime|\br$|rt$/, args: 'any' },
  { kind: 'cmdi', langs: J, names: ['ProcessBuilder'], isNew: true, args: 'any' },
  { kind: 'cmdi', langs: J, names: ['command'], recv: /ProcessBuilder|pb|builder/i, args: 'any' },
  // exec runs a shell line; spawn/execFile run one program with an argument array (no shell): only the program is a sink.
  { kind: 'cmdi', langs: JS, names: ['exec', 'execSync', 'spawn', 'spawnSync', 'execFile', 'execFileSync'], recv: /child_process|^cp$|exec|childProcess|^require\(/, args: [0] },
  { kind: 'cmdi', langs: JS, names: ['exec', 'execSync', 'execFile', 'execFileSync'], args: [0] },
  // subprocess runs an argument list without a shell: only shell=True (or a tainted program name) is command injection.
  { kind: 'cmdi', langs: PY, names: ['system', 'popen', 'call', 'run', 'Popen', 'check_output', 'check_call', 'getoutput', 'getstatusoutput'], recv: /^(os|subprocess|commands)$/, args: [0], safeWhen: (c) => c.recvText === 'subprocess' && c.kw('shell')?.konst !== true && listHead(c.args[0]) },
  { kind: 'cmdi', langs: PY, names: ['spawnl', 'spawnlp', 'spawnv', 'spawnvp', 'execl', 'execlp', 'execv', 'execvp'], recv: /^os$/, args: [1] },
  // os/exec runs the program with an argument vector (no shell): only the program, or the arguments of a shell, inject commands.
  { kind: 'cmdi', langs: GO, names: ['Command'], recv: /exec/, args: 'any', safeWhen: (c) => plainProgram(c.args[0]) },
  { kind: 'cmdi', langs: GO, names: ['CommandContext'], recv: /exec/, args: 'any', safeWhen: (c) => plainProgram(c.args[1]) },
  // Process.Start(fileName, arguments) runs the program without a shell (UseShellExecute is false on .NET Core): only a
  // tainted program, or arguments handed to a shell (cmd /c, sh -c, powershell), inject commands.
  { kind: 'cmdi', langs: CS, names: ['Start'], recv: /(^|\.)Process$/, args: 'any', safeWhen: (c) => (c.args.length >= 2 ? plainProgram(c.args[0]) : plainProgram(c.args[0]?.entries?.get('FileName'))) },
  { kind: 'cmdi', langs: CS, names: ['ProcessStartInfo'], isNew: true, args: 'any', safeWhen: (c) => c.args.length >= 2 && plainProgram(c.args[0]) },
  { kind: 'cmdi', langs: CS, names: ['set_FileName'], recv: /psi|start|info|process/i, args: [0] },
  { kind: 'cmdi', langs: CS, names: ['set_Arguments'], recv: /psi|start|info|process/i, args: [0], safeWhen: (c) => plainProgram(c.recv?.entries?.get('FileName')) },
  // Functions, not methods: $pdo->exec(sql) is a database call.
  { kind: 'cmdi', langs: PHP, names: ['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open', 'pcntl_exec'], args: [0], safeWhen: (c) => c.recvText !== '' },
  { kind: 'cmdi', langs: ['c'], names: ['system', 'popen', '_popen', '_wsystem', '_wpopen', 'ShellExecute', 'WinExec'], args: [0] },
  // exec*/spawn* run a program with arguments (no shell): only the program, or the arguments of a shell, inject commands.
  { kind: 'cmdi', langs: ['c'], names: ['execl', 'execlp', 'execle', 'execv', 'execvp', 'execve', '_execl', '_execlp', '_execv', '_execvp', '_wexecl', '_wexeclp', '_wexecv', '_wexecvp'], args: 'any', safeWhen: (c) => plainProgram(c.args[0]) },
  { kind: 'cmdi', langs: ['c'], names: ['_spawnl', '_spawnlp', '_spawnv', '_spawnvp', '_wspawnl', '_wspawnlp', '_wspawnv', '_wspawnvp'], args: 'any', safeWhen: (c) => plainProgram(c.args[1]) },
  // Code evaluation
  { kind: 'code', langs: JS, names: ['eval', 'Function', 'setTimeout', 'setInterval', 'runInNewContext', 'runInThisContext'], args: [0] },
  { kind: 'code', langs: PY, names: ['eval', 'exec', 'compile'], args: [0] },
  { kind: 'code', langs: PHP, names: ['eval', 'assert', 'create_function', 'preg_replace'], args: [0] },
  // Paths
  { kind: 'path', langs: J, names: ['File', 'FileInputStream', 'FileOutputStream', 'FileReader', 'FileWriter', 'RandomAccessFile', 'PrintWriter'], isNew: true, args: 'any' },
  { kind: 'path', langs: J, names: ['get', 'of'], recv: /Paths|Path$/, args: 'any' },
  { kind: 'path', langs: J, names: ['newInputStream', 'newOutputStream', 'readAllBytes', 'readAllLines', 'lines', 'newBufferedReader', 'newBufferedWriter', 'write', 'delete', 'copy', 'move'], recv: /(^|\.)Files$/, args: [0] },
  { kind: 'path', langs: JS, names: ['readFile', 'readFileSync', 'writeFile', 'writeFileSync', 'createReadStream', 'createWriteStream', 'unlink', 'unlinkSync', 'appendFile', 'appendFileSync', 'readdir', 'readdirSync', 'sendFile', 'download', 'open', 'openSync', 'rm', 'rmSync'], recv: /fs|res|response|promises/, args: [0] },
  { kind: 'path', langs: PY, names: ['open', 'send_file', 'remove', 'unlink', 'rmtree', 'listdir', 'FileResponse', 'Path', 'rename', 'makedirs', 'mkdir', 'rmdir', 'copyfile', 'copy'], args: [0] },
  // send_from_directory(directory, path) refuses paths that leave the directory (werkzeug safe_join): only the directory is a sink.
  { kind: 'path', langs: PY, names: ['send_from_directory'], args: [0] },
  // pathlib: Path('/srv') / name, then read_text()/write_bytes()…: the path is the receiver.
  { kind: 'path', langs: PY, names: ['read_text', 'read_bytes', 'write_text', 'write_bytes', 'iterdir', 'unlink', 'rmdir', 'touch'], args: 'receiver' },
  { kind: 'path', langs: GO, names: ['Open', 'OpenFile', 'ReadFile', 'WriteFile', 'Remove', 'RemoveAll', 'ServeFile', 'Create', 'ReadDir', 'Mkdir', 'MkdirAll', 'Rename'], recv: /^(os|ioutil|http|io)$/, args: 'any' },
  // Gin/Echo: c.File / c.FileAttachment / c.Attachment serve a file from disk.
  { kind: 'path', langs: GO, names: ['File', 'FileAttachment', 'Attachment', 'Inline'], recv: /^(c|ctx|context)$/, args: [0] },
  { kind: 'path', langs: PHP, names: ['fopen', 'file_get_contents', 'file_put_contents', 'readfile', 'unlink', 'file', 'include', 'opendir', 'copy', 'rename'], args: [0] },
  // System.IO: the path arguments of File/Directory methods and file streams; Path.Combine keeps an absolute second part, so it is no guard.
  { kind: 'path', langs: CS, names: ['ReadAllText', 'ReadAllBytes', 'ReadAllLines', 'ReadLines', 'ReadAllTextAsync', 'ReadAllBytesAsync', 'ReadAllLinesAsync', 'WriteAllText', 'WriteAllBytes', 'WriteAllLines', 'WriteAllTextAsync', 'WriteAllBytesAsync', 'AppendAllText', 'AppendAllTextAsync', 'Open', 'OpenRead', 'OpenWrite', 'OpenText', 'Create', 'CreateText', 'AppendText', 'Delete', 'Copy', 'Move', 'Replace', 'GetFiles', 'GetDirectories', 'EnumerateFiles', 'CreateDirectory'], recv: /^(System\.IO\.)?(File|Directory)$/, args: [0, 1] },
  { kind: 'path', langs: CS, names: ['FileStream', 'FileInfo', 'DirectoryInfo', 'StreamWriter'], isNew: true, args: [0] },
  { kind: 'path', langs: CS, names: ['PhysicalFile'], args: [0] },
  { kind: 'path', langs: ['c'], names: ['fopen', 'open', 'freopen', 'unlink', 'remove', 'creat'], args: [0] },
  // XSS
  { kind: 'xss', langs: J, names: ['print', 'println', 'write', 'format', 'printf', 'append'], recv: /getWriter\(\)|getOutputStream\(\)|(^|\.)(out|writer|pw|printWriter)$/, args: 'any' },
  // Express/Node response bodies are HTML unless the response was given another type first (res.type('text/plain'),
  // res.set/setHeader('Content-Type', …): the not-html flag).
  { kind: 'xss', langs: JS, names: ['send', 'write', 'end'], recv: /^(res|response|resp)$/, args: [0], safeWhen: (c) => !!c.recv?.flags?.has('not-html') },
  // Fastify sends a string as text/plain unless the reply's type is set to HTML first.
  { kind: 'xss', langs: JS, names: ['send'], recv: /^(reply|res)\.type\(\s*['"`]text\/html/, args: [0] },
  // Koa: ctx.body = string is sent as text/html when it starts with '<' (Koa's type inference).
  { kind: 'xss', langs: JS, names: ['set_body'], recv: /^(ctx|context)(\.response)?$/, args: [0], safeWhen: (c) => !/^\s*[`'"]\s*</.test(c.kwText('', 0) ?? '') },
  { kind: 'xss', langs: JS, names: ['write', 'writeln'], recv: /^document$/, args: 'any' },
  // A response body is HTML unless the call says it is another type (mimetype / content_type / media_type).
  { kind: 'xss', langs: PY, names: ['HttpResponse', 'make_response', 'Response', 'HTMLResponse'], args: [0], safeWhen: (c) => notHtml(c.kw('mimetype')) || notHtml(c.kw('content_type', 1)) || notHtml(c.kw('media_type')) },
  { kind: 'xss', langs: PY, names: ['Markup', 'mark_safe', 'SafeString'], args: [0] },
  // Werkzeug Response.set_data(body): the body of a response that is HTML by default.
  { kind: 'xss', langs: PY, names: ['set_data'], recv: /resp|response|^r$|^rv$/i, args: [0] },
  // jinja2.Template(…).render(**values): a Template made directly has autoescape off (Jinja2 API docs).
  { kind: 'xss', langs: PY, names: ['render'], recv: /^(jinja2\.)?Template(\(.*\))?$/s, args: 'any' },
  // Jinja2 autoescapes what a template prints unless the template says `| safe` or turns autoescape off.
  { kind: 'xss', langs: PY, names: ['render_template_string'], args: 'any', safeWhen: (c) => typeof c.args[0]?.konst === 'string' && !/\|\s*safe\b|autoescape\s+false/i.test(c.args[0].konst) },
  // Razor encodes what it prints except through Html.Raw / HtmlString; a response body written by hand; Content(text, "text/html").
  { kind: 'xss', langs: CS, names: ['Raw'], recv: /^(@?Html|this\.Html|htmlHelper|helper)$/, args: [0] },
  { kind: 'xss', langs: CS, names: ['HtmlString', 'MarkupString'], isNew: true, args: [0] },
  { kind: 'xss', langs: CS, names: ['WriteAsync', 'Write'], recv: /(^|\.)Response$/, args: [0], safeWhen: (c) => { const t = c.recv?.entries?.get('ContentType')?.konst; return typeof t === 'string' && !/html|xml|svg/i.test(t); } },
  { kind: 'xss', langs: CS, names: ['Content'], args: [0], safeWhen: (c) => !/html/i.test(String(c.args[1]?.konst ?? '')) },
  // A script that declares a non-HTML Content-Type (and no HTML one) with header() sends text the browser does not render.
  { kind: 'xss', langs: PHP, names: ['echo', 'print', 'printf', 'vprintf'], args: 'any', safeWhen: (c) => /header\s*\(\s*["']content-type\s*:\s*(application\/json|text\/plain|text\/csv|application\/octet-stream)/i.test(c.fileText) && !/header\s*\(\s*["']content-type\s*:\s*text\/html/i.test(c.fileText) },
  { kind: 'xss', langs: GO, names: ['Write', 'WriteString'], recv: /^(w|rw|writer|res|resp|c\.Writer|ctx\.Writer)$/, args: 'any', safeWhen: (c) => goNotHtml(c.fileText) },
  // fmt.Fprint*/io.WriteString into a response writer (not os.Stdout or a buffer).
  { kind: 'xss', langs: GO, names: ['Fprintf', 'Fprint', 'Fprintln', 'WriteString'], recv: /^(fmt|io)$/, args: 'any', safeWhen: (c) => goNotHtml(c.fileText) || !/^(w|rw|writer|res|resp|response|c\.Writer|ctx\.Writer|c\.Response\(\)(\.Writer)?)$/.test(c.kwText('w', 0) ?? '') },
  // Echo's c.HTML(code, html) writes the string as HTML; Gin's c.Data(code, "text/html", bytes) too.
  { kind: 'xss', langs: GO, names: ['HTML', 'HTMLBlob'], recv: /^(c|ctx|context)$/, args: [1], safeWhen: (c) => c.args.length > 2 },
  { kind: 'xss', langs: GO, names: ['Data', 'Blob'], recv: /^(c|ctx|context)$/, args: [2], safeWhen: (c) => !/html/i.test(String(c.args[1]?.konst ?? '')) },
  // html/template's HTML/JS/URL types mark text as already safe: escaping is skipped.
  { kind: 'xss', langs: GO, names: ['HTML', 'HTMLAttr', 'JS', 'JSStr', 'URL', 'CSS', 'Srcset'], recv: /^template$/, args: [0] },
  // text/template escapes nothing: executing it into a response with client data is XSS (html/template escapes by context).
  { kind: 'xss', langs: GO, names: ['Execute', 'ExecuteTemplate'], args: 'any', safeWhen: (c) => !/"text\/template"/.test(c.fileText) || !/^(w|rw|writer|res|resp|c\.Writer|ctx\.Writer)$/.test(c.kwText('w', 0) ?? '') },
  // LDAP, XPath
  { kind: 'ldap', langs: J, names: ['search'], recv: /ctx|context|dir|ldap|idc/i, args: [1] },
  // ldap3: search(search_base, search_filter, …); python-ldap: search_s(base, scope, filterstr). Base DNs are sinks too.
  { kind: 'ldap', langs: PY, names: ['search', 'search_s', 'search_st', 'search_ext', 'search_ext_s'], recv: /ldap|conn|con$|^l$|^c$|server|directory/i, args: [0, 1, 2] },
  // System.DirectoryServices: the filter of a DirectorySearcher (constructor or Filter property), the path of a DirectoryEntry.
  { kind: 'ldap', langs: CS, names: ['DirectorySearcher'], isNew: true, args: 'any' },
  { kind: 'ldap', langs: CS, names: ['set_Filter'], recv: /search/i, args: [0] },
  { kind: 'ldap', langs: CS, names: ['DirectoryEntry'], isNew: true, args: [0] },
  { kind: 'ldap', langs: CS, names: ['SearchRequest'], isNew: true, args: [0, 1] },
  // go-ldap: NewSearchRequest(baseDN, scope, deref, sizeLimit, timeLimit, typesOnly, filter, attributes, controls).
  { kind: 'ldap', langs: GO, names: ['NewSearchRequest'], recv: /ldap/, args: [0, 6] },
  // OpenLDAP / Winldap: ldap_search*(ld, base, scope, filter, …) and their A/W variants.
  { kind: 'ldap', langs: ['c'], names: ['ldap_search', 'ldap_search_s', 'ldap_search_st', 'ldap_search_ext', 'ldap_search_ext_s', 'ldap_searchA', 'ldap_searchW', 'ldap_search_sA', 'ldap_search_sW', 'ldap_search_stA', 'ldap_search_stW', 'ldap_search_extA', 'ldap_search_extW', 'ldap_search_ext_sA', 'ldap_search_ext_sW'], args: [1, 3] },
  { kind: 'ldap', langs: PHP, names: ['ldap_search', 'ldap_list', 'ldap_read'], args: [1, 2] },
  // ldapjs client.search(base, { filter: '(uid=' + x + ')' }): the base DN and a filter string are parsed; Filter objects
  // (EqualityFilter …) escape their values.
  { kind: 'ldap', langs: JS, names: ['search'], recv: /ldap|client/i, args: [0, 1] },
  { kind: 'ldap', langs: JS, names: ['parseFilter'], recv: /ldap/i, args: [0] },
  { kind: 'xpath', langs: J, names: ['compile', 'evaluate'], recv: /xp|xpath/i, args: [0] },
  { kind: 'xpath', langs: JS, names: ['select', 'evaluate', 'select1'], recv: /xpath/i, args: [0] },
  { kind: 'xpath', langs: PY, names: ['xpath', 'find', 'findall', 'findtext', 'iterfind', 'XPath', 'ETXPath'], recv: /tree|root|doc|xml|etree|dom|node|parsed/i, args: [0] },
  { kind: 'xpath', langs: CS, names: ['SelectNodes', 'SelectSingleNode', 'Evaluate', 'Select', 'Compile', 'XPathSelectElement', 'XPathSelectElements', 'XPathEvaluate'], recv: /nav|xpath|doc|xml|node|root|element|XPathExpression/i, args: [0] },
  { kind: 'xpath', langs: GO, names: ['Find', 'FindOne', 'QueryAll', 'Query', 'Compile', 'MustCompile', 'Select'], recv: /^(xmlquery|htmlquery|xpath|xpath\.Expr|expr)$/, args: 'any' },
  { kind: 'xpath', langs: PHP, names: ['query', 'evaluate', 'xpath'], recv: /xpath|xml/i, args: [0] },
  // SSRF
  { kind: 'ssrf', langs: J, names: ['URL'], isNew: true, args: [0] },
  { kind: 'ssrf', langs: JS, names: ['get', 'post', 'request', 'put', 'delete', 'head'], recv: /^(axios|needle|request|http|https|superagent|got)$/, args: [0] },
  { kind: 'ssrf', langs: JS, names: ['fetch', 'request', 'needle', 'got', 'axios'], args: [0] },
  { kind: 'ssrf', langs: PY, names: ['get', 'post', 'put', 'delete', 'head', 'request', 'urlopen', 'Request'], recv: /^(requests|urllib\.request|urllib2|httpx|session)$/, args: [0] },
  { kind: 'ssrf', langs: GO, names: ['Get', 'Post', 'Head', 'NewRequest'], recv: /^http$/, args: 'any' },
  { kind: 'ssrf', langs: CS, names: ['GetAsync', 'GetStringAsync', 'GetStreamAsync', 'GetByteArrayAsync', 'PostAsync', 'PutAsync', 'DeleteAsync', 'GetFromJsonAsync', 'PostAsJsonAsync', 'DownloadString', 'DownloadData', 'DownloadFile', 'OpenRead'], recv: /client|http|web/i, args: [0] },
  { kind: 'ssrf', langs: CS, names: ['Create', 'CreateHttp'], recv: /^(Http)?WebRequest$/, args: [0] },
  { kind: 'ssrf', langs: CS, names: ['HttpRequestMessage'], isNew: true, args: [1] },
  { kind: 'ssrf', langs: PHP, names: ['curl_init', 'fsockopen'], args: [0] },
  { kind: 'ssrf', langs: PHP, names: ['curl_setopt'], args: [2], safeWhen: (c) => !/^CURLOPT_URL$/.test(c.kwText('option', 1) ?? '') },
  // Deserialization
  { kind: 'deser', langs: J, names: ['ObjectInputStream', 'XMLDecoder'], isNew: true, args: [0] },
  { kind: 'deser', langs: J, names: ['fromXML', 'readValue', 'load'], recv: /xstream|yaml|Yaml/i, args: [0] },
  { kind: 'deser', langs: JS, names: ['unserialize', 'deserialize'], args: [0] },
  { kind: 'deser', langs: PY, names: ['loads', 'load', 'Unpickler', 'decode', 'open'], recv: /^(pickle|cPickle|_pickle|marshal|shelve|dill|jsonpickle|cloudpickle)$/, args: [0] },
  // yaml.load is safe with SafeLoader/CSafeLoader/BaseLoader; full_load and unsafe_load construct Python objects.
  { kind: 'deser', langs: PY, names: ['load', 'load_all'], recv: /^yaml$/, args: [0], safeWhen: (c) => /Safe|Base/.test(c.kwText('Loader', 1) ?? '') },
  { kind: 'deser', langs: PY, names: ['unsafe_load', 'unsafe_load_all', 'full_load', 'full_load_all'], recv: /^yaml$/, args: [0] },
  // unserialize(…, ['allowed_classes' => false]) makes no objects (PHP manual).
  { kind: 'deser', langs: PHP, names: ['unserialize'], args: [0], safeWhen: (c) => /["']allowed_classes["']\s*=>\s*false/i.test(c.kwText('options', 1) ?? '') },
  // .NET: BinaryFormatter and its kin cannot be made safe (Microsoft's BinaryFormatter security guide); JavaScriptSerializer only
  // with a type resolver, Json.NET only with TypeNameHandling other than None (value flags below).
  { kind: 'deser', langs: CS, names: ['Deserialize', 'UnsafeDeserialize', 'ReadObject'], recv: /BinaryFormatter|SoapFormatter|NetDataContractSerializer|LosFormatter|ObjectStateFormatter|formatter|\bbf\b/i, args: [0] },
  // A serializer for a type the client names (new XmlSerializer(Type.GetType(input))) makes whatever class it is told.
  { kind: 'deser', langs: CS, names: ['XmlSerializer', 'DataContractSerializer', 'DataContractJsonSerializer'], isNew: true, args: [0] },
  { kind: 'deser', langs: CS, names: ['CreateInstance'], recv: /^Activator$/, args: [0] },
  { kind: 'deser', langs: CS, names: ['Deserialize', 'DeserializeObject'], recv: /JavaScriptSerializer|serializer/i, args: [0], safeWhen: (c) => !c.recv?.flags?.has('type-resolver') },
  { kind: 'deser', langs: CS, names: ['DeserializeObject'], recv: /^JsonConvert$/, args: [0], safeWhen: (c) => !typeNames(c.args[1]) },
  // XXE: parsing attacker-controlled XML with entity expansion enabled
  // libxml2 ≥ 2.9 (PHP 8) substitutes entities and loads external DTDs only when asked (LIBXML_NOENT, LIBXML_DTDLOAD).
  { kind: 'xxe', langs: PHP, names: ['simplexml_load_string', 'simplexml_load_file', 'loadXML', 'load'], args: [0], safeWhen: (c) => !/LIBXML_NOENT|LIBXML_DTDLOAD|LIBXML_DTDATTR/.test([1, 2].map((i) => c.kwText('', i) ?? '').join(' ')) },
  // libxmljs substitutes entities (and loads external ones) only with { noent: true } (its default is false).
  { kind: 'xxe', langs: JS, names: ['parseXml', 'parseXmlString', 'parseXmlAsync'], recv: /libxml/i, args: [0], safeWhen: (c) => c.args[1]?.entries?.get('noent')?.konst !== true && !/\bnoent\s*:\s*true\b/.test(c.kwText('', 1) ?? '') },
  // lxml resolves entities unless given a parser made with resolve_entities=False (value flag 'xml-safe');
  // the standard library's ElementTree, minidom and sax (by default) do not load external entities.
  { kind: 'xxe', langs: PY, names: ['fromstring', 'parse', 'XML', 'iterparse', 'fromstringlist'], recv: /lxml|^etree$|objectify/, args: [0], safeWhen: (c) => !!c.kw('parser', 1)?.flags?.has('xml-safe') },
  // A SAX parser whose external general entities were turned on (setFeature(feature_external_ges, True): flag 'xml-external').
  { kind: 'xxe', langs: PY, names: ['parse', 'feed'], args: [0], safeWhen: (c) => !c.recv?.flags?.has('xml-external') },
  // xml.dom.minidom / pulldom parse with parser=<a SAX parser given feature_external_ges>.
  { kind: 'xxe', langs: PY, names: ['parse', 'parseString'], recv: /minidom|pulldom/, args: [0], safeWhen: (c) => !c.kw('parser', 1)?.flags?.has('xml-external') },
  // Open redirect
  { kind: 'redirect', langs: J, names: ['sendRedirect'], args: [0] },
  { kind: 'redirect', langs: JS, names: ['redirect'], recv: /^(res|response|resp|ctx)$/, args: 'any' },
  { kind: 'redirect', langs: PY, names: ['redirect', 'HttpResponseRedirect', 'HttpResponsePermanentRedirect', 'RedirectResponse'], args: [0] },
  { kind: 'redirect', langs: GO, names: ['Redirect'], recv: /^http$/, args: [2] },
  // Gin/Echo: c.Redirect(code, location).
  { kind: 'redirect', langs: GO, names: ['Redirect'], recv: /^(c|ctx|context)$/, args: [1] },
  // header("Location: …"): other headers are not redirects.
  // header() redirects only when the header it sends is Location (a literal that starts the text); a status line or another
  // header built from input is not a redirect.
  { kind: 'redirect', langs: PHP, names: ['header'], args: [0], safeWhen: (c) => !/^\s*["']\s*location\s*:/i.test(c.kwText('header', 0) ?? '') },
  // Controller.Redirect/RedirectPermanent, Response.Redirect, Results.Redirect; LocalRedirect refuses other hosts, so it is no sink.
  { kind: 'redirect', langs: CS, names: ['Redirect', 'RedirectPermanent', 'RedirectPreserveMethod', 'RedirectPermanentPreserveMethod'], args: [0] },
  { kind: 'redirect', langs: CS, names: ['RedirectResult'], isNew: true, args: [0] },
  // Template injection: the template text itself is attacker-controlled
  { kind: 'ssti', langs: PY, names: ['render_template_string', 'Template', 'from_string'], args: [0] },
  { kind: 'ssti', langs: JS, names: ['render', 'compile', 'template'], recv: /^(ejs|pug|jade|handlebars|Handlebars|nunjucks|swig|_|lodash|dot|doT)$/, args: [0] },
  { kind: 'ssti', langs: J, names: ['Template', 'evaluate', 'process', 'parseExpression'], recv: /velocity|Velocity|freemarker|Template|parser|SpelExpressionParser/i, args: 'any' },
  { kind: 'ssti', langs: GO, names: ['Parse'], recv: /template|New\(/, args: [0] },
  // NoSQL query operators built from input ($where runs JavaScript on the server). Sequelize models (…Model, models.X) bind values, Angular …Service objects call HTTP APIs: not NoSQL. The filter (first argument) is what selects documents.
  { kind: 'nosqli', langs: JS, names: ['find', 'findOne', 'where', 'update', 'remove', 'deleteMany', 'updateOne', 'findOneAndUpdate', 'aggregate', 'count'], recv: /^(?!.*(Model|Service)(\.\w+)?$)(?!models\.)(.*(db|collection|[cC]oll?$|model|dao|users|Users)|.*[A-Z]\w+$)/, args: [0] },
  // Trust boundary: untrusted data stored in the session as if trusted
  { kind: 'trustbound', langs: J, names: ['setAttribute', 'putValue'], recv: /getSession\(\)|session/i, args: 'any' },
  // session['k'] = v is a __setitem__ call (statements.ts): Flask's session, Django's request.session.
  { kind: 'trustbound', langs: PY, names: ['__setitem__', 'update', 'setdefault'], recv: /(^|\.)session$/, args: 'any' },
  { kind: 'trustbound', langs: PHP, names: ['__setitem__'], recv: /^\$_SESSION$/, args: 'any' },
  // express-session / cookie-session: req.session.user = … (or req.session[k] = …) stores request data in the session.
  { kind: 'trustbound', langs: JS, names: ['__setitem__'], recv: /(^|\.)session$/, args: 'any' },
  // gorilla/sessions: session.Values[key] = v; gin-contrib/sessions: session.Set(key, v).
  { kind: 'trustbound', langs: GO, names: ['__setitem__'], recv: /(^|\.)(session|sess|s)\.Values$/i, args: 'any' },
  { kind: 'trustbound', langs: GO, names: ['Set'], recv: /^(session|sess)$/i, args: 'any' },
  // ISession.SetString/SetInt32/Set (ASP.NET Core), Session["k"] = v (System.Web).
  { kind: 'trustbound', langs: CS, names: ['SetString', 'SetInt32', 'Set', '__setitem__', 'Add'], recv: /(^|\.)Session$/, args: 'any' },
  // ViewData["k"] = input: recorded for the views (a view printing it with Html.Raw is XSS).
  { kind: 'viewdata', langs: CS, names: ['__setitem__'], recv: /^(this\.)?(ViewData|TempData)$/, args: [1] },
  // Log injection / forging
  { kind: 'log', langs: J, names: ['info', 'warn', 'error', 'debug', 'trace', 'log', 'fine', 'severe', 'warning'], recv: /log(ger)?$|LOG(GER)?$/i, args: 'any' },
  { kind: 'log', langs: CS, names: ['LogInformation', 'LogWarning', 'LogError', 'LogDebug', 'LogTrace', 'LogCritical', 'Log', 'Info', 'Warn', 'Error', 'Debug', 'Information', 'Warning'], recv: /log(ger)?$/i, args: 'any' },
  { kind: 'log', langs: GO, names: ['Print', 'Printf', 'Println', 'Fatal', 'Fatalf', 'Panicf', 'Info', 'Infof', 'Warn', 'Warnf', 'Error', 'Errorf', 'Debug', 'Debugf'], recv: /^(log|logger|logrus|l|slog)$/, args: 'any' },
  { kind: 'log', langs: JS, names: ['log', 'info', 'warn', 'error', 'debug', 'trace'], recv: /^(console|logger|log|winston)$/, args: 'any' },
];

/** A response content type that is known and not HTML (text/plain, application/json …). */
function notHtml(v: Value | undefined): boolean {
  return typeof v?.konst === 'string' && !/html|xml|svg/i.test(v.konst);
}

/** Programs that run their arguments as a command line. */
const SHELL = /(^|[\\/])(cmd(\.exe)?|powershell(\.exe)?|pwsh(\.exe)?|bash|sh|zsh|dash)$/i;

/** A program named by a constant that is not a shell: its arguments reach it, not a command line. */
function plainProgram(v: Value | undefined): boolean {
  return typeof v?.konst === 'string' && !v.taint && !SHELL.test(v.konst);
}

/** Json.NET settings that embed type names ($type) in the JSON: TypeNameHandling other than None. */
function typeNames(v: Value | undefined): boolean {
  const t = v?.entries?.get('TypeNameHandling')?.konst;
  return typeof t === 'string' && !/\.None$/.test(t);
}

/** A program run from an argument list whose first item (the program) is not tainted. */
function listHead(v: Value | undefined): boolean {
  return v?.items !== undefined && plainProgram(v.items[0]);
}

/** C functions that fill the buffer given as argument `arg` with data from outside (socket, console, file, environment). */
export const C_OUT_SOURCES: readonly { names: readonly string[]; arg: number }[] = [
  { names: ['recv', 'recvfrom', 'read', '_read'], arg: 1 },
  { names: ['fgets', 'fgetws', 'gets', '_getws', 'fread', 'getline'], arg: 0 },
];

/** C copies into a destination buffer (argument 0) from the arguments `from`; `append` keeps what was there. */
export const C_COPIES: readonly { names: readonly string[]; from: readonly number[]; append?: boolean }[] = [
  { names: ['strcpy', 'wcscpy', '_mbscpy', 'lstrcpy', 'stpcpy', 'memcpy', 'memmove', 'wmemcpy', 'wmemmove'], from: [1] },
  { names: ['strncpy', 'wcsncpy', 'lstrcpyn'], from: [1] },
  { names: ['strcat', 'wcscat', 'strncat', 'wcsncat', 'lstrcat'], from: [1], append: true },
  { names: ['sprintf', 'swprintf', 'vsprintf'], from: [1, 2, 3, 4, 5, 6] },
  { names: ['snprintf', '_snprintf', '_snwprintf', 'vsnprintf'], from: [2, 3, 4, 5, 6] },
];

export const SANITIZERS: readonly SanitizerSpec[] = [
  { langs: J, names: ['encodeForHTML', 'encodeForHTMLAttribute', 'encodeForJavaScript', 'escapeHtml', 'escapeHtml4', 'escapeXml', 'htmlEscape', 'forHtml', 'forHtmlContent', 'forHtmlAttribute', 'forJavaScript', 'escapeHTML', 'sanitize'], kinds: ['xss'] },
  { langs: J, names: ['encodeForSQL', 'escapeSql'], kinds: ['sqli'] },
  { langs: J, names: ['encodeForLDAP', 'encodeForDN'], kinds: ['ldap'] },
  { langs: J, names: ['encodeForXPath'], kinds: ['xpath'] },
  { langs: J, names: ['encodeForOS'], kinds: ['cmdi'] },
  { langs: J, names: ['getName', 'normalize'], recv: /FilenameUtils/, kinds: ['path'] },
  { langs: J, names: ['parseInt', 'parseLong', 'parseDouble', 'parseBoolean', 'valueOf', 'hashCode', 'length', 'size', 'equals', 'equalsIgnoreCase', 'isEmpty', 'contains', 'startsWith', 'endsWith', 'matches', 'hasMoreElements', 'compareTo', 'indexOf', 'hash', 'getClass', 'exists', 'isFile'], recv: /^(?!String)/, kinds: 'all' },
  { langs: J, names: ['encode'], recv: /URLEncoder/, kinds: ['xss', 'redirect', 'path', 'cmdi', 'ldap', 'xpath', 'sqli'] },
  { langs: JS, names: ['escape', 'escapeHtml', 'encodeURIComponent', 'encodeURI', 'sanitize', 'escapeHTML', 'encodeForHTML', 'htmlEncode', 'xss', 'filterXSS'], kinds: ['xss', 'redirect', 'log'] },
  { langs: JS, names: ['parseInt', 'parseFloat', 'Number', 'Boolean', 'isNaN', 'isInteger', 'test', 'includes', 'indexOf', 'has'], kinds: 'all' },
  { langs: JS, names: ['escape', 'format'], recv: /mysql|connection|SqlString|db/i, kinds: ['sqli'] },
  { langs: JS, names: ['basename', 'normalize'], recv: /path/, kinds: ['path'] },
  { langs: PY, names: ['format_html', 'format_html_join', 'escape', 'conditional_escape', 'escape_html', 'quote_plus', 'urlencode', 'force_escape', 'strip_tags', 'clean'], kinds: ['xss'] },
  { langs: PY, names: ['escape_string'], kinds: ['sqli-quoted'] },
  { langs: PY, names: ['quote_identifier', 'literal'], kinds: ['sqli'] },
  { langs: PY, names: ['quote'], recv: /parse|urllib/, kinds: ['xss', 'redirect', 'path', 'cmdi', 'ldap', 'xpath', 'sqli'] },
  // Responses that are not HTML (JSON) and templates that autoescape: what reaches them is escaped or not markup.
  { langs: PY, names: ['jsonify', 'render_template', 'render', 'JsonResponse', 'JSONResponse', 'TemplateResponse', 'dumps'], kinds: ['xss'] },
  // Response objects: their body was judged where they were made (the xss sinks above), so returning one from a view is not a second finding.
  { langs: PY, names: ['Response', 'make_response', 'HttpResponse', 'HTMLResponse', 'PlainTextResponse', 'StreamingResponse', 'FileResponse', 'render_template_string', 'redirect', 'send_file', 'send_from_directory', 'HttpResponseRedirect', 'RedirectResponse', 'abort'], kinds: ['xss'] },
  // Not b64encode: base64 is undone by b64decode (a round trip gives the input back), so it keeps the taint.
  { langs: PY, names: ['int', 'float', 'bool', 'len', 'isdigit', 'isalnum', 'isnumeric', 'UUID', 'uuid4', 'hexdigest', 'digest'], kinds: 'all' },
  { langs: PY, names: ['basename', 'secure_filename', 'safe_join'], kinds: ['path'] },
  { langs: PY, names: ['escape_filter_chars', 'escape_dn_chars', 'escape_rdn'], kinds: ['ldap'] },
  { langs: PY, names: ['url_for', 'reverse'], kinds: ['redirect', 'xss'] },
  { langs: PY, names: ['literal_eval'], kinds: ['code'] },
  { langs: PY, names: ['quote'], recv: /shlex|pipes/, kinds: ['cmdi'] },
  { langs: PHP, names: ['htmlspecialchars', 'htmlentities', 'strip_tags', 'urlencode', 'rawurlencode'], kinds: ['xss'] },
  { langs: PHP, names: ['intval', 'floatval', 'boolval', 'is_numeric', 'count', 'strlen', 'ctype_digit'], kinds: 'all' },
  // Escaping for SQL protects a value inside quotes only ("… WHERE n = '$v'"); placed bare (WHERE id = $v) it is still
  // injectable — 'sqli-quoted' becomes 'sqli' where the value follows a quote. PDO::quote adds the quotes itself.
  { langs: PHP, names: ['mysqli_real_escape_string', 'mysql_real_escape_string', 'real_escape_string', 'pg_escape_string', 'pg_escape_literal', 'addslashes', 'sqlite_escape_string', 'escapeString'], kinds: ['sqli-quoted'] },
  { langs: PHP, names: ['quote'], kinds: ['sqli'] },
  { langs: PHP, names: ['escapeshellarg', 'escapeshellcmd'], kinds: ['cmdi'] },
  { langs: PHP, names: ['ldap_escape'], kinds: ['ldap'] },
  { langs: PHP, names: ['in_array', 'array_key_exists', 'password_hash', 'password_verify', 'hash_hmac', 'hash', 'random_int'], kinds: 'all' },
  { langs: PHP, names: ['basename', 'realpath'], kinds: ['path'] },
  { langs: CS, names: ['HtmlEncode', 'HtmlAttributeEncode', 'JavaScriptStringEncode', 'Encode', 'UrlEncode', 'EscapeDataString', 'EscapeUriString'], recv: /WebUtility|HttpUtility|HtmlEncoder|JavaScriptEncoder|UrlEncoder|Encoder|AntiXssEncoder|^Uri$|_?(html|url)Encoder/i, kinds: ['xss', 'redirect', 'log'] },
  { langs: CS, names: ['LdapFilterEncode', 'LdapDistinguishedNameEncode'], kinds: ['ldap'] },
  // A file's content is not the request data that named the file (the path sink still fires on the name): Python open()
  // and pathlib reads, Node fs reads, Go os.ReadFile.
  { langs: PY, names: ['open'], kinds: 'all' },
  { langs: PY, names: ['read_text', 'read_bytes'], kinds: 'all' },
  { langs: JS, names: ['readFileSync', 'readFile'], recv: /^(fs|fsp|fs\.promises|promises)$/, kinds: 'all' },
  { langs: GO, names: ['ReadFile'], recv: /^(os|ioutil)$/, kinds: 'all' },
  // What File.ReadAll… return is the file's content, not the request data that named the file (the path sink still fires).
  { langs: CS, names: ['ReadAllText', 'ReadAllBytes', 'ReadAllLines', 'ReadAllTextAsync', 'ReadAllBytesAsync', 'ReadAllLinesAsync'], recv: /^(System\.IO\.)?File$/, kinds: 'all' },
  { langs: CS, names: ['GetFileName', 'GetFileNameWithoutExtension', 'GetExtension'], recv: /(^|\.)Path$/, kinds: ['path'] },
  { langs: CS, names: ['Parse', 'TryParse', 'ToInt32', 'ToInt64', 'ToInt16', 'ToDouble', 'ToDecimal', 'ToBoolean', 'Equals', 'Contains', 'StartsWith', 'EndsWith', 'IsMatch', 'Count', 'Any', 'GetHashCode', 'CompareTo', 'IndexOf', 'IsLocalUrl', 'IsNullOrEmpty', 'IsNullOrWhiteSpace', 'Exists'], kinds: 'all' },
  // Numbers and booleans carry no text. filepath.Clean/Join keep a leading "../" (no guard); Base keeps the last element only.
  { langs: GO, names: ['Atoi', 'ParseInt', 'ParseUint', 'ParseBool', 'ParseFloat', 'IsLocal', 'HasPrefix', 'Contains', 'EqualFold'], kinds: 'all' },
  { langs: GO, names: ['EscapeString', 'HTMLEscapeString', 'HTMLEscaper', 'JSEscapeString'], kinds: ['xss', 'log'] },
  { langs: GO, names: ['QueryEscape', 'PathEscape'], kinds: ['xss', 'redirect', 'path', 'cmdi', 'ldap', 'sqli', 'log'] },
  { langs: GO, names: ['Base'], recv: /^(filepath|path)$/, kinds: ['path'] },
  { langs: GO, names: ['EscapeFilter', 'EscapeDN'], recv: /ldap/, kinds: ['ldap'] },
  { langs: GO, names: ['Quote', 'QuoteToASCII'], recv: /^strconv$/, kinds: ['log'] },
  // ldapjs Filter objects escape the value they are given; ldap-escape's filter tag escapes the holes.
  { langs: JS, names: ['EqualityFilter', 'SubstringFilter', 'PresenceFilter', 'ApproximateFilter', 'GreaterThanEqualsFilter', 'LessThanEqualsFilter'], isNew: true, kinds: ['ldap'] },
  { langs: JS, names: ['filter', 'dn'], recv: /ldapEscape|escape/i, kinds: ['ldap'] },
  // mysql / sqlstring escape a value for SQL (quotes it).
  { langs: JS, names: ['escape', 'escapeId'], recv: /mysql|conn|connection|pool|^db$|sqlstring/i, kinds: ['sqli'] },
];

/**
 * Facts a call puts on a value, read later by sinks and call rules: `result` flags the value the call
 * returns (lxml's XMLParser(resolve_entities=False) → 'xml-safe'), `receiver` flags the variable the
 * method is called on (a SAX parser's setFeature(feature_external_ges, True) → 'xml-external').
 */
export interface ValueFlagSpec extends CallSpec {
  on: 'result' | 'receiver';
  flag: string;
  /** Set the flag when this holds, clear it when false (receiver flags); undefined leaves the flag as it is. */
  when: (c: SinkCall) => boolean | undefined;
}

export const VALUE_FLAGS: readonly ValueFlagSpec[] = [
  // new JavaScriptSerializer(new SimpleTypeResolver()): type names in the JSON pick the classes made.
  { langs: CS, names: ['JavaScriptSerializer'], isNew: true, on: 'result', flag: 'type-resolver', when: (c) => c.args.length > 0 && !/^null$/.test(c.kwText('resolver', 0) ?? '') },
  // An XmlResolver that loads external resources (XmlDocument.XmlResolver / XmlReaderSettings.XmlResolver set to one).
  { langs: CS, names: ['XmlUrlResolver', 'XmlSecureResolver'], isNew: true, on: 'result', flag: 'xml-resolver', when: () => true },
  // res.type('text/plain') / res.set|setHeader|header('Content-Type', 'application/json'): what is sent later is not HTML.
  { langs: JS, names: ['type', 'contentType'], recv: /^(res|response|resp)$/, on: 'receiver', flag: 'not-html', when: (c) => typeof c.args[0]?.konst === 'string' && !/html|xml|svg/i.test(c.args[0].konst) },
  { langs: JS, names: ['set', 'setHeader', 'header', 'writeHead'], recv: /^(res|response|resp)$/, on: 'receiver', flag: 'not-html', when: (c) => contentTypeNotHtml(c) },
  { langs: PY, names: ['XMLParser', 'XMLPullParser'], on: 'result', flag: 'xml-safe', when: (c) => c.kw('resolve_entities')?.konst === false },
  { langs: PY, names: ['setFeature'], on: 'receiver', flag: 'xml-external', when: (c) => /feature_external_(ges|pes)|external-(general|parameter)-entities/.test(c.kwText('name', 0) ?? '') && (c.kw('state', 1)?.konst === true || c.kw('state', 1)?.konst === 1) },
];

/** A check whose true result makes argument `arg` safe for `kinds` in the branch it guards (taint/guards.ts). */
export interface GuardCallSpec extends CallSpec {
  arg: number;
  kinds: readonly SinkKind[] | 'all';
  /** Only when the receiver is declared in the file as a collection (not a string's substring test). */
  collection?: boolean;
  /** Further condition on the arguments' source text (in_array only when strict). */
  when?: (argText: readonly string[]) => boolean;
}

/** A Content-Type set by res.set/setHeader/header('Content-Type', t) or writeHead(status, { 'Content-Type': t }) that is not HTML. */
function contentTypeNotHtml(c: SinkCall): boolean | undefined {
  const named = typeof c.args[0]?.konst === 'string' && /^content-type$/i.test(c.args[0].konst) ? c.args[1]?.konst : undefined;
  const headers = c.args.find((a) => a?.entries)?.entries;
  const fromMap = headers ? [...headers].find(([k]) => /^content-type$/i.test(k))?.[1]?.konst : undefined;
  const t = named ?? fromMap;
  return typeof t === 'string' ? !/html|xml|svg/i.test(t) : undefined;
}

/** A Go file whose handlers declare a non-HTML Content-Type (w.Header().Set("Content-Type", "text/plain" …)) and no HTML one. */
const goNotHtml = (text: string): boolean => /Header\(\)\.(Set|Add)\(\s*"Content-Type"\s*,\s*"(text\/plain|application\/json|text\/csv|application\/octet-stream)/i.test(text) && !/"Content-Type"\s*,\s*"text\/html/i.test(text);

/** A regex literal anchored at both ends around one character class without quote, slash, dot, space or angle bracket. */
const WHOLE_CLASS_PATTERN = /^(['"])([\/#~!|])\^(\[[A-Za-z0-9_\\-]*\]|\\d|\\w)([+*]|\{\d+(,\d*)?\})?\$\2[a-zA-Z]*\1$/;

export const GUARD_CALLS: readonly GuardCallSpec[] = [
  // Go 1.20 filepath.IsLocal: lexically within the directory it is joined to (no "..", not absolute).
  { langs: GO, names: ['IsLocal'], recv: /^filepath$/, arg: 0, kinds: ['path'] },
  // ASP.NET Core IUrlHelper.IsLocalUrl: a path on this site, not another host.
  { langs: CS, names: ['IsLocalUrl'], arg: 0, kinds: ['redirect'] },
  // PHP: in_array(x, list[, strict]) is true only for a value equal to a listed one (loosely without strict: for a
  // list of strings that is the same string); ctype_digit/is_numeric leave digits only; array_key_exists likewise.
  { langs: PHP, names: ['in_array'], arg: 0, kinds: 'all' },
  { langs: PHP, names: ['ctype_digit', 'ctype_alnum', 'ctype_alpha', 'ctype_xdigit', 'is_numeric', 'is_int', 'is_float', 'is_bool'], arg: 0, kinds: 'all' },
  // filter_var(x, FILTER_VALIDATE_INT | FLOAT | IP | BOOLEAN | MAC) is truthy only for a value of that form (PHP manual, validate filters).
  { langs: PHP, names: ['filter_var'], arg: 0, kinds: 'all', when: (a) => /FILTER_VALIDATE_(INT|FLOAT|IP|BOOL|BOOLEAN|MAC)\b/.test(a[1] ?? '') },
  // preg_match('/^[a-z0-9_-]+$/', x): the whole value is made of the class's characters (no quote, slash, dot or space).
  { langs: PHP, names: ['preg_match'], arg: 1, kinds: 'all', when: (a) => WHOLE_CLASS_PATTERN.test(a[0] ?? '') },
  // C#: a collection's Contains/ContainsKey (List, HashSet, arrays … declared in the file) is an allow-list check.
  { langs: CS, names: ['Contains', 'ContainsKey'], arg: 0, kinds: 'all', collection: true },
];
