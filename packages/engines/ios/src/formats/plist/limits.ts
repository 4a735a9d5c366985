/**
 * Limits that keep a hostile property list (a "plist bomb") from costing more
 * than a bounded amount of time and memory. Real Info.plist files are a few KB,
 * nest fewer than 10 levels and hold a few hundred objects; provisioning
 * profiles are under 100 KB. The defaults leave generous room above that.
 */
export interface PlistLimits {
  /** Largest input accepted, in bytes. */
  maxBytes: number;
  /** Deepest nesting of arrays/dicts. */
  maxDepth: number;
  /** Total values produced, counting a shared bplist object once per reference. */
  maxNodes: number;
  /** Longest single string, in characters (XML) or bytes (bplist). */
  maxStringLength: number;
}

export const DEFAULT_PLIST_LIMITS: Readonly<PlistLimits> = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxNodes: 1_000_000,
  maxStringLength: 16 * 1024 * 1024,
});

export function plistLimits(overrides?: Partial<PlistLimits>): PlistLimits {
  return { ...DEFAULT_PLIST_LIMITS, ...overrides };
}
