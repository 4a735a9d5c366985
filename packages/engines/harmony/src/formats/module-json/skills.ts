/**
 * Pieces shared by the Stage (module.json) and FA (config.json) manifests:
 * skills (the intent filters: actions, entities, uris) and permission requests.
 */
import type { JsonObject, ShapeReader } from '../json-shape/index.ts';

export interface SkillUri {
  scheme?: string;
  host?: string;
  port?: string;
  path?: string;
  pathStartWith?: string;
  pathRegex?: string;
  type?: string;
}

export interface Skill {
  actions: string[];
  entities: string[];
  uris: SkillUri[];
  /** App linking (Stage): "domainVerify": true on the skill. */
  domainVerify?: boolean;
}

export interface PermissionRequest {
  name: string;
  /** "$string:reason_camera" or literal text; the engine resolves it through resources.index. */
  reason?: string;
  reasonId?: number;
  usedScene?: { abilities: string[]; when?: string };
}

export function readSkills(s: ShapeReader, owner: JsonObject, path: string): Skill[] {
  return s.objs(owner, 'skills', path).map((sk, i) => {
    const p = `${path}.skills[${i}]`;
    return {
      actions: s.strs(sk, 'actions', p),
      entities: s.strs(sk, 'entities', p),
      uris: s.objs(sk, 'uris', p).map((u, j) => {
        const q = `${p}.uris[${j}]`;
        return {
          scheme: s.str(u, 'scheme', q),
          host: s.str(u, 'host', q),
          port: typeof u['port'] === 'number' ? String(u['port']) : s.str(u, 'port', q),
          path: s.str(u, 'path', q),
          pathStartWith: s.str(u, 'pathStartWith', q),
          pathRegex: s.str(u, 'pathRegex', q),
          type: s.str(u, 'type', q),
        };
      }),
      domainVerify: s.bool(sk, 'domainVerify', p),
    };
  });
}

/**
 * Permission requests (Stage "requestPermissions", FA "reqPermissions"). The
 * scene lists abilities as "abilities" (Stage) or "ability" (FA).
 */
export function readPermissionRequests(s: ShapeReader, owner: JsonObject | undefined, key: string, path: string): PermissionRequest[] {
  const out: PermissionRequest[] = [];
  s.objs(owner, key, path).forEach((rp, i) => {
    const p = `${path}.${key}[${i}]`;
    const name = s.str(rp, 'name', p);
    if (!name) {
      s.issues.push(`${p}: permission request without a name`);
      return;
    }
    const scene = s.obj(rp, 'usedScene', p);
    out.push({
      name,
      reason: s.str(rp, 'reason', p),
      reasonId: s.num(rp, 'reasonId', p),
      usedScene: scene && {
        abilities: scene['abilities'] !== undefined ? s.strs(scene, 'abilities', `${p}.usedScene`) : s.strs(scene, 'ability', `${p}.usedScene`),
        when: s.str(scene, 'when', `${p}.usedScene`),
      },
    });
  });
  return out;
}
