/**
 * Secrets in every unpacked text file, with file and line: engine-core's
 * secret patterns plus the mini-program ones (AppSecret in code2Session URLs
 * and in secret: "<32 hex>" assignments), sorted into the catalogue items.
 * WeChat app ids found on the way are kept for the app information.
 */
import { HIGH_ENTROPY_ID, SECRET_PATTERNS, type SecretPattern, findSensitiveWords, scanSecrets } from '@citadel/engine-core';
import { type CheckContext, firstTime } from './context.ts';

export const SECRETS_KEYS = ['secrets.app_secret', 'secrets.api_keys', 'secrets.private_keys', 'secrets.hardcoded_credentials', 'secrets.high_entropy_strings', 'secrets.sensitive_words'] as const;

/** Mini-program secret shapes, tried before the generic patterns so they win overlapping spans. */
export const MINI_SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: 'wechat_secret_param',
    description: 'WeChat AppSecret as the secret= parameter of a platform API URL (code2Session, access_token)',
    kind: 'secret',
    confidence: 'high',
    regex: /[?&]secret=([0-9a-f]{32})(?![0-9a-f])/gi,
    valueGroup: 1,
    example: 'https://api.weixin.qq.com/sns/jscode2session?appid=wx1234567890abcdef&secret=0f1e2d3c4b5a69788796a5b4c3d2e1f0&js_code=',
  },
  {
    id: 'wechat_secret_assignment',
    description: 'A 32-hex-digit secret assigned to "secret" (the AppSecret next to an appid)',
    kind: 'secret',
    confidence: 'high',
    regex: /\bsecret["']?\s*[:=]\s*["']([0-9a-f]{32})["']/gi,
    valueGroup: 1,
    example: '{ appid: "wx1234567890abcdef", secret: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" }',
  },
];

const PATTERNS = [...MINI_SECRET_PATTERNS, ...SECRET_PATTERNS];
const APP_SECRET_IDS = new Set(['wechat_app_secret', 'wechat_secret_param', 'wechat_secret_assignment']);
const PRIVATE_KEY_IDS = new Set(['private_key_pem', 'private_key_base64']);

export async function secretChecks(c: CheckContext): Promise<Set<string>> {
  const appIds = new Set<string>();
  if (!c.wants(...SECRETS_KEYS)) return appIds;
  const noWords = c.builder.sensitiveWords.length === 0;
  if (noWords) c.notExecuted(['secrets.sensitive_words'], 'no sensitive words were configured for this task');
  await c.run(noWords ? SECRETS_KEYS.filter((k) => k !== 'secrets.sensitive_words') : SECRETS_KEYS, () => {
    const once = firstTime();
    for (const file of c.texts()) {
      c.builder.throwIfAborted();
      for (const m of scanSecrets(file.text, { patterns: PATTERNS, maxMatches: 2000 })) {
        if (m.kind === 'identifier') {
          if (m.patternId === 'wechat_app_id' && appIds.size < 50) appIds.add(m.value.toLowerCase());
          continue;
        }
        if (!once(`${m.patternId}|${m.value}`)) continue;
        const ev = c.at(file, m.index, { snippet: m.masked, detail: `${m.patternId}: ${m.description}` });
        if (APP_SECRET_IDS.has(m.patternId)) c.fail('secrets.app_secret', ev);
        else if (PRIVATE_KEY_IDS.has(m.patternId)) c.fail('secrets.private_keys', ev);
        else if (m.patternId === 'generic_password') c.fail('secrets.hardcoded_credentials', ev);
        else if (m.patternId === HIGH_ENTROPY_ID) c.problem('secrets.high_entropy_strings', { ...ev, detail: `${m.patternId} (${m.entropy} bits/char)` });
        else c.fail('secrets.api_keys', ev);
      }
      if (!noWords) {
        for (const w of findSensitiveWords(file.text, c.builder.sensitiveWords, 200)) {
          if (once(`word|${w.word}|${file.path}`)) c.problem('secrets.sensitive_words', c.at(file, w.index, { detail: `sensitive word "${w.word}"` }));
        }
      }
    }
  });
  return appIds;
}
