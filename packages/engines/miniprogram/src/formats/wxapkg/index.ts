/**
 * WeChat .wxapkg packages: the plain big-endian container (index of name,
 * offset, size; every field checked, overlaps refused, unsafe names flagged)
 * and the PC client's V1MMWX encryption (AES-CBC head, XOR tail, key from the app id).
 */
export {
  parseWxapkg,
  wxapkgEntryData,
  isPlainWxapkg,
  checkWxapkgName,
  DEFAULT_WXAPKG_LIMITS,
  WXAPKG_FIRST_MARK,
  WXAPKG_LAST_MARK,
  WXAPKG_HEADER_SIZE,
  type Wxapkg,
  type WxapkgEntry,
  type WxapkgLimits,
  type WxapkgNameIssue,
} from './wxapkg.ts';
export {
  decryptPcWxapkg,
  isPcEncryptedWxapkg,
  pcWxapkgKey,
  pcWxapkgXorByte,
  PC_WXAPKG_MAGIC,
  PC_WXAPKG_SALT,
  PC_WXAPKG_IV,
  PC_WXAPKG_ITERATIONS,
  PC_WXAPKG_CIPHER_BYTES,
  PC_WXAPKG_PLAIN_HEAD,
} from './pc-encryption.ts';
