/**
 * @citadel/engine-network: the network vulnerability and industrial-internet
 * (ICS) assessment engine, one engine on two platforms (network, ics), each
 * with its own catalogue items. `engine` is what the CLI and the task workers
 * load (input.url = targets, params = ports and limits).
 */
export { NetworkEngine, ENGINE_VERSION, engine, type HostResult } from './engine.ts';
export { NETWORK_CATALOGUE } from './catalogue/index.ts';
export { parseConfig, parsePorts, type NetworkScanConfig } from './options.ts';
export { splitTargets, isTargetEntry, expandCidr } from './scan/targets.ts';
export { NETWORK_PORTS, ICS_PORTS } from './scan/ports.ts';
export { READ_ONLY_FUNCTIONS } from './protocols/modbus/parser.ts';
