/** Runs one part of a parse; a FormatError becomes a warning ("could not read X") instead of failing the whole file. */
import { FormatError } from '../binary/byte-reader.ts';

export function attempt<T>(warnings: string[], what: string, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof FormatError)) throw err;
    warnings.push(`${what}: ${err.message}`);
    return undefined;
  }
}
