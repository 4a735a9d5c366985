/**
 * Known default and botnet-dictionary passwords of embedded devices, tried
 * against the password hashes found in an image. Sources:
 * - the credential table of the Mirai botnet's scanner (scanner.c,
 *   add_auth_entry calls; the source published in 2016, e.g. the
 *   jgamblin/Mirai-Source-Code repository), which is what botnets try first;
 * - vendor defaults documented in public advisories and router write-ups:
 *   TP-Link "5up" (root of TL-WR7xx/8xx/9xx firmware), Huawei HG5xx
 *   "admin"/"dslf-config" (UPnP digest account, Vu1nT0tal/IoT-vulhub
 *   CVE-2017-17215), Huawei "@HuaweiHgw", ZTE "Zte521", Realtek "realtek",
 *   Ubiquiti "ubnt", Hikvision/Dahua "12345"/"888888".
 * Passwords only: user names do not matter when cracking a hash.
 */
export const DEFAULT_PASSWORDS: readonly string[] = [
  '', 'admin', 'root', 'password', '1234', '12345', '123456', '54321', '888888', '666666', '1111', '1111111', '00000000',
  'xc3511', 'vizxv', 'xmhdipc', 'default', 'juantech', 'support', 'pass', 'admin1234', 'smcadmin', 'klv123', 'klv1234',
  'service', 'supervisor', 'guest', 'user', 'ubnt', 'Zte521', 'hi3518', 'jvbzd', 'anko', 'zlxx.', '7ujMko0vizxv',
  '7ujMko0admin', 'system', 'ikwb', 'dreambox', 'realtek', 'meinsm', 'tech', 'fucker',
  '5up', 'sohoadmin', 'dslf-config', '@HuaweiHgw', 'huawei', 'HuaweiUser', 'telecomadmin', 'nE7jA%5m', 'adminHW', 'Admin',
  'toor', 'changeme', 'private', 'public', 'cisco', '1234567890', 'qwerty', 'letmein', 'alpine', 'openwrt', 'tplink',
];
