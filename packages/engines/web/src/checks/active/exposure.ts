/**
 * Exposed sensitive files and consoles: fixed paths under the target's root,
 * each with a content signature, so a soft-404 page ("200 OK, not found")
 * never counts. Data, not code: add a path by adding a row.
 */
import type { HttpResponse } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, eachConcurrently, send } from './points.ts';

export interface ExposureProbe {
  ruleId: string;
  path: string;
  test: (r: HttpResponse) => boolean;
  what: string;
}

const text = (re: RegExp) => (r: HttpResponse) => re.test(r.text) && !/^\s*<(?:!doctype|html)/i.test(r.text) && true;
const page = (re: RegExp) => (r: HttpResponse) => re.test(r.text);
const magic = (bytes: number[]) => (r: HttpResponse) => bytes.every((b, i) => r.body[i] === b);
const envFile = (r: HttpResponse) => !/^\s*</.test(r.text) && (r.text.match(/^\s*(?:export\s+)?[A-Z][A-Z0-9_]{1,63}\s*=\s*\S*/gm)?.length ?? 0) >= 2;
const sqlDump = /^(?:--|\/\*|CREATE|INSERT|DROP|SET|BEGIN)[\s\S]{0,2000}\b(?:CREATE TABLE|INSERT INTO)\b/i;

export const EXPOSURE_PROBES: readonly ExposureProbe[] = [
  { ruleId: 'web.exposure.vcs_metadata', path: '/.git/HEAD', test: text(/^(?:ref: refs\/[\w/.-]+|[0-9a-f]{40})\s*$/), what: 'Git HEAD' },
  { ruleId: 'web.exposure.vcs_metadata', path: '/.git/config', test: text(/^\s*\[core\]/m), what: 'Git config' },
  { ruleId: 'web.exposure.vcs_metadata', path: '/.svn/entries', test: text(/^(?:8|9|10|11|12)\s*\n|<wc-entries/), what: 'Subversion entries' },
  { ruleId: 'web.exposure.vcs_metadata', path: '/.hg/requires', test: text(/^(?:revlogv1|store|fncache|dotencode)\s*$/m), what: 'Mercurial requires' },
  { ruleId: 'web.exposure.vcs_metadata', path: '/.DS_Store', test: magic([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]), what: 'macOS .DS_Store' },
  { ruleId: 'web.exposure.env_file', path: '/.env', test: envFile, what: '.env file' },
  { ruleId: 'web.exposure.env_file', path: '/.env.local', test: envFile, what: '.env.local file' },
  { ruleId: 'web.exposure.env_file', path: '/.env.production', test: envFile, what: '.env.production file' },
  { ruleId: 'web.exposure.backup_file', path: '/backup.zip', test: magic([0x50, 0x4b, 0x03, 0x04]), what: 'ZIP backup' },
  { ruleId: 'web.exposure.backup_file', path: '/backup.tar.gz', test: magic([0x1f, 0x8b]), what: 'gzip backup' },
  { ruleId: 'web.exposure.backup_file', path: '/www.zip', test: magic([0x50, 0x4b, 0x03, 0x04]), what: 'ZIP of the site' },
  { ruleId: 'web.exposure.backup_file', path: '/backup.sql', test: text(sqlDump), what: 'SQL dump' },
  { ruleId: 'web.exposure.backup_file', path: '/dump.sql', test: text(sqlDump), what: 'SQL dump' },
  { ruleId: 'web.exposure.backup_file', path: '/db.sql', test: text(sqlDump), what: 'SQL dump' },
  { ruleId: 'web.exposure.admin_console', path: '/manager/html', test: page(/Tomcat Web Application Manager/i), what: 'Tomcat manager' },
  { ruleId: 'web.exposure.admin_console', path: '/phpmyadmin/', test: page(/<title>[^<]{0,40}phpMyAdmin/i), what: 'phpMyAdmin' },
  { ruleId: 'web.exposure.admin_console', path: '/admin/', test: page(/<title>[^<]{0,80}(?:admin|dashboard|管理)/i), what: 'admin console' },
  { ruleId: 'web.exposure.admin_console', path: '/h2-console/', test: page(/H2 Console|h2-console/i), what: 'H2 database console' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/actuator/env', test: page(/"(?:activeProfiles|propertySources)"\s*:/), what: 'Spring Boot actuator env' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/actuator', test: page(/"_links"\s*:\s*\{[\s\S]{0,500}"(?:health|env|beans)"/), what: 'Spring Boot actuator' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/actuator/heapdump', test: page(/^JAVA PROFILE 1\.0/), what: 'Java heap dump' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/phpinfo.php', test: page(/<title>phpinfo\(\)<\/title>|>PHP Version \d/), what: 'phpinfo()' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/debug/pprof/', test: page(/Types of profiles available|\/debug\/pprof\/goroutine/), what: 'Go pprof' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/debug/vars', test: page(/"memstats"\s*:/), what: 'Go expvar' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/server-status', test: page(/Apache Server Status for/i), what: 'Apache server-status' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/trace.axd', test: page(/Application Trace/i), what: 'ASP.NET trace' },
  { ruleId: 'web.exposure.debug_endpoint', path: '/elmah.axd', test: page(/Error Log for/i), what: 'ELMAH error log' },
];

export async function exposedFiles(ctx: ActiveContext, probes: readonly ExposureProbe[] = EXPOSURE_PROBES): Promise<void> {
  await eachConcurrently(ctx, probes, async (probe, ctx) => {
    if (!ctx.b.isSelected(probe.ruleId)) return;
    const url = new URL(probe.path, ctx.target).href;
    const r = await send(ctx, { url, followRedirects: false });
    if (r && r.status === 200 && probe.test(r)) {
      ctx.b.finding(probe.ruleId, webEvidence(r, { match: /[\s\S]{1,200}/, headers: ['content-type', 'content-length'], detail: `${probe.what} served at ${probe.path}` }));
    }
  });
}
