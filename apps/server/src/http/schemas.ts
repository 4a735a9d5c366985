/** JSON-schema building blocks shared by route definitions (and shown in the OpenAPI document at /docs). */

export const str = (maxLength = 200, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;

/** `{ data: … }` success envelope around a payload schema. */
export const envelope = (data: object) => ({ type: 'object', properties: { data }, required: ['data'] }) as const;

export const okEnvelope = envelope({ type: 'object', properties: { ok: { type: 'boolean' } } });

export const errorEnvelope = {
  type: 'object',
  properties: { error: { type: 'string' }, message: { type: 'string' } },
  required: ['error', 'message'],
} as const;

/** Body schema: the listed properties plus the generic call's `key` (SPEC §7), which is accepted and ignored. */
export function body(properties: Record<string, object>, required: string[] = Object.keys(properties)) {
  return { type: 'object', properties: { ...properties, key: str(100) }, required, additionalProperties: false } as const;
}

/** Responses for a route: its success payload plus the error envelope for every failure status. */
export function responses(success: object) {
  return { 200: success, '4xx': errorEnvelope, '5xx': errorEnvelope };
}
