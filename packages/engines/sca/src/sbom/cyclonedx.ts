/**
 * CycloneDX 1.6 JSON of an assessment: the project as metadata.component,
 * each component with its purl, scope, licence (normalised SPDX expression,
 * else the declared name) and where it was declared, the dependency graph as
 * the manifests record it, and the matched vulnerabilities with ratings, all
 * ids and the verified upgrade — those a VEX statement suppressed carry its
 * analysis (state, justification, detail), so the BOM is also the VEX users
 * can attach to later scans. Written as plain JSON (checked against the
 * official 1.6 schema in the tests); the serial number is derived from the
 * content so a re-scan of the same input gives the same BOM. XML and SPDX
 * are converted from this object (xml.ts, spdx.ts).
 */
import { createHash } from 'node:crypto';
import type { Component, MatchResult } from '../match/match.ts';
import { cdxAnalysis } from './vex.ts';

const SEVERITY = new Set(['critical', 'high', 'medium', 'low']);

export function cycloneDx(project: { name: string; sha256?: string }, result: MatchResult, timestamp: Date, toolVersion: string): Record<string, unknown> {
  const digest = createHash('sha256')
    .update(project.name)
    .update(JSON.stringify(result.components.map((c) => c.ref)))
    .digest('hex');
  const refs = new Set(result.components.map((c) => c.ref));
  const comp = (c: Component): Record<string, unknown> => ({
    type: 'library',
    'bom-ref': c.ref,
    name: c.name,
    ...(c.version ? { version: c.version, purl: c.purl } : {}),
    scope: c.dev ? 'optional' : 'required',
    ...(c.licence ? { licenses: c.licence.expression ? [{ expression: c.licence.expression }] : [{ license: { name: c.licence.declared } }] } : {}),
    properties: [
      { name: 'citadel:ecosystem', value: c.ecosystem },
      { name: 'citadel:direct', value: String(c.direct) },
      ...(c.dev ? [{ name: 'citadel:dev', value: 'true' }] : []),
      ...(c.unresolved ? [{ name: 'citadel:unresolved', value: c.unresolved }] : []),
      ...c.files.map((f) => ({ name: 'citadel:declaredIn', value: f })),
    ],
  });
  const byComponent = new Map(result.components.map((c) => [c.ref, c]));
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`,
    version: 1,
    metadata: {
      timestamp: timestamp.toISOString(),
      tools: { components: [{ type: 'application', name: 'citadel-engine-sca', version: toolVersion }] },
      component: { type: 'application', 'bom-ref': 'project', name: project.name, ...(project.sha256 ? { hashes: [{ alg: 'SHA-256', content: project.sha256 }] } : {}) },
    },
    components: result.components.map(comp),
    dependencies: [
      { ref: 'project', dependsOn: result.components.filter((c) => c.direct).map((c) => c.ref) },
      ...result.components.map((c) => ({ ref: c.ref, dependsOn: [...new Set(c.dependsOn.filter((d) => refs.has(d) && d !== c.ref))] })),
    ],
    vulnerabilities: result.vulnerabilities.map((v, i) => {
      const c = byComponent.get(v.component);
      return {
        'bom-ref': `vuln-${i + 1}`,
        id: v.id,
        source: { name: v.id.startsWith('CVE-') ? 'NVD' : 'OSV', url: `https://osv.dev/vulnerability/${encodeURIComponent(v.id)}` },
        ...(v.ids.length > 1 ? { references: v.ids.filter((x) => x !== v.id).map((id) => ({ id, source: { name: 'OSV', url: `https://osv.dev/vulnerability/${encodeURIComponent(id)}` } })) } : {}),
        ratings: [{ ...(v.score !== undefined ? { score: v.score } : {}), severity: SEVERITY.has(v.level) ? v.level : 'unknown', ...(v.vector ? { method: v.vector.startsWith('CVSS:3') ? 'CVSSv31' : v.vector.startsWith('CVSS:4') ? 'CVSSv4' : 'other', vector: v.vector } : {}) }],
        ...(v.summary ? { description: v.summary } : {}),
        ...(c?.fix ? { recommendation: `Upgrade ${c.name} to ${c.fix}` } : {}),
        ...(v.references.length ? { advisories: v.references.map((url) => ({ url })) } : {}),
        ...(v.suppressed ? { analysis: cdxAnalysis(v.suppressed) } : {}),
        affects: [{ ref: v.component, ...(c?.version ? { versions: [{ version: c.version, status: 'affected' }] } : {}) }],
      };
    }),
  };
}
