/** Placeholder: the android engine is being built; see package.json description. */
export {};
