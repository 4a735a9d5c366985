/** Placeholder: the miniprogram engine is being built; see package.json description. */
export {};
