/**
 * Server password policy (SPEC §5): a digit, a letter, a special symbol, a
 * lower-case and an upper-case letter, length 8 to 64. Shared so the browser can
 * hint early; the server's check is the one that counts.
 */
import type { ErrorCode } from './errors.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** The change-password form's own minimum (SPEC §5/§9). */
export const PASSWORD_FORM_MIN = 6;

/** Returns the first broken rule, or null when the password is acceptable. */
export function passwordPolicyError(password: string): ErrorCode | null {
  if (password.length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  if (!/[0-9]/.test(password)) return 'password_needs_digit';
  if (!/[a-z]/.test(password)) return 'password_needs_lower';
  if (!/[A-Z]/.test(password)) return 'password_needs_upper';
  if (!/[^A-Za-z0-9]/.test(password)) return 'password_needs_special';
  return null;
}

/** Account names (SPEC §5): 4 to 100 letters, digits, underscores or minus signs. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_-]{4,100}$/;
