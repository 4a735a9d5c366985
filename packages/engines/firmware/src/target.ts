/**
 * The assessment's target fields for firmware (SPEC §3 plus what preview and
 * compare read): identity, hashes, regions, file systems with declared and
 * read counts, the file list (path, type, size, mode, SHA-1, symlink target),
 * components, services at boot, matched CVEs and the SBOM.
 */
import { createHash } from 'node:crypto';
import type { ImageFacts } from './analysis/analyse.ts';
import type { MatchedCve } from './checks/vulns.ts';
import type { UnpackedImage } from './unpack/scan.ts';

/** Files listed in the target at most (the rest are counted). */
export const MAX_LISTED_FILES = 50_000;

export function firmwareTarget(name: string, bytes: Uint8Array, sha256: string, image: UnpackedImage, facts: ImageFacts, cves: MatchedCve[], sbom: Record<string, unknown>): Record<string, unknown> {
  const id = facts.identity;
  const nodes = [...facts.view.nodes.values()];
  const files = nodes.slice(0, MAX_LISTED_FILES).map((n) => ({
    path: n.path,
    type: n.type,
    size: n.size,
    mode: n.mode.toString(8).padStart(4, '0'),
    ...(n.target !== undefined ? { target: n.target } : {}),
    ...(n.data ? { sha1: createHash('sha1').update(n.data).digest('hex') } : {}),
    ...(n.error ? { error: n.error } : {}),
  }));
  return {
    fileName: name,
    size: bytes.length,
    md5: createHash('md5').update(bytes).digest('hex'),
    sha1: createHash('sha1').update(bytes).digest('hex'),
    sha256,
    vendor: id.vendor,
    model: id.model,
    firmwareVersion: id.firmwareVersion,
    buildDate: id.buildDate,
    architecture: id.architecture,
    endianness: id.endianness,
    kernelVersion: id.kernelVersion,
    bootloader: id.bootloader,
    identitySources: id.sources,
    regions: image.regions,
    filesystems: image.filesystems.map((fs) => ({ kind: fs.kind, variant: fs.variant, offset: fs.offset, length: fs.length, declaredInodes: fs.declaredInodes, readNodes: fs.nodes.length, files: fs.nodes.filter((n) => n.type === 'file').length, errors: fs.errors.slice(0, 50), ...(fs.locator ? { locator: fs.locator } : {}) })),
    fileCount: nodes.filter((n) => n.type === 'file').length,
    nodeCount: nodes.length,
    files,
    ...(nodes.length > MAX_LISTED_FILES ? { filesOmitted: nodes.length - MAX_LISTED_FILES } : {}),
    components: facts.components.map((c) => ({ name: c.name, version: c.version, type: c.type, locations: c.locations })),
    services: facts.services.map((s) => ({ kind: s.kind, program: s.program, atBoot: s.startedBy !== undefined, ...(s.startedBy ? { startedBy: `${s.startedBy.file}:${s.startedBy.line}` } : {}) })),
    cves,
    sbom,
  };
}
