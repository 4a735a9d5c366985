/**
 * Default port lists when a task names none. Network: the usual ports of the
 * services this engine identifies and of common management interfaces
 * (IANA registrations and each product's documented default). ICS: the
 * registered ports of the control protocols (IANA: 502 mbap, 102 iso-tsap,
 * 44818 EtherNet/IP, 20000 DNP3, 2404 IEC 60870-5-104, 4840 OPC UA,
 * 1911 Niagara Fox, 9600 OMRON FINS, 47808 BACnet (UDP)).
 */
export const NETWORK_PORTS: readonly number[] = [
  21, 22, 23, 25, 53, 80, 110, 111, 135, 139, 143, 389, 443, 445, 465, 587, 993, 995, 1433, 1521, 1883, 2049, 2375, 2376, 3000, 3306, 3389, 4222, 5000, 5432, 5601, 5672, 5900, 5984, 6379, 6443,
  8000, 8080, 8081, 8443, 8883, 8888, 9000, 9090, 9200, 9300, 10250, 11211, 15672, 27017,
];

export const ICS_PORTS: readonly number[] = [102, 502, 1911, 2404, 4840, 9600, 20000, 44818];

/** UDP defaults (IANA): 53 domain, 161 snmp; on ics also 47808 BACnet/IP. */
export const NETWORK_UDP_PORTS: readonly number[] = [53, 161];
export const ICS_UDP_PORTS: readonly number[] = [161, 47808];
