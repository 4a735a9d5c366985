/**
 * Cipher suites a server should not accept, as data. Ids and names from the
 * IANA "TLS Cipher Suites" registry; classes from RFC 7465 (RC4 prohibited),
 * RFC 8996 / NIST SP 800-52 Rev. 2 §3.3.1 (no NULL, anonymous, export, DES or
 * 3DES suites; 3DES also for SWEET32, CVE-2016-2183). They are offered in a
 * ClientHello of our own because node's OpenSSL no longer implements most of
 * them, so it could not offer them itself.
 */
export type WeakClass = 'NULL' | 'anonymous' | 'EXPORT' | 'RC4' | 'DES' | '3DES';

export interface WeakSuite {
  id: number;
  name: string;
  weak: WeakClass;
}

export const WEAK_SUITES: readonly WeakSuite[] = [
  { id: 0x0001, name: 'TLS_RSA_WITH_NULL_MD5', weak: 'NULL' },
  { id: 0x0002, name: 'TLS_RSA_WITH_NULL_SHA', weak: 'NULL' },
  { id: 0x003b, name: 'TLS_RSA_WITH_NULL_SHA256', weak: 'NULL' },
  { id: 0xc006, name: 'TLS_ECDHE_ECDSA_WITH_NULL_SHA', weak: 'NULL' },
  { id: 0xc010, name: 'TLS_ECDHE_RSA_WITH_NULL_SHA', weak: 'NULL' },
  { id: 0xc015, name: 'TLS_ECDH_anon_WITH_NULL_SHA', weak: 'NULL' },
  { id: 0x0018, name: 'TLS_DH_anon_WITH_RC4_128_MD5', weak: 'anonymous' },
  { id: 0x0034, name: 'TLS_DH_anon_WITH_AES_128_CBC_SHA', weak: 'anonymous' },
  { id: 0x003a, name: 'TLS_DH_anon_WITH_AES_256_CBC_SHA', weak: 'anonymous' },
  { id: 0x006c, name: 'TLS_DH_anon_WITH_AES_128_CBC_SHA256', weak: 'anonymous' },
  { id: 0x00a6, name: 'TLS_DH_anon_WITH_AES_128_GCM_SHA256', weak: 'anonymous' },
  { id: 0xc018, name: 'TLS_ECDH_anon_WITH_AES_128_CBC_SHA', weak: 'anonymous' },
  { id: 0xc019, name: 'TLS_ECDH_anon_WITH_AES_256_CBC_SHA', weak: 'anonymous' },
  { id: 0x0003, name: 'TLS_RSA_EXPORT_WITH_RC4_40_MD5', weak: 'EXPORT' },
  { id: 0x0006, name: 'TLS_RSA_EXPORT_WITH_RC2_CBC_40_MD5', weak: 'EXPORT' },
  { id: 0x0008, name: 'TLS_RSA_EXPORT_WITH_DES40_CBC_SHA', weak: 'EXPORT' },
  { id: 0x0011, name: 'TLS_DHE_DSS_EXPORT_WITH_DES40_CBC_SHA', weak: 'EXPORT' },
  { id: 0x0014, name: 'TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA', weak: 'EXPORT' },
  { id: 0x0004, name: 'TLS_RSA_WITH_RC4_128_MD5', weak: 'RC4' },
  { id: 0x0005, name: 'TLS_RSA_WITH_RC4_128_SHA', weak: 'RC4' },
  { id: 0xc007, name: 'TLS_ECDHE_ECDSA_WITH_RC4_128_SHA', weak: 'RC4' },
  { id: 0xc011, name: 'TLS_ECDHE_RSA_WITH_RC4_128_SHA', weak: 'RC4' },
  { id: 0x0009, name: 'TLS_RSA_WITH_DES_CBC_SHA', weak: 'DES' },
  { id: 0x0015, name: 'TLS_DHE_RSA_WITH_DES_CBC_SHA', weak: 'DES' },
  { id: 0x000a, name: 'TLS_RSA_WITH_3DES_EDE_CBC_SHA', weak: '3DES' },
  { id: 0x0016, name: 'TLS_DHE_RSA_WITH_3DES_EDE_CBC_SHA', weak: '3DES' },
  { id: 0xc008, name: 'TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA', weak: '3DES' },
  { id: 0xc012, name: 'TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA', weak: '3DES' },
];

/** Suites an SSL 3.0 ClientHello offers (SSL 3.0 servers know nothing newer): RFC 6101 appendix A.6. */
export const SSL3_SUITES: readonly number[] = [0x0004, 0x0005, 0x000a, 0x0009, 0x002f, 0x0035, 0x0016, 0x0033, 0x0039];
