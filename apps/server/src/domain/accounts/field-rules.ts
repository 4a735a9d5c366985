/**
 * SPEC §5 field rules of the account, role and customer forms, as the server
 * applies them: required fields, the account pattern, email and phone formats,
 * the password policy and its confirmation. Each broken rule is a catalogue
 * error naming the field, so API clients learn which field to fix.
 */
import { ACCOUNT_PATTERN, passwordPolicyError } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';

/** One address: a local part, '@', a domain with a dot; no spaces (HTML's email input is similar). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
/** Digits with an optional leading '+', spaces and dashes: 3 to 30 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{2,29}$/;
/** Customer keys travel in the company login and local storage: letters, digits, '_' and '-'. */
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The trimmed value of a required text field; empty or missing is `field_required`. */
export function requiredText(value: string | undefined, field: string, maxLength: number): string {
  const text = (value ?? '').trim();
  if (!text) fail('field_required', field);
  if (text.length > maxLength) fail('illegal_parameter', field);
  return text;
}

export function requiredId(value: number | undefined, field: string): number {
  if (value === undefined || value === null) fail('field_required', field);
  return value;
}

export function accountName(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (!name) fail('field_required', 'name');
  if (!ACCOUNT_PATTERN.test(name)) fail('account_format', 'name');
  return name;
}

export function email(value: string | undefined): string {
  const text = requiredText(value, 'email', 200);
  if (!EMAIL_PATTERN.test(text)) fail('email_invalid', 'email');
  return text;
}

export function phone(value: string | undefined): string {
  const text = requiredText(value, 'phone', 50);
  if (!PHONE_PATTERN.test(text)) fail('phone_invalid', 'phone');
  return text;
}

export function clientKey(value: string | undefined): string {
  const text = requiredText(value, 'client_key', 100);
  if (!CLIENT_KEY_PATTERN.test(text)) fail('illegal_parameter', 'client_key');
  return text;
}

/** SPEC §5: the policy first (its own message), then "The two passwords are inconsistent". */
export function passwordPair(password: string, confirmation: string): string {
  if (!password) fail('field_required', 'password');
  if (!confirmation) fail('field_required', 'password_confirm');
  const policy = passwordPolicyError(password);
  if (policy) fail(policy);
  if (password !== confirmation) fail('password_inconsistent');
  return password;
}

/** SPEC §8 duplicate name: '字段值重复:[Name]' with the value that is taken. */
export function duplicate(value: string): never {
  return fail('duplicate_field', `字段值重复:[${value}]`);
}

/** A unique-constraint violation from either database (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof e?.message === 'string' && /UNIQUE constraint failed/.test(e.message));
}
