/**
 * @citadel/engine-sca: the software-component check. Lockfiles and manifests
 * of npm, yarn, pnpm, PyPI, Go, Cargo, Composer, RubyGems and Maven (and the
 * Maven artifacts inside JARs/WARs) read into components with dependency
 * paths, matched against @citadel/vulndb, with a CycloneDX 1.5 SBOM.
 */
export { ENGINE_VERSION, ScaEngine, engine, type ScaTarget } from './engine.ts';
export { SCA_CATALOGUE, SCA_ITEMS } from './catalogue/index.ts';
export { collectManifests, readJar, INPUT_LIMITS } from './input.ts';
export { matchComponents, mergeComponents, type Component, type MatchResult, type VulnFinding, type Level } from './match/match.ts';
export { cycloneDx } from './sbom/cyclonedx.ts';
export { parserFor, isManifestName } from './formats/index.ts';
export { ManifestError, MAX_MANIFEST_BYTES, type Manifest, type Pkg, type Ecosystem } from './model.ts';
