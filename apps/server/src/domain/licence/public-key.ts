/**
 * The vendor's Ed25519 public key: the only key material the product carries.
 * Licences are signed with the matching private key, which never ships (see
 * vendor/sign.ts). Tests may replace it, and only when test hooks are on: a
 * configurable key in production would let anyone sign their own licence.
 */
export const VENDOR_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEABm7OQEKMZMAQ72nDMWglYcweA93nppf0YvNdtX6yGAU=
-----END PUBLIC KEY-----
`;

export function licencePublicKey(testHooks: boolean, env: NodeJS.ProcessEnv = process.env): string {
  const override = env.CITADEL_LICENCE_PUBLIC_KEY;
  return testHooks && override ? override : VENDOR_PUBLIC_KEY;
}
