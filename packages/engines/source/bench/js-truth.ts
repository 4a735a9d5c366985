/**
 * Ground truth for the JavaScript/TypeScript accuracy bench (js-benchmark.ts),
 * as facts about the projects — no project code. Where a project marks its
 * vulnerable code itself (Juice Shop's `vuln-code-snippet` comments, with the
 * fixed variants in data/static/codefixes/*_correct.ts), the bench reads the
 * places from the checkout; this file only says which of its challenges are
 * source-code defects and of which category. The other facts name a file and
 * a piece of text on the vulnerable line, taken from the projects' own
 * documentation (Juice Shop's challenge descriptions, NodeGoat's tutorial and
 * its "Fix for A1 …" comments), or a handler function named in DVNA's
 * docs/solution pages (whose `fixes` branch holds the fixed code).
 */

export type Category = 'sqli' | 'nosqli' | 'xss' | 'redirect' | 'code' | 'ssti' | 'ssrf' | 'xxe' | 'path' | 'cmdi' | 'log' | 'deser' | 'hash' | 'secret';

/** Engine rules that count for a category. */
export const CATEGORY_RULES: Record<Category, readonly string[]> = {
  sqli: ['source.injection.sql'],
  nosqli: ['source.injection.nosql'],
  xss: ['source.injection.xss'],
  redirect: ['source.injection.open_redirect'],
  code: ['source.injection.code'],
  ssti: ['source.injection.template'],
  ssrf: ['source.injection.ssrf'],
  xxe: ['source.injection.xxe'],
  path: ['source.injection.path_traversal'],
  cmdi: ['source.injection.command'],
  log: ['source.injection.log'],
  deser: ['source.injection.deserialization'],
  hash: ['source.crypto.weak_hash'],
  secret: ['source.secrets.hardcoded_secret'],
};

export interface AnnotatedChallenge {
  category: Category;
  /** Another place where the defect shows (the sink a checked value reaches), by file and text on its line. */
  alsoAt?: { file: string; text: string };
}

/**
 * Juice Shop coding challenges that are source-code defects. The others
 * (access control, business logic, smart contracts, chatbot prompts, exposed
 * metrics …) are left out: no SAST rule is meant to find them.
 */
export const JUICE_SHOP_CHALLENGES: Record<string, AnnotatedChallenge> = {
  loginAdminChallenge: { category: 'sqli' },
  loginBenderChallenge: { category: 'sqli' },
  loginJimChallenge: { category: 'sqli' },
  unionSqlInjectionChallenge: { category: 'sqli' },
  dbSchemaChallenge: { category: 'sqli' },
  noSqlReviewsChallenge: { category: 'nosqli' },
  localXssChallenge: { category: 'xss' },
  xssBonusChallenge: { category: 'xss' },
  restfulXssChallenge: { category: 'xss' },
  // The allow-list check is in lib/insecurity.ts; the redirect it guards is in routes/redirect.ts.
  redirectChallenge: { category: 'redirect', alsoAt: { file: 'routes/redirect.ts', text: 'res.redirect(toUrl)' } },
};

export interface DocumentedDefect {
  project: 'juice-shop' | 'nodegoat';
  /** What the project's documentation calls it. */
  name: string;
  category: Category;
  file: string;
  /** Text on the vulnerable line (its first occurrence in the file). */
  text: string;
}

