/**
 * @citadel/whitebox — white-box cryptography: generation of white-box AES-128/192/256
 * (Chow et al.) and SM4 (Xiao–Lai) libraries as portable C, their verification with
 * gcc/qemu against standard and random vectors, key-handling helpers (envelope
 * encryption, key generation) and a DCA self-assessment.
 */
export * from './options.ts';
export { generateLibrary, type GeneratedLibrary } from './generate.ts';
export { verifyLibrary, type VerifyReport, type VerifyCheck, type VerifyOptions } from './verify.ts';
export { findToolchains, type Toolchains } from './toolchain.ts';
export { secretNeedles, scanFiles } from './scan.ts';
export { STANDARD_VECTORS } from './vectors.ts';
export { referenceCrypt } from './reference.ts';
export * from './keys.ts';
export { packLibrary } from './pack.ts';
export { runDca, type DcaReport } from './dca/assess.ts';
