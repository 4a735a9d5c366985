/**
 * resources.index (restool's compiled resource table in a HAP): configs with
 * their qualifier keys and resource items, and resolution of "$string:name"
 * or numeric ids to values for the default or a chosen locale.
 */
export { parseResourcesIndex, RES_TYPES, RES_KEY_TYPES, type ResourceIndex, type ResConfig, type ResConfigKey, type ResEntry } from './resource-table.ts';
export { resolveResource, findResource, parseResourceRef } from './resolve.ts';
