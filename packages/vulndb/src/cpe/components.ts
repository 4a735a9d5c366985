/**
 * Component names as firmware and network checks find them (a banner, a
 * binary's version string, a package name) → the vendor:product the NVD uses
 * for them. Source: the NVD CPE Dictionary / the CPEs used in NVD
 * configurations (nvd.nist.gov/products/cpe/search), checked against the
 * shared NVD records where they appear. Data, not code: add a row to teach a name.
 */
export interface ComponentCpe {
  /** Lower-case names (and spellings) the component goes by. */
  names: string[];
  vendor: string;
  product: string;
  part: 'a' | 'o';
}

export const COMPONENT_CPES: readonly ComponentCpe[] = [
  { names: ['busybox'], vendor: 'busybox', product: 'busybox', part: 'a' },
  { names: ['dropbear', 'dropbear_ssh', 'dropbear ssh', 'dropbearmulti'], vendor: 'dropbear_ssh_project', product: 'dropbear_ssh', part: 'a' },
  { names: ['openssl', 'libssl', 'libcrypto'], vendor: 'openssl', product: 'openssl', part: 'a' },
  { names: ['dnsmasq'], vendor: 'thekelleys', product: 'dnsmasq', part: 'a' },
  { names: ['lighttpd'], vendor: 'lighttpd', product: 'lighttpd', part: 'a' },
  { names: ['linux', 'linux kernel', 'linux_kernel', 'kernel', 'vmlinux'], vendor: 'linux', product: 'linux_kernel', part: 'o' },
  { names: ['uclibc', 'libuclibc'], vendor: 'uclibc', product: 'uclibc', part: 'a' },
  { names: ['uclibc-ng', 'uclibc_ng'], vendor: 'uclibc-ng_project', product: 'uclibc-ng', part: 'a' },
  { names: ['miniupnpd'], vendor: 'miniupnp_project', product: 'miniupnpd', part: 'a' },
  { names: ['openssh', 'sshd', 'openssh_server'], vendor: 'openbsd', product: 'openssh', part: 'a' },
  { names: ['hostapd'], vendor: 'w1.fi', product: 'hostapd', part: 'a' },
  { names: ['wpa_supplicant', 'wpa-supplicant'], vendor: 'w1.fi', product: 'wpa_supplicant', part: 'a' },
  { names: ['samba', 'smbd'], vendor: 'samba', product: 'samba', part: 'a' },
  { names: ['vsftpd'], vendor: 'beasts', product: 'vsftpd', part: 'a' },
  { names: ['proftpd'], vendor: 'proftpd', product: 'proftpd', part: 'a' },
  { names: ['apache', 'httpd', 'apache httpd', 'apache http server'], vendor: 'apache', product: 'http_server', part: 'a' },
  { names: ['nginx'], vendor: 'f5', product: 'nginx', part: 'a' },
  { names: ['postgresql', 'postgres'], vendor: 'postgresql', product: 'postgresql', part: 'a' },
  { names: ['redis', 'redis-server'], vendor: 'redis', product: 'redis', part: 'a' },
  { names: ['mongodb', 'mongod'], vendor: 'mongodb', product: 'mongodb', part: 'a' },
  { names: ['rabbitmq', 'rabbitmq-server'], vendor: 'vmware', product: 'rabbitmq', part: 'a' },
  { names: ['mosquitto'], vendor: 'eclipse', product: 'mosquitto', part: 'a' },
  { names: ['mariadb'], vendor: 'mariadb', product: 'mariadb', part: 'a' },
  { names: ['mysql'], vendor: 'oracle', product: 'mysql', part: 'a' },
  { names: ['curl', 'libcurl'], vendor: 'haxx', product: 'curl', part: 'a' },
  { names: ['zlib'], vendor: 'zlib', product: 'zlib', part: 'a' },
  { names: ['glibc', 'libc6', 'gnu libc'], vendor: 'gnu', product: 'glibc', part: 'a' },
  { names: ['sqlite', 'sqlite3', 'libsqlite3'], vendor: 'sqlite', product: 'sqlite', part: 'a' },
  { names: ['expat', 'libexpat'], vendor: 'libexpat_project', product: 'libexpat', part: 'a' },
  { names: ['mbedtls', 'mbed tls', 'polarssl'], vendor: 'arm', product: 'mbed_tls', part: 'a' },
  { names: ['wolfssl', 'cyassl'], vendor: 'wolfssl', product: 'wolfssl', part: 'a' },
  { names: ['u-boot', 'uboot', 'das u-boot'], vendor: 'denx', product: 'u-boot', part: 'a' },
  { names: ['openvpn'], vendor: 'openvpn', product: 'openvpn', part: 'a' },
  { names: ['ntp', 'ntpd'], vendor: 'ntp', product: 'ntp', part: 'a' },
  { names: ['bind', 'named', 'bind9'], vendor: 'isc', product: 'bind', part: 'a' },
  { names: ['libupnp', 'pupnp'], vendor: 'libupnp_project', product: 'libupnp', part: 'a' },
  { names: ['boa'], vendor: 'boa', product: 'boa', part: 'a' },
  { names: ['mini_httpd'], vendor: 'acme', product: 'mini_httpd', part: 'a' },
  { names: ['thttpd'], vendor: 'acme', product: 'thttpd', part: 'a' },
  { names: ['goahead', 'embedthis goahead'], vendor: 'embedthis', product: 'goahead', part: 'a' },
  { names: ['pppd', 'ppp'], vendor: 'point-to-point_protocol_project', product: 'point-to-point_protocol', part: 'a' },
  { names: ['libpng'], vendor: 'libpng', product: 'libpng', part: 'a' },
  { names: ['nodejs', 'node.js', 'node'], vendor: 'nodejs', product: 'node.js', part: 'a' },
  { names: ['nats-server', 'nats'], vendor: 'linuxfoundation', product: 'nats-server', part: 'a' },
];

/** Device vendors as they name themselves → the NVD vendor field. Source: NVD CPE Dictionary. */
export const DEVICE_VENDORS: Readonly<Record<string, string>> = {
  'tp-link': 'tp-link',
  tplink: 'tp-link',
  'd-link': 'dlink',
  dlink: 'dlink',
  netgear: 'netgear',
  huawei: 'huawei',
  zyxel: 'zyxel',
  'asus': 'asus',
  asustek: 'asus',
  linksys: 'linksys',
  cisco: 'cisco',
  mikrotik: 'mikrotik',
  ubiquiti: 'ui',
  hikvision: 'hikvision',
  dahua: 'dahuasecurity',
  siemens: 'siemens',
  schneider: 'schneider-electric',
  'schneider electric': 'schneider-electric',
  netapp: 'netapp',
  sonicwall: 'sonicwall',
  'palo alto networks': 'paloaltonetworks',
  fortinet: 'fortinet',
  tenda: 'tenda',
  xiaomi: 'mi',
  'h3c': 'h3c',
  ruijie: 'ruijie',
};
