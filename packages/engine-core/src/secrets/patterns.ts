/**
 * Secret patterns as data: each has a stable id (used in evidence and
 * whitelists), what it finds, an example it must match (the tests check every
 * example) and, where a shape alone is too loose, a validator.
 *
 * Examples are synthetic: they have the documented shape, not real keys.
 */

export type SecretKind = 'secret' | 'identifier';
export type Confidence = 'high' | 'medium' | 'low';

export interface SecretPattern {
  id: string;
  description: string;
  /** secret: grants access when leaked; identifier: public id worth listing (WeChat AppID …). */
  kind: SecretKind;
  confidence: Confidence;
  /** Must be global (g). */
  regex: RegExp;
  /** Capture group holding the value (default 0: the whole match). */
  valueGroup?: number;
  /** A string the regex must find (tests check this). */
  example: string;
  /** Extra check on the value, for shapes that also match harmless strings. */
  validate?: (value: string) => boolean;
}

// Quoted or bare value after "name =", "name:", "name\":\"" (JSON, properties, code, XML attribute pairs).
const ASSIGN = String.raw`["']?\s*[:=]\s*["']?`;

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: 'aws_access_key_id',
    description: 'AWS access key id (AKIA long-term, ASIA temporary)',
    kind: 'secret',
    confidence: 'high',
    regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g,
    example: 'AKIAQ3EGUXHVZ7KRT5PW',
    // AWS documentation's sample key appears in many SDKs and READMEs.
    validate: (v) => !v.endsWith('EXAMPLE'),
  },
  {
    id: 'aws_secret_access_key',
    description: 'AWS secret access key in an assignment',
    kind: 'secret',
    confidence: 'high',
    regex: new RegExp(String.raw`aws_?secret(?:_?access)?_?key${ASSIGN}([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])`, 'gi'),
    valueGroup: 1,
    example: 'aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Xw3Lk2Q"',
  },
  {
    id: 'google_api_key',
    description: 'Google API key (Maps, Firebase, Cloud)',
    kind: 'secret',
    confidence: 'high',
    regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
    example: 'AIzaSyDq3kP9xT7m2LwVbN4cR8sY1uZ6eA0fGhJ',
  },
  {
    id: 'google_oauth_client_id',
    description: 'Google OAuth client id',
    kind: 'identifier',
    confidence: 'high',
    regex: /\b[0-9]{6,20}-[0-9a-z]{32}\.apps\.googleusercontent\.com\b/g,
    example: '123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com',
  },
  {
    id: 'firebase_cloud_messaging_key',
    description: 'Firebase Cloud Messaging legacy server key',
    kind: 'secret',
    confidence: 'high',
    regex: /\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134}(?![A-Za-z0-9_-])/g,
    example: `AAAAx1y2z3w:APA91b${'Qk3'.repeat(44)}xy`,
  },
  {
    id: 'firebase_database_url',
    description: 'Firebase Realtime Database URL (check its rules allow no public read/write)',
    kind: 'identifier',
    confidence: 'high',
    regex: /\bhttps:\/\/[a-z0-9-]{3,64}(?:-default-rtdb)?\.(?:firebaseio\.com|[a-z0-9-]+\.firebasedatabase\.app)\b/g,
    example: 'https://my-app-12345.firebaseio.com',
  },
  {
    id: 'aliyun_access_key_id',
    description: 'Alibaba Cloud (Aliyun) AccessKey id',
    kind: 'secret',
    confidence: 'high',
    regex: /\bLTAI[A-Za-z0-9]{12,20}\b/g,
    example: 'LTAI4FqP2wXk9mZ7bR3nT5yV',
  },
  {
    id: 'aliyun_access_key_secret',
    description: 'Alibaba Cloud AccessKey secret in an assignment',
    kind: 'secret',
    confidence: 'high',
    regex: new RegExp(String.raw`access_?key_?secret${ASSIGN}([A-Za-z0-9]{30})(?![A-Za-z0-9])`, 'gi'),
    valueGroup: 1,
    example: 'accessKeySecret: "qW3eR5tY7uI9oP1aS3dF5gH7jK9lZx"',
  },
  {
    id: 'tencent_cloud_secret_id',
    description: 'Tencent Cloud SecretId',
    kind: 'secret',
    confidence: 'high',
    regex: /\bAKID[A-Za-z0-9]{32}\b/g,
    example: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA',
  },
  {
    id: 'tencent_cloud_secret_key',
    description: 'Tencent Cloud SecretKey in an assignment',
    kind: 'secret',
    confidence: 'medium',
    regex: new RegExp(String.raw`secret_?key${ASSIGN}([A-Za-z0-9]{32})(?![A-Za-z0-9])`, 'gi'),
    valueGroup: 1,
    example: 'SecretKey = "Gu5t9xGARNpq86cd98joQYCN3Cozk1qA"',
    validate: (v) => !/^[0-9a-f]{32}$/.test(v),
  },
  {
    id: 'baidu_map_key',
    description: 'Baidu Maps / LBS API key (AK)',
    kind: 'secret',
    confidence: 'medium',
    regex: /(?:com\.baidu\.lbsapi\.API_KEY|api\.map\.baidu\.com\/[^\s"'<>]*?[?&]ak)["'\s]*[=:]\s*["']?([A-Za-z0-9]{32})(?![A-Za-z0-9])/g,
    valueGroup: 1,
    example: 'com.baidu.lbsapi.API_KEY=Zf3kQ9mX2pL7wR4tV8yB1nC6sD0hJ5gA',
  },
  {
    id: 'amap_key',
    description: 'Amap (Gaode) API key',
    kind: 'secret',
    confidence: 'medium',
    regex: /(?:com\.amap\.api\.v2\.apikey|restapi\.amap\.com\/[^\s"'<>]*?[?&]key|webapi\.amap\.com\/[^\s"'<>]*?[?&]key)["'\s]*[=:]\s*["']?([0-9a-f]{32})(?![0-9a-f])/gi,
    valueGroup: 1,
    example: 'com.amap.api.v2.apikey=3f1c9a7e5b2d4c6e8a0b1c2d3e4f5a6b',
  },
  {
    id: 'stripe_secret_key',
    description: 'Stripe secret or restricted key',
    kind: 'secret',
    confidence: 'high',
    regex: /\b(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{24,99}\b/g,
    example: `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`,
  },
  {
    id: 'github_token',
    description: 'GitHub personal access, OAuth, app or refresh token',
    kind: 'secret',
    confidence: 'high',
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{82})\b/g,
    example: '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',
  },
  {
    id: 'gitlab_token',
    description: 'GitLab personal access token',
    kind: 'secret',
    confidence: 'high',
    regex: /\bglpat-[A-Za-z0-9_-]{20,50}\b/g,
    example: 'glpat-xY3zK9mP2qR7sT4vW8nB',
  },
  {
    id: 'slack_token',
    description: 'Slack bot, user, app or refresh token',
    kind: 'secret',
    confidence: 'high',
    regex: /\bxox[baprse]-[0-9A-Za-z-]{10,250}\b/g,
    example: 'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  },
  {
    id: 'slack_webhook',
    description: 'Slack incoming webhook URL',
    kind: 'secret',
    confidence: 'high',
    regex: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/T[A-Z0-9]{6,12}\/[A-Z0-9]{6,12}\/[A-Za-z0-9]{20,32}/g,
    example: 'https://hooks.slack.com/services/T00AB1C2D/B00XY9Z8W/abcdefghijKLMNOPqrstuvwx',
  },
  {
    id: 'sendgrid_api_key',
    description: 'SendGrid API key',
    kind: 'secret',
    confidence: 'high',
    regex: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g,
    example: `SG.${'aB3dE5fG7hI9jK1lM3nO5p'}.${'qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL7mN9oP1qR3s'}`,
  },
  {
    id: 'azure_storage_key',
    description: 'Azure storage account key in a connection string',
    kind: 'secret',
    confidence: 'high',
    regex: /AccountKey=([A-Za-z0-9+/]{86}==)/g,
    valueGroup: 1,
    example: `DefaultEndpointsProtocol=https;AccountName=x;AccountKey=${'Ab3/'.repeat(21)}Qz==`,
  },
  {
    id: 'facebook_access_token',
    description: 'Facebook (Meta) access token',
    kind: 'secret',
    confidence: 'medium',
    regex: /\bEAA[A-Z][A-Za-z0-9]{80,300}\b/g,
    example: `EAAB${'ZCz9Kq3mX7pL2wR4tV8yB1nC6sD0hJ5gA'.repeat(3)}`,
    validate: (v) => /[0-9]/.test(v) && /[a-z]/.test(v),
  },
  {
    id: 'private_key_pem',
    description: 'Private key in PEM form',
    kind: 'secret',
    confidence: 'high',
    regex: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/g,
    example: '-----BEGIN RSA PRIVATE KEY-----',
  },
  {
    id: 'private_key_base64',
    description: 'RSA/EC private key as bare base64 DER (PKCS#1 or PKCS#8), as payment SDK samples embed it',
    kind: 'secret',
    confidence: 'high',
    regex: /\bMII[A-Za-z0-9+/]{300,8000}={0,2}/g,
    example: `MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ${'C3x'.repeat(110)}`,
    validate: isPrivateKeyDer,
  },
  {
    id: 'jwt',
    description: 'JSON Web Token (may carry credentials or session data)',
    kind: 'secret',
    confidence: 'medium',
    regex: /\beyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{16,2000}/g,
    example:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    validate: isJwt,
  },
  {
    id: 'wechat_app_secret',
    description: 'WeChat AppSecret in an assignment',
    kind: 'secret',
    confidence: 'high',
    regex: new RegExp(String.raw`(?:app_?secret|wx_?secret|wechat_?secret|mp_?secret)${ASSIGN}([0-9a-f]{32})(?![0-9a-f])`, 'gi'),
    valueGroup: 1,
    example: 'appSecret: "9f86d081884c7d659a2feaa0c55ad015"',
  },
  {
    id: 'wechat_app_id',
    description: 'WeChat AppID',
    kind: 'identifier',
    confidence: 'high',
    regex: /\bwx[0-9a-f]{16}\b/g,
    example: 'wx1234567890abcdef',
  },
  {
    id: 'generic_password',
    description: 'Hard-coded password, secret, token or API key in an assignment',
    kind: 'secret',
    confidence: 'medium',
    regex:
      /\b(?:[a-z]*_)?(?:password|passwd|pwd|passcode|secret|secret_?key|client_?secret|api_?key|apikey|api_?secret|access_?token|auth_?token|private_?key|encrypt(?:ion)?_?key|aes_?key)["']?\s*(?:[:=]|:=)\s*["']([^"'\s]{6,128})["']/gi,
    valueGroup: 1,
    example: 'String password = "S3cr3t!Pass";',
    validate: (v) => !isPlaceholder(v),
  },
];

/** Values that are obviously not real secrets: empty-ish, templated, repeated, documentation placeholders. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  const lower = v.toLowerCase();
  if (v.length < 6) return true;
  if (/^(.)\1+$/.test(v)) return true; // xxxxxx, ******, 000000
  if (/^[*x•.#-]+$/i.test(v)) return true;
  if (/[<>{}]|\$\{|%[sd]|\{\{|\$\(|^@(string|xml|raw)\//.test(v)) return true; // <your-key>, ${KEY}, %s, @string/...
  if (/^(?:null|none|undefined|true|false|empty|string|text|value|default|required|optional)$/.test(lower)) return true;
  if (/(?:your|my|enter|insert|replace|put|sample|example|placeholder|dummy|changeme|change_me|fake|todo|fixme|redacted|test|demo|hidden|secret_here|password_here|key_here)/.test(lower)) return true;
  if (/^(?:password|passwd|secret|token|apikey|api_key|12345678?9?|123456|qwerty|abcdef|abc123|admin)$/.test(lower)) return true;
  if (/^[A-Z][A-Z0-9_]+$/.test(v) && v.includes('_')) return true; // a constant name: API_KEY_PROD
  if (/^(?:[a-z]+\.)+[a-z]+$/i.test(v)) return true; // a dotted property/key name: app.secret.key
  return false;
}

function isJwt(token: string): boolean {
  const [header] = token.split('.');
  try {
    const json = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as unknown;
    return typeof json === 'object' && json !== null && 'alg' in json;
  } catch {
    return false;
  }
}

/** SEQUENCE { INTEGER 0, … }: PKCS#1 RSAPrivateKey, PKCS#8 PrivateKeyInfo and SEC1 EC keys start so; public keys do not. */
function isPrivateKeyDer(b64: string): boolean {
  const head = Buffer.from(b64.slice(0, 16), 'base64');
  // 30 82 LL LL 02 01 00 (two-byte length), or 30 81 LL 02 01 00 for small EC keys (not matched by MII).
  return head.length >= 7 && head[0] === 0x30 && head[1] === 0x82 && head[4] === 0x02 && head[5] === 0x01 && (head[6] === 0x00 || head[6] === 0x01);
}
