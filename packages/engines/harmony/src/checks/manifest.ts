/**
 * Manifest checks over every module: the debug switch, exported abilities
 * and extension abilities without a permission, old API levels, and
 * cleartext traffic from config.json (FA) or network_config.json (Stage).
 */
import type { Evidence } from '@citadel/contracts';
import type { Skill } from '../formats/index.ts';
import { appFacts, type HarmonyModule } from '../hap/model.ts';
import type { CheckContext } from './context.ts';

/**
 * Lowest target API level not reported as old: HarmonyOS NEXT (and
 * OpenHarmony 5) start at API 12; classic HarmonyOS FA apps below API 7
 * (HarmonyOS 3.0) no longer get platform fixes.
 */
export const MIN_TARGET_API = { harmony: 7, harmony_next: 12 } as const;

/** Extension types only system services bind to: exported is their normal state, so they are reported for review, not as failures. */
const SYSTEM_BOUND_EXTENSIONS = new Set(['form', 'workScheduler', 'inputMethod', 'accessibility', 'wallpaper', 'backup', 'staticSubscriber', 'enterpriseAdmin', 'print', 'push', 'driver', 'vpn', 'appAccountAuthorization', 'ads', 'embeddedUI', 'liveViewLockScreen']);

const isLauncher = (skills: readonly Skill[]) => skills.some((s) => s.entities.includes('entity.system.home') || s.actions.includes('action.system.home'));
const manifestFile = (m: HarmonyModule) => `${m.prefix}${m.stage ? 'module.json' : 'config.json'}`;

export async function manifestChecks(c: CheckContext): Promise<void> {
  await c.run(['manifest.debug'], () => {
    for (const m of c.modules) {
      if (m.stage?.app.debug === true) c.fail('manifest.debug', { file: manifestFile(m), snippet: '"debug": true', detail: 'app.debug = true' });
      for (const [device, dc] of Object.entries(m.fa?.deviceConfig ?? {})) {
        if (dc.debug === true) c.fail('manifest.debug', { file: manifestFile(m), snippet: '"debug": true', detail: `deviceConfig.${device}.debug = true` });
      }
    }
  });

  await c.run(['manifest.exported_ability'], () => {
    for (const m of c.modules) {
      const abilities = m.stage?.module.abilities.map((a) => ({ name: a.name, exported: a.exported, permissions: a.permissions, skills: a.skills, kind: 'ability', extraPerms: [] as (string | undefined)[] })) ?? [];
      for (const a of m.fa?.module.abilities ?? []) abilities.push({ name: a.name, exported: a.visible, permissions: a.permissions, skills: a.skills, kind: `${a.type ?? 'page'} ability`, extraPerms: [a.readPermission, a.writePermission] });
      for (const a of abilities) {
        if (a.exported !== true || a.permissions.length > 0 || a.extraPerms.some((p) => p)) continue;
        const ev: Evidence = { file: manifestFile(m), className: a.name, snippet: `"name": "${a.name}", "${m.stage ? 'exported' : 'visible'}": true`, detail: `${a.kind} ${a.name} is exported without permissions` };
        if (isLauncher(a.skills)) c.problem('manifest.exported_ability', { ...ev, detail: `${ev.detail} (launcher ability with the home skill: must be exported; check it validates the Want it receives)`, fact: { id: 'harmony.exported_launcher', values: { name: a.name } } });
        else c.fail('manifest.exported_ability', { ...ev, fact: { id: 'harmony.exported', values: { kind: a.kind, name: a.name } } });
      }
    }
  });

  await c.run(['manifest.exported_extension_ability'], () => {
    for (const m of c.modules) {
      for (const x of m.stage?.module.extensionAbilities ?? []) {
        if (x.exported !== true || x.permissions.length > 0 || x.readPermission || x.writePermission) continue;
        const ev: Evidence = { file: manifestFile(m), className: x.name, snippet: `"name": "${x.name}", "type": "${x.type ?? '?'}", "exported": true`, detail: `${x.type ?? 'extension'} ability ${x.name} is exported without permissions` };
        if (x.type && SYSTEM_BOUND_EXTENSIONS.has(x.type)) c.problem('manifest.exported_extension_ability', { ...ev, detail: `${ev.detail} (bound by a system service; review)` });
        else c.fail('manifest.exported_extension_ability', ev);
      }
    }
  });

  await c.run(['manifest.old_api_level'], () => {
    const min = MIN_TARGET_API[c.platform];
    for (const m of c.modules) {
      const f = appFacts(m);
      const target = f.targetApi ?? f.minApi;
      if (target !== undefined && target < min) {
        c.fail('manifest.old_api_level', { file: manifestFile(m), detail: `target API ${f.targetApi ?? '-'}, compatible API ${f.minApi ?? '-'}; recommended at least ${min}`, fact: { id: 'harmony.old_api', values: { target: f.targetApi ?? '-', compatible: f.minApi ?? '-', recommended: min } }, snippet: m.stage ? `"targetAPIVersion": ${f.targetApi}` : `"target": ${f.targetApi}` });
      }
    }
  });

  await c.run(['network.cleartext_traffic'], () => {
    for (const m of c.modules) {
      for (const [device, dc] of Object.entries(m.fa?.deviceConfig ?? {})) {
        if (dc.network?.cleartextTraffic === true) c.fail('network.cleartext_traffic', { file: manifestFile(m), snippet: '"cleartextTraffic": true', detail: `deviceConfig.${device}.network.cleartextTraffic = true` });
        const ds = dc.network?.securityConfig?.domainSettings;
        if (ds?.cleartextPermitted === true) c.fail('network.cleartext_traffic', { file: manifestFile(m), snippet: '"cleartextPermitted": true', detail: `deviceConfig.${device} domainSettings permit cleartext for ${ds.domains.map((d) => d.name).join(', ') || 'all domains'}` });
      }
      const nc = m.networkConfig;
      if (nc?.cleartext === true) c.fail('network.cleartext_traffic', { file: `${m.prefix}${nc.file}`, snippet: '"cleartextTrafficPermitted": true', detail: 'base-config permits cleartext for every domain' });
      if (nc && nc.cleartextDomains.length > 0) c.fail('network.cleartext_traffic', { file: `${m.prefix}${nc.file}`, snippet: nc.cleartextDomains.slice(0, 20).join(', '), detail: `domain-config permits cleartext for ${nc.cleartextDomains.length} domain(s)` });
    }
  });
}
