/**
 * Permission checks: levels above normal, user_grant permissions, missing
 * reason/usedScene (reasons resolved through resources.index), and
 * over-privilege hints (a level above the profile's APL without an ACL
 * entry; a sensitive permission whose capability the bytecode never imports).
 */
import type { Evidence } from '@citadel/contracts';
import { resolveResource, type PermissionRequest } from '../formats/index.ts';
import type { HarmonyModule } from '../hap/model.ts';
import { LEVEL_RANK, PERMISSION_CAPABILITIES, type PermissionLevel, permissionInfo } from '../permissions/index.ts';
import type { CodeUnit } from './code/code-units.ts';
import type { CheckContext } from './context.ts';

export const PERMISSION_KEYS = ['permissions.system_level', 'permissions.user_grant', 'permissions.over_privileged', 'permissions.missing_reason'] as const;

function requests(m: HarmonyModule): PermissionRequest[] {
  return m.stage?.module.requestPermissions ?? m.fa?.module.reqPermissions ?? [];
}

export async function permissionChecks(c: CheckContext, units: readonly CodeUnit[]): Promise<void> {
  await c.run(PERMISSION_KEYS, () => {
    const abcUnits = units.filter((u) => u.kind === 'abc');
    const imports = new Set(abcUnits.flatMap((u) => [...u.imports]));
    for (const m of c.modules) {
      const file = `${m.prefix}${m.stage ? 'module.json' : 'config.json'}`;
      const profile = m.signature?.profile;
      const apl = (profile?.bundleInfo.apl ?? 'normal') as PermissionLevel;
      const acls = new Set(profile?.allowedAcls ?? []);
      const own = new Set([...(m.stage?.module.definePermissions ?? []), ...(m.fa?.module.defPermissions ?? [])].map((d) => d.name));
      for (const req of requests(m)) {
        const info = permissionInfo(req.name);
        const ev: Evidence = { file, snippet: req.name, detail: info ? `${req.name}: ${info.level}, ${info.grant}` : `${req.name}: not in the permission table` };
        if (!info) continue;
        if (info.level !== 'normal') c.fail('permissions.system_level', ev);
        if (info.grant === 'user_grant') {
          c.problem('permissions.user_grant', ev);
          const missing = missingRationale(m, req);
          if (missing.length > 0) c.fail('permissions.missing_reason', { ...ev, detail: `${req.name}: ${missing.join('; ')}` });
        }
        if (profile && LEVEL_RANK[info.level] > (LEVEL_RANK[apl] ?? 0) && !acls.has(req.name) && !own.has(req.name)) {
          c.fail('permissions.over_privileged', { ...ev, detail: `${req.name} is ${info.level} but the profile's apl is ${apl} and allowed-acls do not list it: it is never granted` });
        }
        const capability = PERMISSION_CAPABILITIES[req.name];
        if (capability && abcUnits.length > 0 && !capability.some((mod) => imports.has(mod))) {
          c.problem('permissions.over_privileged', { ...ev, detail: `${req.name} is requested but no ABC record imports ${capability.filter((x) => !x.startsWith('@kit.')).slice(0, 4).join(', ')} or a kit providing it` });
        }
      }
    }
  });
}

function missingRationale(m: HarmonyModule, req: PermissionRequest): string[] {
  const missing: string[] = [];
  if (!req.reason) missing.push('no reason');
  else if (m.resources && req.reason.startsWith('$') && resolveResource(m.resources, req.reason) === undefined) missing.push(`reason ${req.reason} does not resolve in resources.index`);
  if (!req.usedScene) missing.push('no usedScene');
  else if (req.usedScene.abilities.length === 0) missing.push('usedScene lists no abilities');
  return missing;
}
