/** DEX access_flags bits, as data, and their Java-like rendering for evidence. */
export const ACCESS_FLAGS = {
  public: 0x1,
  private: 0x2,
  protected: 0x4,
  static: 0x8,
  final: 0x10,
  synchronized: 0x20,
  volatile: 0x40,
  bridge: 0x40,
  transient: 0x80,
  varargs: 0x80,
  native: 0x100,
  interface: 0x200,
  abstract: 0x400,
  strict: 0x800,
  synthetic: 0x1000,
  annotation: 0x2000,
  enum: 0x4000,
  constructor: 0x10000,
  declaredSynchronized: 0x20000,
} as const;

const CLASS_FLAGS = ['public', 'private', 'protected', 'static', 'final', 'interface', 'abstract', 'synthetic', 'annotation', 'enum'] as const;
const METHOD_FLAGS = ['public', 'private', 'protected', 'static', 'final', 'synchronized', 'bridge', 'varargs', 'native', 'abstract', 'strict', 'synthetic', 'constructor'] as const;

/** Names of the set flags, e.g. ["public", "static"]. */
export function describeAccessFlags(flags: number, of: 'class' | 'method'): string[] {
  const names = of === 'class' ? CLASS_FLAGS : METHOD_FLAGS;
  return names.filter((n) => (flags & ACCESS_FLAGS[n]) !== 0);
}
