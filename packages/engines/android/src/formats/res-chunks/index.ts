/**
 * Building blocks shared by the Android resource formats (binary XML and
 * resources.arsc): chunk framing, the string pool, typed values.
 */
export * from './chunk.ts';
export * from './string-pool.ts';
export * from './res-value.ts';
