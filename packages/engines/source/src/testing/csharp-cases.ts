/**
 * C# (ASP.NET Core, ADO.NET, EF Core, System.*) vulnerable/safe pairs, written from Microsoft's
 * documentation: parameterised SqlCommand (SqlParameter), FromSqlInterpolated binding its holes,
 * Process.Start without a shell, Path.GetFileName, Razor's encoding except Html.Raw, LocalRedirect,
 * CookieOptions.Secure, DtdProcessing.Prohibit, RandomNumberGenerator, code-analysis rules
 * CA2300–CA2330 (deserialisation), CA3075 (DTD), CA5350/CA5351/CA5358 (hashes, ciphers, modes),
 * CA5394 (random). Each pair differs only in what makes it safe.
 */
import type { RuleCase } from './snippets.ts';

const USING = 'using System;\nusing System.Data.SqlClient;\nusing System.Diagnostics;\nusing System.IO;\nusing Microsoft.AspNetCore.Mvc;\n';
/** An MVC/API controller action: its parameters are bound from the request. */
const controller = (body: string, params = 'string name') =>
  `${USING}[ApiController]\n[Route("api/[controller]")]\npublic class ItemsController : ControllerBase\n{\n    private readonly SqlConnection _conn;\n    private readonly ILogger<ItemsController> _logger;\n    [HttpGet]\n    public IActionResult Get(${params})\n    {\n${body
    .split('\n')
    .map((l) => `        ${l}`)
    .join('\n')}\n        return Ok();\n    }\n}\n`;
/** Code that reads the request through HttpContext (no bound parameters). */
const handler = (body: string) => `${USING}public class Handler\n{\n    public void Run(HttpContext context)\n    {\n${body}\n    }\n}\n`;
/** Plain code (crypto, configuration). */
const plain = (body: string) => `${USING}using System.Security.Cryptography;\npublic class Crypto\n{\n    public byte[] Run(byte[] data)\n    {\n${body}\n        return data;\n    }\n}\n`;

