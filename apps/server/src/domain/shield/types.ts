/**
 * The hardening types this portal ships, and the menu slug of each (SPEC §2
 * routes Shield_<slug>). A new type plugs in by adding its module here — the
 * server, the job child and the pages take everything else (strategy schema,
 * presets, accepted files) from the module.
 */
import { createRegistry, type ShieldType } from '@citadel/shield-core';
import { appShield, sdkShield, soShield } from '@citadel/shield-android';
import { h5Shield } from '@citadel/shield-h5';
import { sourceShield } from '@citadel/shield-source';

export const SHIELD_REGISTRY = createRegistry([appShield, soShield, sdkShield, h5Shield, sourceShield]);

export const SLUG_OF: Record<ShieldType, string> = { app: 'App', so: 'So', sdk: 'Sdk', h5: 'H5', source: 'Source' };
export const listResource = (type: ShieldType) => `Shield_${SLUG_OF[type]}`;
export const templateResource = (type: ShieldType) => `Shield_${SLUG_OF[type]}_Template`;
