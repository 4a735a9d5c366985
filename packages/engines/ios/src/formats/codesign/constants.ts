/** Code-signing numbers as data (from Apple's cs_blobs.h / codesign documentation: facts, not code). */

export const CSMAGIC_REQUIREMENT = 0xfade0c00;
export const CSMAGIC_REQUIREMENTS = 0xfade0c01;
export const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
export const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
export const CSMAGIC_DETACHED_SIGNATURE = 0xfade0cc1;
export const CSMAGIC_BLOBWRAPPER = 0xfade0b01;
export const CSMAGIC_EMBEDDED_ENTITLEMENTS = 0xfade7171;
export const CSMAGIC_EMBEDDED_DER_ENTITLEMENTS = 0xfade7172;

export const CSSLOT_CODEDIRECTORY = 0;
export const CSSLOT_REQUIREMENTS = 2;
export const CSSLOT_ENTITLEMENTS = 5;
export const CSSLOT_DER_ENTITLEMENTS = 7;
export const CSSLOT_ALTERNATE_CODEDIRECTORIES = 0x1000;
export const CSSLOT_ALTERNATE_CODEDIRECTORY_MAX = 5;
export const CSSLOT_SIGNATURESLOT = 0x10000;

const SLOT_NAMES: Readonly<Record<number, string>> = {
  0: 'CodeDirectory', 1: 'InfoSlot', 2: 'Requirements', 3: 'ResourceDir', 4: 'Application', 5: 'Entitlements',
  6: 'RepSpecific', 7: 'DEREntitlements', 8: 'LaunchConstraintSelf', 9: 'LaunchConstraintParent',
  10: 'LaunchConstraintResponsible', 11: 'LibraryConstraint', 0x10000: 'CMSSignature', 0x10001: 'Identification', 0x10002: 'Ticket',
};

export function slotName(slot: number): string {
  if (slot >= CSSLOT_ALTERNATE_CODEDIRECTORIES && slot < CSSLOT_ALTERNATE_CODEDIRECTORIES + CSSLOT_ALTERNATE_CODEDIRECTORY_MAX) {
    return `AlternateCodeDirectory${slot - CSSLOT_ALTERNATE_CODEDIRECTORIES}`;
  }
  return SLOT_NAMES[slot] ?? `slot(0x${slot.toString(16)})`;
}

export const HASH_TYPES: Readonly<Record<number, string>> = { 1: 'sha1', 2: 'sha256', 3: 'sha256-truncated', 4: 'sha384' };

/** CodeDirectory flags (SecCodeSignatureFlags / CS_* bits). */
export const CODE_DIRECTORY_FLAGS: ReadonlyArray<readonly [number, string]> = [
  [0x1, 'host'], [0x2, 'adhoc'], [0x4, 'get-task-allow'], [0x8, 'installer'], [0x10, 'forced-lv'],
  [0x20, 'invalid-allowed'], [0x100, 'hard'], [0x200, 'kill'], [0x400, 'check-expiration'], [0x800, 'restrict'],
  [0x1000, 'enforcement'], [0x2000, 'library-validation'], [0x10000, 'runtime'], [0x20000, 'linker-signed'],
];

/** execSegFlags (CodeDirectory version 0x20400 and later). */
export const EXEC_SEGMENT_FLAGS: ReadonlyArray<readonly [number, string]> = [
  [0x1, 'main-binary'], [0x10, 'allow-unsigned'], [0x20, 'debugger'], [0x40, 'jit'], [0x80, 'skip-lv'],
  [0x100, 'can-load-cdhash'], [0x200, 'can-exec-cdhash'],
];

export function flagNames(value: number, table: ReadonlyArray<readonly [number, string]>): string[] {
  return table.filter(([bit]) => (value & bit) === bit).map(([, name]) => name);
}