export const CSHARP_CASES: readonly RuleCase[] = [
  // SQL injection: text built from input vs SqlParameter / FromSqlInterpolated binding.
  { rule: 'injection.sql', lang: 'csharp', bad: controller('var cmd = new SqlCommand("SELECT * FROM Items WHERE Name = \'" + name + "\'", _conn);\nvar r = cmd.ExecuteReader();'), good: controller('var cmd = new SqlCommand("SELECT * FROM Items WHERE Name = @name", _conn);\ncmd.Parameters.AddWithValue("@name", name);\nvar r = cmd.ExecuteReader();') },
  { rule: 'injection.sql', lang: 'csharp', bad: controller('using var cmd = _conn.CreateCommand();\ncmd.CommandText = $"DELETE FROM Items WHERE Name = \'{name}\'";\ncmd.ExecuteNonQuery();'), good: controller('using var cmd = _conn.CreateCommand();\ncmd.CommandText = "DELETE FROM Items WHERE Name = @n";\ncmd.Parameters.Add(new SqlParameter("@n", name));\ncmd.ExecuteNonQuery();') },
  { rule: 'injection.sql', lang: 'csharp', bad: controller('var items = _db.Items.FromSqlRaw("SELECT * FROM Items WHERE Name = \'" + name + "\'").ToList();'), good: controller('var items = _db.Items.FromSqlInterpolated($"SELECT * FROM Items WHERE Name = {name}").ToList();') },
  { rule: 'injection.sql', lang: 'csharp', bad: controller('var adapter = new SqlDataAdapter(string.Format("SELECT * FROM Items WHERE Name = \'{0}\'", name), _conn);\nadapter.Fill(table);'), good: controller('var adapter = new SqlDataAdapter("SELECT * FROM Items WHERE Name = @n", _conn);\nadapter.SelectCommand.Parameters.AddWithValue("@n", name);\nadapter.Fill(table);') },
  { rule: 'injection.sql', lang: 'csharp', bad: handler('        string id = context.Request.Query["id"];\n        _db.Database.ExecuteSqlRaw("UPDATE Items SET Seen = 1 WHERE Id = " + id);'), good: handler('        string id = context.Request.Query["id"];\n        _db.Database.ExecuteSqlRaw("UPDATE Items SET Seen = 1 WHERE Id = " + int.Parse(id));') },
  { rule: 'injection.sql', lang: 'csharp', bad: 'var app = WebApplication.Create(args);\napp.MapGet("/items", (string name, SqlConnection db) => db.Query<Item>("SELECT * FROM Items WHERE Name = \'" + name + "\'"));\napp.Run();\n', good: 'var app = WebApplication.Create(args);\napp.MapGet("/items", (string name, SqlConnection db) => db.Query<Item>("SELECT * FROM Items WHERE Name = @name", new { name }));\napp.Run();\n' },
  // Command injection: a shell given input vs a program run with an argument.
  { rule: 'injection.command', lang: 'csharp', bad: controller('Process.Start("cmd.exe", "/c ping " + name);', 'string name'), good: controller('Process.Start("ping", name);', 'string name') },
  { rule: 'injection.command', lang: 'csharp', bad: controller('var psi = new ProcessStartInfo { FileName = "/bin/sh", Arguments = "-c \\"ls " + name + "\\"" };\nProcess.Start(psi);'), good: controller('var psi = new ProcessStartInfo { FileName = "/usr/bin/ls", Arguments = name };\nProcess.Start(psi);') },
  // Path traversal: Path.GetFileName keeps only the last segment; Path.Combine does not protect.
  { rule: 'injection.path_traversal', lang: 'csharp', bad: controller('var text = System.IO.File.ReadAllText(Path.Combine("/srv/files", name));'), good: controller('var text = System.IO.File.ReadAllText(Path.Combine("/srv/files", Path.GetFileName(name)));') },
  { rule: 'injection.path_traversal', lang: 'csharp', bad: controller('using var fs = new FileStream("/srv/uploads/" + name, FileMode.Create);'), good: controller('using var fs = new FileStream("/srv/uploads/" + Guid.NewGuid().ToString(), FileMode.Create);\n_logger.LogDebug("upload");') },
  // XSS: Razor encodes unless told not to; a hand-written HTML body; Content with an HTML type.
  { rule: 'injection.xss', lang: 'csharp', bad: controller('ViewBag.Greeting = Html.Raw("<b>" + name + "</b>");'), good: controller('ViewBag.Greeting = Html.Raw("<b>" + HtmlEncoder.Default.Encode(name) + "</b>");') },
  { rule: 'injection.xss', lang: 'csharp', bad: handler('        var q = context.Request.Query["q"];\n        context.Response.WriteAsync("<p>" + q + "</p>");'), good: handler('        var q = context.Request.Query["q"];\n        context.Response.WriteAsync("<p>" + WebUtility.HtmlEncode(q) + "</p>");') },
  { rule: 'injection.xss', lang: 'csharp', bad: controller('var page = Content("<h1>" + name + "</h1>", "text/html");'), good: controller('var page = Content("<h1>" + name + "</h1>", "text/plain");') },
  { rule: 'injection.xss', lang: 'csharp', bad: controller('var html = new HtmlString("<span>" + name + "</span>");'), good: controller('var html = new HtmlString("<span>" + HttpUtility.HtmlEncode(name) + "</span>");') },
  // LDAP injection: the filter of a DirectorySearcher.
  { rule: 'injection.ldap', lang: 'csharp', bad: controller('var searcher = new DirectorySearcher(new DirectoryEntry("LDAP://dc.example.com"));\nsearcher.Filter = "(&(objectClass=user)(sAMAccountName=" + name + "))";\nvar r = searcher.FindOne();'), good: controller('var searcher = new DirectorySearcher(new DirectoryEntry("LDAP://dc.example.com"));\nsearcher.Filter = "(&(objectClass=user)(sAMAccountName=" + Encoder.LdapFilterEncode(name) + "))";\nvar r = searcher.FindOne();') },
  { rule: 'injection.ldap', lang: 'csharp', bad: controller('var searcher = new DirectorySearcher("(cn=" + name + ")");'), good: controller('var searcher = new DirectorySearcher("(cn=" + Encoder.LdapFilterEncode(name) + ")");') },
  // XPath injection
  { rule: 'injection.xpath', lang: 'csharp', bad: controller('var node = doc.SelectSingleNode("//user[@name=\'" + name + "\']");'), good: controller('var node = doc.SelectSingleNode("//user[@id=" + int.Parse(name) + "]");') },
  // Open redirect: Redirect to what the client sent vs LocalRedirect (throws on other hosts).
  { rule: 'injection.open_redirect', lang: 'csharp', bad: controller('return Redirect(returnUrl);', 'string returnUrl'), good: controller('return LocalRedirect(returnUrl);', 'string returnUrl') },
  { rule: 'injection.open_redirect', lang: 'csharp', bad: controller('if (returnUrl.StartsWith("/"))\n    return Redirect(returnUrl);', 'string returnUrl'), good: controller('if (Url.IsLocalUrl(returnUrl))\n    return Redirect(returnUrl);', 'string returnUrl') },
  { rule: 'injection.open_redirect', lang: 'csharp', bad: handler('        context.Response.Redirect(context.Request.Query["next"]);'), good: handler('        context.Response.Redirect("/home");') },
  // Deserialisation (CA2300, CA2321, CA2326): BinaryFormatter, a type resolver, TypeNameHandling.
  { rule: 'injection.deserialization', lang: 'csharp', bad: handler('        var formatter = new BinaryFormatter();\n        var obj = formatter.Deserialize(context.Request.Body);'), good: handler('        var obj = JsonSerializer.Deserialize<Item>(context.Request.Body);') },
  { rule: 'injection.deserialization', lang: 'csharp', bad: controller('var serializer = new JavaScriptSerializer(new SimpleTypeResolver());\nvar obj = serializer.Deserialize<Item>(name);'), good: controller('var serializer = new JavaScriptSerializer();\nvar obj = serializer.Deserialize<Item>(name);') },
  { rule: 'injection.deserialization', lang: 'csharp', bad: controller('var obj = JsonConvert.DeserializeObject(name, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All });'), good: controller('var obj = JsonConvert.DeserializeObject(name, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None });') },
  // XXE (CA3075): DTD processing on, a resolver that loads external entities.
  { rule: 'injection.xxe', lang: 'csharp', bad: plain('        var settings = new XmlReaderSettings();\n        settings.DtdProcessing = DtdProcessing.Parse;\n        using var reader = XmlReader.Create(new MemoryStream(data), settings);'), good: plain('        var settings = new XmlReaderSettings();\n        settings.DtdProcessing = DtdProcessing.Prohibit;\n        using var reader = XmlReader.Create(new MemoryStream(data), settings);') },
  { rule: 'injection.xxe', lang: 'csharp', bad: plain('        var doc = new XmlDocument();\n        doc.XmlResolver = new XmlUrlResolver();\n        doc.Load(new MemoryStream(data));'), good: plain('        var doc = new XmlDocument();\n        doc.XmlResolver = null;\n        doc.Load(new MemoryStream(data));') },
  // Trust boundary: request data stored in the session.
  { rule: 'web.trust_boundary', lang: 'csharp', bad: controller('HttpContext.Session.SetString("user", name);'), good: controller('HttpContext.Session.SetString("user", "guest");') },
  // Log forging: request data in a log message.
  { rule: 'injection.log', lang: 'csharp', bad: controller('_logger.LogWarning("Login failed for " + name);'), good: controller('_logger.LogWarning("Login failed for " + WebUtility.UrlEncode(name));') },
  // SSRF
  { rule: 'injection.ssrf', lang: 'csharp', bad: controller('var body = await _http.GetStringAsync(url);', 'string url'), good: controller('var body = await _http.GetStringAsync("https://api.example.com/items/" + int.Parse(url));', 'string url') },
  // Razor Pages: [BindProperty] properties are bound from the request.
  { rule: 'injection.sql', lang: 'csharp', bad: `${USING}public class SearchModel : PageModel\n{\n    [BindProperty] public string Term { get; set; }\n    public void OnPost()\n    {\n        var cmd = new SqlCommand("SELECT * FROM Items WHERE Name LIKE '%" + Term + "%'", _conn);\n    }\n}\n`, good: `${USING}public class SearchModel : PageModel\n{\n    [BindProperty] public int Page { get; set; }\n    public string Term { get; set; }\n    public void OnPost()\n    {\n        var cmd = new SqlCommand("SELECT * FROM Items ORDER BY Name OFFSET " + Page, _conn);\n    }\n}\n` },
  // Weak hashes and ciphers (CA5350, CA5351, CA5358)
  { rule: 'crypto.weak_hash', lang: 'csharp', bad: plain('        using var h = MD5.Create();\n        data = h.ComputeHash(data);'), good: plain('        using var h = SHA256.Create();\n        data = h.ComputeHash(data);') },
  { rule: 'crypto.weak_hash', lang: 'csharp', bad: plain('        data = SHA1.HashData(data);'), good: plain('        data = SHA512.HashData(data);') },
  { rule: 'crypto.weak_cipher', lang: 'csharp', bad: plain('        using var des = DES.Create();\n        data = des.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);'), good: plain('        using var aes = Aes.Create();\n        data = aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);') },
  { rule: 'crypto.weak_cipher', lang: 'csharp', bad: plain('        using var aes = Aes.Create();\n        var mode = CipherMode.ECB;\n        aes.Mode = mode;'), good: plain('        using var aes = Aes.Create();\n        var mode = CipherMode.CBC;\n        aes.Mode = mode;') },
  { rule: 'crypto.static_key', lang: 'csharp', bad: plain('        using var aes = Aes.Create();\n        aes.Key = Encoding.UTF8.GetBytes("0123456789abcdef0123456789abcdef");'), good: plain('        using var aes = Aes.Create();\n        aes.Key = RandomNumberGenerator.GetBytes(32);') },
  // Insecure randomness (CA5394)
  { rule: 'crypto.insecure_random', lang: 'csharp', bad: plain('        var token = new Random().Next().ToString();'), good: plain('        var token = RandomNumberGenerator.GetInt32(int.MaxValue).ToString();') },
  // Cookies: CookieOptions.Secure defaults to false.
  { rule: 'web.insecure_cookie', lang: 'csharp', bad: controller('Response.Cookies.Append("session", token, new CookieOptions { HttpOnly = true });', 'string token'), good: controller('Response.Cookies.Append("session", token, new CookieOptions { HttpOnly = true, Secure = true });', 'string token') },
  { rule: 'web.insecure_cookie', lang: 'csharp', bad: controller('var options = new CookieOptions();\noptions.Secure = false;\nResponse.Cookies.Append("session", token, options);', 'string token'), good: controller('var options = new CookieOptions();\noptions.Secure = true;\nResponse.Cookies.Append("session", token, options);', 'string token') },
  // Hard-coded secrets: a JWT signing key, a connection-string password.
  { rule: 'secrets.hardcoded_password', lang: 'csharp', bad: `public class Jwt\n{\n    private const string Key = "my-very-secret-signing-key-2024";\n    public SymmetricSecurityKey Make() => new SymmetricSecurityKey(Encoding.UTF8.GetBytes(Key));\n}\n`, good: `public class Jwt\n{\n    private readonly IConfiguration _config;\n    public SymmetricSecurityKey Make() => new SymmetricSecurityKey(Encoding.UTF8.GetBytes(_config["Jwt:Key"]));\n}\n` },
  { rule: 'secrets.hardcoded_password', lang: 'csharp', bad: 'public class Db\n{\n    private const string Cs = "Server=db;Database=app;User Id=app;Password=Sup3rS3cret!;";\n}\n', good: 'public class Db\n{\n    private const string Cs = "Server=db;Database=app;Integrated Security=true;";\n}\n' },
  // TLS: a certificate callback that accepts everything.
  { rule: 'network.trust_all_certificates', lang: 'csharp', bad: plain('        var handler = new HttpClientHandler();\n        handler.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator;'), good: plain('        var handler = new HttpClientHandler();\n        handler.ServerCertificateCustomValidationCallback = (m, cert, chain, errors) => errors == SslPolicyErrors.None;') },
  // Uploads: IFormFile.FileName is what the client sent (ASP.NET Core file-upload guidance: never use it as the path).
  { rule: 'injection.path_traversal', lang: 'csharp', bad: controller('using var fs = new FileStream(Path.Combine("/srv/uploads", file.FileName), FileMode.Create);\nfile.CopyTo(fs);', 'IFormFile file'), good: controller('using var fs = new FileStream(Path.Combine("/srv/uploads", Path.GetRandomFileName()), FileMode.Create);\nfile.CopyTo(fs);', 'IFormFile file') },
  // Request members reached through IHttpContextAccessor.
  { rule: 'injection.sql', lang: 'csharp', bad: handler('        var q = _accessor.HttpContext.Request.Query["q"];\n        var cmd = new SqlCommand("SELECT * FROM t WHERE n = \'" + q + "\'", _conn);'), good: handler('        var q = _accessor.HttpContext.Request.Query["q"];\n        var cmd = new SqlCommand("SELECT * FROM t WHERE n = @q", _conn);\n        cmd.Parameters.AddWithValue("@q", q.ToString());') },
  // EF Core 2/3: FromSql given a string variable is raw SQL; given the interpolated string itself it binds the holes.
  { rule: 'injection.sql', lang: 'csharp', bad: controller('var query = $"SELECT * FROM Items WHERE Name LIKE \'%{name}%\'";\nvar items = _db.Items.FromSql(query).ToList();'), good: controller('var items = _db.Items.FromSql($"SELECT * FROM Items WHERE Name LIKE {name}").ToList();') },
  // A serializer for a type named in the request document (XmlSerializer docs: the type decides what is constructed).
  { rule: 'injection.deserialization', lang: 'csharp', bad: handler('        var doc = new XmlDocument();\n        doc.Load(context.Request.Body);\n        var typeName = doc.DocumentElement.GetAttribute("Type");\n        var ser = new XmlSerializer(Type.GetType(typeName));'), good: handler('        var doc = new XmlDocument();\n        doc.Load(context.Request.Body);\n        var typeName = doc.DocumentElement.GetAttribute("Type");\n        var ser = new XmlSerializer(typeof(Item));') },
  // Second round. A collection's Contains is an allow-list (a string's Contains is not); a name refused when it
  // holds a separator stays in its folder; File.ReadAllText returns the file's content, not the request data.
  { rule: 'injection.open_redirect', lang: 'csharp', bad: handler('        string u = context.Request.Query["next"];\n        if (u.Contains("example.org"))\n            context.Response.Redirect(u);'), good: `${USING}public class Handler\n{\n    private static readonly HashSet<string> Allowed = new HashSet<string> { "/home", "/account" };\n    public void Run(HttpContext context)\n    {\n        string u = context.Request.Query["next"];\n        if (Allowed.Contains(u))\n            context.Response.Redirect(u);\n    }\n}\n` },
  { rule: 'injection.path_traversal', lang: 'csharp', bad: handler('        string f = context.Request.Query["f"];\n        if (f.Length > 100) return;\n        var text = File.ReadAllText(Path.Combine("/srv/files", f));'), good: handler('        string f = context.Request.Query["f"];\n        if (f.Contains("..") || f.Contains("/") || f.Contains("\\\\")) return;\n        var text = File.ReadAllText(Path.Combine("/srv/files", f));') },
  { rule: 'injection.path_traversal', lang: 'csharp', bad: handler('        string f = context.Request.Query["f"];\n        string full = Path.Combine("/srv/files", f);\n        if (!full.StartsWith("/srv/files/")) return;\n        var text = File.ReadAllText(full);'), good: handler('        string f = context.Request.Query["f"];\n        string full = Path.GetFullPath(Path.Combine("/srv/files", f));\n        if (!full.StartsWith("/srv/files/")) return;\n        var text = File.ReadAllText(full);') },
  { rule: 'injection.xss', lang: 'csharp', bad: handler('        string f = context.Request.Query["f"];\n        context.Response.WriteAsync("<p>" + f + "</p>");'), good: handler('        string f = Path.GetFileName(context.Request.Query["f"]);\n        context.Response.WriteAsync(File.ReadAllText(Path.Combine("/srv/notes", f)));') },
  // Json.NET TypeNameHandling other than None (CA2326).
  { rule: 'injection.deserialization', lang: 'csharp', bad: plain('        var settings = new JsonSerializerSettings();\n        settings.TypeNameHandling = TypeNameHandling.Auto;'), good: plain('        var settings = new JsonSerializerSettings();\n        settings.TypeNameHandling = TypeNameHandling.None;') },
];
