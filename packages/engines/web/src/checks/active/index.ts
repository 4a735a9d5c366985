/**
 * Active checks: they send attack payloads, so each group runs only when the
 * `active` option names it (or "all"); the items of groups left off are
 * reported not executed with that reason. Groups run in a fixed order with
 * progress per group; the time limit stops them between requests.
 */
import type { HttpResponse } from '../../net/http-client.ts';
import type { ActiveGroup } from '../../options.ts';
import { defaultCredentials } from './credentials.ts';
import { domXss } from './dom-xss.ts';
import { exposedFiles } from './exposure.ts';
import { putMethod, traceMethod } from './methods.ts';
import { type ActiveContext, type InjectionPoint, eachConcurrently, injectionPoints, requestFor, send } from './points.ts';
import { commandInjection, openRedirect, pathTraversal, ssrfIndicators, ssrfOutOfBand } from './probes.ts';
import { booleanSqli, errorSqli, timeSqli } from './sqli.ts';
import { predictableSessionIds } from './session-ids.ts';
import { fileUpload } from './upload.ts';
import { reflectedXss, storedXss } from './xss.ts';

export type { ActiveContext } from './points.ts';

type Baselines = Map<InjectionPoint, HttpResponse | undefined>;

interface Group {
  group: ActiveGroup;
  steps: { ids: string[]; run: (ctx: ActiveContext, points: InjectionPoint[], baselines: Baselines) => Promise<void> }[];
}

export const ACTIVE_PLAN: readonly Group[] = [
  { group: 'files', steps: [{ ids: ['web.exposure.vcs_metadata', 'web.exposure.env_file', 'web.exposure.backup_file', 'web.exposure.admin_console', 'web.exposure.debug_endpoint'], run: (c) => exposedFiles(c) }] },
  { group: 'methods', steps: [{ ids: ['web.methods.trace'], run: (c) => traceMethod(c) }, { ids: ['web.methods.put'], run: (c) => putMethod(c) }] },
  {
    group: 'xss',
    steps: [
      { ids: ['web.injection.xss_reflected'], run: (c, p) => reflectedXss(c, p) },
      { ids: ['web.injection.xss_stored'], run: (c, p) => storedXss(c, p) },
      { ids: ['web.injection.xss_dom'], run: (c, p) => domXss(c, p) },
    ],
  },
  {
    group: 'sqli',
    steps: [
      { ids: ['web.injection.sqli_error'], run: errorSqli },
      { ids: ['web.injection.sqli_boolean'], run: booleanSqli },
      { ids: ['web.injection.sqli_time'], run: (c, p) => timeSqli(c, p) },
    ],
  },
  { group: 'cmdi', steps: [{ ids: ['web.injection.command'], run: commandInjection }] },
  { group: 'traversal', steps: [{ ids: ['web.injection.path_traversal'], run: pathTraversal }] },
  { group: 'redirect', steps: [{ ids: ['web.injection.open_redirect'], run: (c, p) => openRedirect(c, p) }] },
  {
    group: 'ssrf',
    steps: [
      {
        ids: ['web.injection.ssrf'],
        run: async (c, p, b) => {
          await ssrfIndicators(c, p, b);
          await ssrfOutOfBand(c, p);
        },
      },
    ],
  },
  { group: 'upload', steps: [{ ids: ['web.injection.file_upload'], run: (c) => fileUpload(c) }] },
  { group: 'session', steps: [{ ids: ['web.session.predictable_id'], run: (c) => predictableSessionIds(c) }] },
  { group: 'credentials', steps: [{ ids: ['web.auth.default_credentials'], run: (c) => defaultCredentials(c) }] },
];

export const ACTIVE_RULE_IDS: readonly string[] = ACTIVE_PLAN.flatMap((g) => g.steps.flatMap((s) => s.ids));

export async function activeChecks(ctx: ActiveContext): Promise<void> {
  const { b } = ctx;
  const points = injectionPoints(ctx.crawl, ctx.scope);
  const baselines: Baselines = new Map();
  let baselinesTaken = false;
  for (const g of ACTIVE_PLAN) {
    const ids = g.steps.flatMap((s) => s.ids);
    if (!ctx.config.active.has(g.group)) {
      for (const id of ids) b.notExecuted(id, `active check group "${g.group}" not enabled (option active=${g.group} or active=all)`);
      continue;
    }
    for (const step of g.steps) {
      if (ctx.stop.aborted) {
        for (const id of step.ids) b.notExecuted(id, 'stopped: the total time limit was reached');
        continue;
      }
      b.setPhase(`active: ${step.ids.join(', ')} (${points.length} injection points)`);
      if (!baselinesTaken && points.length > 0) {
        baselinesTaken = true;
        await eachConcurrently(ctx, points, async (p) => void baselines.set(p, await send(ctx, requestFor(p, p.values.find(([k]) => k === p.name)?.[1] ?? ''))));
      }
      await b.check(step.ids, () => step.run(ctx, points, baselines));
      if (ctx.stop.aborted) for (const id of step.ids) if (b.isSelected(id)) b.notExecuted(id, 'stopped: the total time limit was reached (partial)');
    }
  }
}
