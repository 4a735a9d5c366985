/**
 * libc functions whose mere import is worth reporting, as data: each with why
 * it is dangerous and what to use instead. memcpy, strncpy, snprintf and
 * friends are deliberately absent: they take a bound, and misuse of a bound
 * is not visible from an import.
 */

export type DangerousFunctionCategory = 'buffer-overflow' | 'command-execution' | 'temp-file-race' | 'weak-randomness';

export interface DangerousFunction {
  name: string;
  category: DangerousFunctionCategory;
  reason: string;
  saferAlternative: string;
}

const overflow = (name: string, reason: string, saferAlternative: string): DangerousFunction => ({ name, category: 'buffer-overflow', reason, saferAlternative });
const scanfReason = '%s and %[ conversions without a field width write unbounded input into the buffer';

export const DANGEROUS_FUNCTIONS: readonly DangerousFunction[] = [
  overflow('gets', 'reads a line with no limit on its length; cannot be used safely (removed from C11)', 'fgets'),
  overflow('strcpy', 'copies until the terminating NUL with no bound on the destination', 'strlcpy, or snprintf with the buffer size'),
  overflow('stpcpy', 'copies until the terminating NUL with no bound on the destination', 'strlcpy'),
  overflow('strcat', 'appends until the terminating NUL with no bound on the destination', 'strlcat'),
  overflow('wcscpy', 'wide-character strcpy: no bound on the destination', 'wcslcpy'),
  overflow('wcscat', 'wide-character strcat: no bound on the destination', 'wcslcat'),
  overflow('sprintf', 'formats into a buffer without a length limit', 'snprintf'),
  overflow('vsprintf', 'formats into a buffer without a length limit', 'vsnprintf'),
  overflow('scanf', scanfReason, 'fgets then strtol/strtod, or width-limited conversions'),
  overflow('sscanf', scanfReason, 'width-limited conversions, strtol/strtod'),
  overflow('fscanf', scanfReason, 'fgets then width-limited parsing'),
  overflow('vscanf', scanfReason, 'fgets then width-limited parsing'),
  overflow('vsscanf', scanfReason, 'width-limited conversions'),
  overflow('vfscanf', scanfReason, 'fgets then width-limited parsing'),
  overflow('getwd', 'writes the working directory into a buffer of unstated size', 'getcwd with the buffer size'),
  { name: 'system', category: 'command-execution', reason: 'runs a command line through the shell: injection when any part comes from input', saferAlternative: 'posix_spawn/execve with an argument vector' },
  { name: 'popen', category: 'command-execution', reason: 'runs a command line through the shell: injection when any part comes from input', saferAlternative: 'posix_spawn with pipes' },
  { name: 'mktemp', category: 'temp-file-race', reason: 'returns a predictable name that another process can create first', saferAlternative: 'mkstemp' },
  { name: 'tmpnam', category: 'temp-file-race', reason: 'returns a predictable name that another process can create first', saferAlternative: 'mkstemp' },
  { name: 'tempnam', category: 'temp-file-race', reason: 'returns a predictable name that another process can create first', saferAlternative: 'mkstemp' },
  { name: 'rand', category: 'weak-randomness', reason: 'predictable pseudo-random sequence, unfit for keys, tokens or nonces', saferAlternative: 'getrandom / arc4random' },
  { name: 'srand', category: 'weak-randomness', reason: 'seeds the predictable rand() generator', saferAlternative: 'getrandom / arc4random' },
];

const BY_NAME = new Map(DANGEROUS_FUNCTIONS.map((f) => [f.name, f]));

/** The dangerous functions among a list of imported symbol names (in list order, each once). */
export function findDangerousFunctions(imports: Iterable<string>): DangerousFunction[] {
  const found = new Map<string, DangerousFunction>();
  for (const name of imports) {
    const f = BY_NAME.get(name);
    if (f) found.set(name, f);
  }
  return [...found.values()];
}