/** Vulnerabilities the projects document outside code annotations: positives only (recall). */
export const DOCUMENTED: readonly DocumentedDefect[] = [
  { project: 'juice-shop', name: 'noSqlCommandChallenge ($where)', category: 'nosqli', file: 'routes/showProductReviews.ts', text: '$where' },
  { project: 'juice-shop', name: 'noSqlOrdersChallenge ($where)', category: 'nosqli', file: 'routes/trackOrder.ts', text: '$where' },
  { project: 'juice-shop', name: 'usernameXssChallenge (eval of username)', category: 'code', file: 'routes/userProfile.ts', text: 'eval(code)' },
  { project: 'juice-shop', name: 'sstiChallenge (pug template from username)', category: 'ssti', file: 'routes/userProfile.ts', text: 'pug.compile(template)' },
  { project: 'juice-shop', name: 'rceChallenge (safeEval of order lines)', category: 'code', file: 'routes/b2bOrder.ts', text: "vm.runInContext('safeEval(orderLinesData)'" },
  { project: 'juice-shop', name: 'ssrfChallenge (profile image URL)', category: 'ssrf', file: 'routes/profileImageUrlUpload.ts', text: 'fetch(url)' },
  { project: 'juice-shop', name: 'fileWriteChallenge (zip slip)', category: 'path', file: 'routes/fileUpload.ts', text: "fs.createWriteStream('uploads/complaints/' + fileName)" },
  { project: 'juice-shop', name: 'xxeFileDisclosureChallenge (entities enabled)', category: 'xxe', file: 'lib/xml.ts', text: 'vm.runInContext(' },
  { project: 'juice-shop', name: 'persistedXssFeedbackChallenge (feedback comment trusted as HTML)', category: 'xss', file: 'frontend/src/app/about/about.component.ts', text: 'bypassSecurityTrustHtml(' },
  { project: 'juice-shop', name: 'persistedXssUserChallenge (user email trusted as HTML)', category: 'xss', file: 'frontend/src/app/administration/administration.component.ts', text: 'user.email = this.sanitizer.bypassSecurityTrustHtml(' },
  { project: 'juice-shop', name: 'reflectedXssChallenge (order id trusted as HTML)', category: 'xss', file: 'frontend/src/app/track-result/track-result.component.ts', text: 'bypassSecurityTrustHtml(' },
  { project: 'juice-shop', name: 'httpHeaderXssChallenge (True-Client-IP trusted as HTML)', category: 'xss', file: 'frontend/src/app/last-login-ip/last-login-ip.component.ts', text: 'bypassSecurityTrustHtml(' },
  { project: 'juice-shop', name: 'weakPasswordChallenge (MD5 password hashes)', category: 'hash', file: 'lib/insecurity.ts', text: "createHash('md5')" },
  { project: 'juice-shop', name: 'forgedSignedJwtChallenge (RSA private key in source)', category: 'secret', file: 'lib/insecurity.ts', text: 'BEGIN RSA PRIVATE KEY' },
  { project: 'nodegoat', name: 'A1-1 server-side JS injection (preTax)', category: 'code', file: 'app/routes/contributions.js', text: 'eval(req.body.preTax)' },
  { project: 'nodegoat', name: 'A1-1 server-side JS injection (afterTax)', category: 'code', file: 'app/routes/contributions.js', text: 'eval(req.body.afterTax)' },
  { project: 'nodegoat', name: 'A1-1 server-side JS injection (roth)', category: 'code', file: 'app/routes/contributions.js', text: 'eval(req.body.roth)' },
  { project: 'nodegoat', name: 'A1-2 NoSQL injection (threshold, route → DAO)', category: 'nosqli', file: 'app/data/allocations-dao.js', text: 'allocationsCol.find(searchCriteria())' },
  { project: 'nodegoat', name: 'A1-3 log injection (user name)', category: 'log', file: 'app/routes/session.js', text: 'console.log("Error: attempt to login with invalid user: ", userName)' },
  { project: 'nodegoat', name: 'A10 unvalidated redirect', category: 'redirect', file: 'app/routes/index.js', text: 'res.redirect(req.query.url)' },
  { project: 'nodegoat', name: 'SSRF (research page URL)', category: 'ssrf', file: 'app/routes/research.js', text: 'needle.get(url' },
];

export interface DvnaDefect {
  /** The page of docs/solution that documents it. */
  doc: string;
  category: Category;
  file: string;
  /** The handler: `module.exports.<handler> = function …` up to the next export. */
  handler: string;
}

/**
 * DVNA's documented code defects (docs/solution/*.md), each checked on master
 * (positive) and on the `fixes` branch (negative; a handler the fix removed
 * counts as not flagged).
 */
export const DVNA: readonly DvnaDefect[] = [
  { doc: 'a1-injection (SQL injection, user search)', category: 'sqli', file: 'core/appHandler.js', handler: 'userSearch' },
  { doc: 'a1-injection (command injection, ping)', category: 'cmdi', file: 'core/appHandler.js', handler: 'ping' },
  { doc: 'a4-xxe (bulk product import)', category: 'xxe', file: 'core/appHandler.js', handler: 'bulkProducts' },
  { doc: 'a8-insecure-deserialization (legacy bulk import)', category: 'deser', file: 'core/appHandler.js', handler: 'bulkProductsLegacy' },
  { doc: 'a9 known-vulnerable component (mathjs eval of the equation)', category: 'code', file: 'core/appHandler.js', handler: 'calc' },
  { doc: 'ax-unvalidated-redirects-and-forwards', category: 'redirect', file: 'core/appHandler.js', handler: 'redirect' },
];
