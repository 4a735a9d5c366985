/** Placeholder: the ios engine is being built; see package.json description. */
export {};
