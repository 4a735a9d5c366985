/** A failure that the API answers with a catalogue code: `{ error, message }` and the code's HTTP status. */
import { ERROR_CATALOGUE, type ErrorCode } from '@citadel/contracts';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Overrides the catalogue text (e.g. to name the field); the code stays the contract. */
    readonly detail?: string,
  ) {
    super(detail ?? ERROR_CATALOGUE[code].en);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}

/** Throws the catalogue error; a function declaration so TypeScript narrows after a call. */
export function fail(code: ErrorCode, detail?: string): never {
  throw new AppError(code, detail);
}
