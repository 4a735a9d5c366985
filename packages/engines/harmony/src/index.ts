/** Placeholder: the harmony engine is being built; see package.json description. */
export {};
