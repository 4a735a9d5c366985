/** Object keys are SHA-256 content addresses: exactly 64 lower-case hex digits, nothing else. */
import { AppError } from '../http/app-error.ts';

const KEY = /^[0-9a-f]{64}$/;

export function isObjectKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key);
}

export function assertObjectKey(key: string): string {
  if (!isObjectKey(key)) throw new AppError('illegal_parameter', 'invalid object key');
  return key;
}

/** Two levels of two-hex-digit folders keep any one folder small: ab/cd/abcd…. */
export function shardedPath(key: string): string[] {
  return [key.slice(0, 2), key.slice(2, 4), key];
}
