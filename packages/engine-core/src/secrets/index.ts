/**
 * Secrets and endpoints in text (strings from DEX, ABC, Mach-O, JS bundles,
 * resources): named secret patterns kept as data, a high-entropy filter with
 * placeholder and false-positive guards, URLs, IPs (classified) and e-mails,
 * and the user's sensitive words. Callers supply the location of the text;
 * many small texts are scanned in batches (batch.ts).
 */
export * from './patterns.ts';
export * from './entropy.ts';
export * from './endpoints.ts';
export * from './scan.ts';
export * from './batch.ts';
