/**
 * Vendors of SNMP engine IDs by their IANA Private Enterprise Number (the
 * first four bytes of an RFC 3411 SnmpEngineID, high bit set). Source: IANA
 * "Private Enterprise Numbers" registry (https://www.iana.org/assignments/
 * enterprise-numbers), the entries of network and industrial equipment
 * vendors most often met; an unknown number is reported as the number.
 */
export const ENTERPRISES: Readonly<Record<number, string>> = {
  2: 'IBM',
  9: 'Cisco',
  11: 'Hewlett-Packard',
  42: 'Sun Microsystems',
  43: '3Com',
  171: 'D-Link',
  311: 'Microsoft',
  674: 'Dell',
  1916: 'Extreme Networks',
  1991: 'Brocade (Foundry)',
  2011: 'Huawei',
  2620: 'Check Point',
  2636: 'Juniper Networks',
  3375: 'F5 Networks',
  3902: 'ZTE',
  4413: 'Broadcom',
  4526: 'Netgear',
  6527: 'Nokia (Alcatel-Lucent TiMetra)',
  6876: 'VMware',
  8072: 'Net-SNMP',
  8741: 'SonicWall',
  11129: 'Google',
  12356: 'Fortinet',
  14988: 'MikroTik',
  25461: 'Palo Alto Networks',
  25506: 'H3C',
  30065: 'Arista Networks',
  41112: 'Ubiquiti',
  4329: 'Siemens',
  4196: 'Schneider Electric',
  13576: 'Moxa',
  6889: 'Avaya',
  1588: 'Brocade',
};
