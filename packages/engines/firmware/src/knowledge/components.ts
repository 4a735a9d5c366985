/**
 * How software components show their versions inside firmware: a regular
 * expression over a file's strings (group 1 = version), optionally limited to
 * files whose path matches. Data, not code: add a row to teach a component.
 * Sources: the version banners the projects print (`busybox --help`,
 * `dropbear -V`, OpenSSL's OPENSSL_VERSION_TEXT, `hostapd -v`, zlib's
 * deflate_copyright …), the library file names of uClibc/glibc/musl and the
 * rules of EMBA's version detection (e-m-b-a/emba, config/bin_version_strings.cfg)
 * and FACT_core's software_components signatures.
 * `name` is what the vulnerability data's CPE map knows (packages/vulndb cpe/components.ts).
 */
export interface ComponentRule {
  name: string;
  /** CycloneDX component type. */
  type: 'application' | 'library' | 'operating-system' | 'firmware';
  /** Only files whose path matches (default: any ELF or text file). */
  path?: RegExp;
  /** Match against the path itself instead of the contents. */
  inPath?: boolean;
  version: RegExp;
}

export const COMPONENT_RULES: readonly ComponentRule[] = [
  { name: 'busybox', type: 'application', version: /BusyBox v+(\d+\.\d+(?:\.\d+)?)/ },
  { name: 'dropbear', type: 'application', path: /dropbear/, version: /(?:dropbear_|Dropbear (?:sshd |SSH |client |server )?v)(\d{4}\.\d{2,3})/i },
  { name: 'openssh', type: 'application', version: /OpenSSH_(\d+\.\d+(?:p\d+)?)/ },
  { name: 'openssl', type: 'library', path: /lib(?:crypto|ssl)[\w.-]*\.so|openssl/, version: /OpenSSL (\d\.\d\.\d+[a-z]{0,2})(?: |-fips)/ },
  { name: 'openssl', type: 'library', path: /lib(?:crypto|ssl)[\w.-]*\.so|openssl/, version: /OpenSSL (\d\.\d\.\d+[a-z]{0,2})\s/ },
  { name: 'dnsmasq', type: 'application', version: /dnsmasq-(\d+\.\d+(?:\.\d+)?)/ },
  { name: 'lighttpd', type: 'application', version: /lighttpd\/(\d+\.\d+\.\d+)/ },
  { name: 'miniupnpd', type: 'application', version: /miniupnpd\/(\d+\.\d+(?:\.\d+)?)/i },
  { name: 'hostapd', type: 'application', path: /hostapd/, version: /hostapd v(\d+\.\d+(?:\.\d+)?)/ },
  { name: 'wpa_supplicant', type: 'application', path: /wpa_supplicant/, version: /wpa_supplicant v(\d+\.\d+(?:\.\d+)?)/ },
  { name: 'curl', type: 'library', version: /(?:libcurl|curl)\/(\d+\.\d+\.\d+)/ },
  { name: 'sqlite', type: 'library', path: /sqlite/, version: /(3\.\d{1,2}\.\d{1,2}(?:\.\d+)?)\x00?/ },
  { name: 'zlib', type: 'library', version: /(?:deflate|inflate) (\d\.\d\.\d+(?:\.\d+)?) Copyright/ },
  { name: 'pppd', type: 'application', path: /pppd$/, version: /pppd (?:version )?(\d\.\d\.\d+)/ },
  { name: 'xl2tpd', type: 'application', path: /xl2tpd/, version: /xl2tpd(?: version:?|-)\s*(?:xl2tpd-)?(\d+\.\d+\.\d+)/ },
  { name: 'iptables', type: 'application', path: /iptables|xtables/, version: /iptables v?(\d\.\d\.\d+)/ },
  { name: 'ebtables', type: 'application', path: /ebtables/, version: /ebtables v(\d\.\d\.\d+)/ },
  { name: 'libupnp', type: 'library', version: /Portable SDK for UPnP devices\/(\d\.\d\.\d+)/ },
  { name: 'siproxd', type: 'application', path: /siproxd/, version: /siproxd[- ](\d\.\d\.\d+)/ },
  { name: 'radvd', type: 'application', path: /radvd/, version: /radvd(?: version)? (\d\.\d+(?:\.\d+)?)/ },
  { name: 'quagga', type: 'application', path: /zebra|ripd|quagga/, version: /Quagga[ /](\d\.\d+\.\d+)/ },
  { name: 'wide-dhcpv6', type: 'application', path: /dhcp6[cs]/, version: /(?:WIDE-DHCPv6|dhcp6[cs]) version ?(\d{8}|\d+\.\d+)/i },
  { name: 'u-boot', type: 'firmware', version: /U-Boot (\d{4}\.\d{2}(?:-rc\d)?|\d\.\d\.\d)/ },
  { name: 'uclibc', type: 'library', inPath: true, version: /\/lib(?:uClibc|c)-(\d+\.\d+\.\d+)\.so$/ },
  { name: 'uclibc', type: 'library', inPath: true, version: /\/ld-uClibc-(\d+\.\d+\.\d+)\.so$/ },
  { name: 'glibc', type: 'library', inPath: true, version: /\/libc-(\d\.\d+)\.so$/ },
  { name: 'musl', type: 'library', path: /ld-musl|libc\.so/, version: /musl libc (?:\(\w+\) )?(?:Version )?(\d\.\d\.\d+)/ },
  { name: 'iw', type: 'application', path: /\/iw$/, version: /iw version (\d\.\d+)/ },
  { name: 'wireless_tools', type: 'library', inPath: true, version: /\/libiw\.so\.(\d+)$/ },
];
