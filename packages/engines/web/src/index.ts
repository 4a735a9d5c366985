/**
 * @citadel/engine-web: the web application assessment (DAST) engine.
 * `engine` is what the CLI and the task workers load (input.url + params);
 * the catalogue, the network policy, the bounded HTTP client, the crawler and
 * the option parser are exported for the portal, reports and tests.
 */
export { WebEngine, ENGINE_VERSION, engine } from './engine.ts';
export { WEB_CATALOGUE, PASSIVE_CATEGORIES, ACTIVE_CATEGORIES } from './catalogue/index.ts';
export { NetworkPolicy, METADATA_ADDRESSES, ALWAYS_DENIED_RANGES, type NetworkPolicyOptions, type PolicyVerdict } from './net/policy.ts';
export { HttpClient, FetchError, type HttpRequest, type HttpResponse, type HttpClientOptions, type FetchErrorKind } from './net/http-client.ts';
export { parseConfig, ACTIVE_GROUPS, type ActiveGroup, type WebScanConfig } from './options.ts';
export { crawl, type CrawlResult, type CrawledPage, type CrawlProblem, type Renderer } from './crawl/crawler.ts';
export { parseHtml, type PageFacts, type HtmlForm, type FormField } from './crawl/html.ts';
export { Scope } from './crawl/scope.ts';
