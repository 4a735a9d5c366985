/**
 * The network and ICS rule catalogues as data: network.<category>.<name>
 * (access, service, vuln) and ics.<category>.<name> (modbus, enip, device), each
 * platform with its own items; the engine assesses a task on one of them.
 */
import { type Catalogue, defineKeyedCatalogue } from '@citadel/engine-core';
import { ACCESS_ITEMS } from './access.ts';
import { SERVICE_ITEMS, VULN_ITEMS } from './exposure.ts';
import { DEVICE_ITEMS, ENIP_ITEMS, MODBUS_ITEMS } from './ics.ts';
import { JA_TEXTS } from './ja.ts';
import { JA_PROTOCOL_TEXTS } from './ja-protocols.ts';
import { TLS_ITEMS } from './tls.ts';
import { ICS_PROTOCOL_ITEMS } from './ics-protocols.ts';
import { JA_SMB_TEXTS, SMB_ITEMS } from './smb.ts';

export const NETWORK_CATALOGUE: Catalogue = defineKeyedCatalogue([...SERVICE_ITEMS, ...ACCESS_ITEMS, ...TLS_ITEMS, ...SMB_ITEMS, ...VULN_ITEMS, ...DEVICE_ITEMS, ...MODBUS_ITEMS, ...ENIP_ITEMS, ...ICS_PROTOCOL_ITEMS], ['network', 'ics'], { ja: { ...JA_TEXTS, ...JA_PROTOCOL_TEXTS, ...JA_SMB_TEXTS } });
