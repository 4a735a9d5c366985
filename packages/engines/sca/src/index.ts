/**
 * @citadel/engine-sca: the software-component check. Lockfiles and manifests
 * (and the Maven artifacts inside JARs/WARs, and CycloneDX/SPDX SBOMs given
 * instead of sources) read into components with dependency paths, matched
 * against @citadel/vulndb, with declared licences judged against a licence
 * policy, VEX statements applied as visible suppressions, and the SBOM
 * written as CycloneDX 1.6 JSON/XML or SPDX 2.3 JSON.
 */
export { ENGINE_VERSION, ScaEngine, engine, type ScaTarget } from './engine.ts';
export { SCA_CATALOGUE, SCA_ITEMS } from './catalogue/index.ts';
export { collectManifests, readJar, INPUT_LIMITS } from './input.ts';
export { matchComponents, mergeComponents, type Component, type MatchResult, type VulnFinding, type Level } from './match/match.ts';
export { cycloneDx } from './sbom/cyclonedx.ts';
export { cycloneDxXml } from './sbom/xml.ts';
export { spdxFromCycloneDx } from './sbom/spdx.ts';
export { parseSbom, isSbomName } from './sbom/import.ts';
export { parseVex, isVexName, type VexStatement, type VexSuppression } from './sbom/vex.ts';
export { normaliseLicence, judge, policyFromParams, type ComponentLicence } from './licences/index.ts';
export { parserFor, isManifestName } from './formats/index.ts';
export { ManifestError, MAX_MANIFEST_BYTES, type Manifest, type Pkg, type Ecosystem } from './model.ts';
