/** FA-model config.json reader (classic HarmonyOS): typed, size-limited, wrong shapes reported in `issues`. */
export { readConfigJson, type FaConfigJson, type FaAbility, type FaDeviceConfig, type FaNetworkConfig } from './config-json.ts';
