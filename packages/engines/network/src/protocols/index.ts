/**
 * The protocol modules, in the order their probes are tried on a port that is
 * no protocol's usual port. Each module is a folder (wire format, probe,
 * access exchange); the checks that turn their facts into findings are in
 * checks/.
 */
import { amqp } from './amqp/index.ts';
import { textBanner } from './banner/index.ts';
import { dnp3 } from './dnp3/index.ts';
import { enip } from './enip/index.ts';
import { fins } from './fins/index.ts';
import { fox } from './fox/index.ts';
import { iec104 } from './iec104/index.ts';
import { http } from './http/index.ts';
import { memcached } from './memcached/index.ts';
import { modbus } from './modbus/index.ts';
import { mongodb } from './mongodb/index.ts';
import { mqtt } from './mqtt/index.ts';
import { mysql } from './mysql/index.ts';
import { nats } from './nats/index.ts';
import { opcua } from './opcua/index.ts';
import { postgresql } from './postgresql/index.ts';
import { redis } from './redis/index.ts';
import { s7comm } from './s7comm/index.ts';
import { smb } from './smb/index.ts';
import { tlsProtocol } from './tls/index.ts';
import type { Protocol } from './types.ts';

export const PROTOCOLS: readonly Protocol[] = [mysql, nats, textBanner, redis, postgresql, amqp, mqtt, tlsProtocol, http, memcached, mongodb, smb, modbus, enip, s7comm, iec104, dnp3, fox, fins, opcua];

export type { Protocol, ProbeContext, ServiceInfo } from './types.ts';
