import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classifyIp, findEmails, findIps, findUrls } from './endpoints.ts';
import { highEntropy, shannonEntropy } from './entropy.ts';
import { SECRET_PATTERNS, isPlaceholder } from './patterns.ts';
import { HIGH_ENTROPY_ID, findSensitiveWords, lineAt, maskSecret, scanSecrets, secretEvidence } from './scan.ts';

const ids = (text: string) => scanSecrets(text).map((m) => m.patternId);

describe('secret patterns', () => {
  it('have unique ids and global regexes', () => {
    expect(new Set(SECRET_PATTERNS.map((p) => p.id)).size).toBe(SECRET_PATTERNS.length);
    for (const p of SECRET_PATTERNS) expect(p.regex.flags, p.id).toContain('g');
  });

  for (const p of SECRET_PATTERNS) {
    it(`${p.id}: its example is found, as ${p.id}`, () => {
      const found = scanSecrets(`const x = ${p.example};\n`, { entropy: false });
      expect(found.map((m) => m.patternId)).toContain(p.id);
    });
  }

  it('finds a real generated private key as PEM and as bare base64', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(ids(pem)).toContain('private_key_pem');
    const bare = (privateKey.export({ type: 'pkcs1', format: 'der' }) as Buffer).toString('base64');
    expect(ids(`String RSA_PRIVATE = "${bare}";`)).toContain('private_key_base64');
  });

  it('the value is full for evidence and masked for display', () => {
    const [m] = scanSecrets('key=AKIAQ3EGUXHVZ7KRT5PW', { entropy: false });
    expect(m).toMatchObject({ patternId: 'aws_access_key_id', value: 'AKIAQ3EGUXHVZ7KRT5PW', index: 4, confidence: 'high' });
    expect(m!.masked).not.toContain('EGUXHVZ7');
    expect(m!.masked.startsWith('AKI')).toBe(true);
    expect(secretEvidence(m!, { file: 'res/values/strings.xml', line: 3 })).toEqual({
      file: 'res/values/strings.xml',
      line: 3,
      snippet: m!.masked,
      detail: 'aws_access_key_id: AKIAQ3EGUXHVZ7KRT5PW',
    });
    expect(maskSecret('abc')).toBe('a***');
  });

  it('assignment patterns give the value, not the name', () => {
    const [m] = scanSecrets('{"appSecret": "9f86d081884c7d659a2feaa0c55ad015"}', { entropy: false });
    expect(m).toMatchObject({ patternId: 'wechat_app_secret', value: '9f86d081884c7d659a2feaa0c55ad015' });
    const [p] = scanSecrets('db_password = "Tr0ub4dor&3"', { entropy: false });
    expect(p).toMatchObject({ patternId: 'generic_password', value: 'Tr0ub4dor&3' });
  });
});

describe('false positives that must not be reported as secrets', () => {
  const negatives: [string, string][] = [
    ['UUIDs', 'uuid = "123e4567-e89b-12d3-a456-426614174000" 9f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
    ['MD5/SHA-1/SHA-256 digests of resources', [createHash('md5'), createHash('sha1'), createHash('sha256')].map((h) => h.update('res/drawable/icon.png').digest('hex')).join('\n')],
    ['base64 PNG image', `"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="`],
    ['data: URL', `url(data:image/webp;base64,${randomBytes(60).toString('base64')})`],
    ['base64 public key', (generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64')],
    ['the base64 alphabet', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'],
    ['identifiers and class names', 'getSupportFragmentManager2 Landroidx/appcompat/widget/AppCompatTextView2; com_google_android_gms_auth_api_signin_SIGN_IN_REQUEST3'],
    ['placeholders', 'password = "your_password_here" apiKey: "${API_KEY}" secret="<YOUR-SECRET>" pwd = "******" token = "null" password = "password"'],
    ['AWS documentation example key', 'AKIAIOSFODNN7EXAMPLE'],
    ['a constant name as value', 'API_KEY = "PROD_API_KEY_NAME"'],
    ['format strings', 'password=%s&user=%s  String.format("secret=%1$s")'],
    ['base64 SHA-1 digests (iOS CodeResources, JAR manifests)', 'alwY02hW/2VcbuoghqtzHssUXjk=\nSHA1-Digest: AgifzJh9we37qQNd2eVlCHTxrBk='],
    ['digest fields and SRI integrity', `<key>hash2</key>\n<data>\n${randomBytes(32).toString('base64')}</data> "integrity": "sha512-${randomBytes(64).toString('base64')}"`],
    ['pure hex token without assignment', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855abcdef'],
  ];
  for (const [name, text] of negatives) {
    it(name, () => expect(scanSecrets(text)).toEqual([]));
  }
});

describe('high entropy', () => {
  it('reports random tokens that no pattern catches', () => {
    const token = 'q8Zr2XvN5mLp0Tg7Yk3Wb9Hs4Jd6Fc1Ae';
    const found = scanSecrets(`private static final String K = "${token}";`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ patternId: HIGH_ENTROPY_ID, confidence: 'low', value: token });
    expect(found[0]!.entropy).toBeGreaterThan(4);
  });

  it('most random base64 keys pass, few words do', () => {
    let hits = 0;
    for (let i = 0; i < 100; i++) if (highEntropy(randomBytes(24).toString('base64'))) hits++;
    expect(hits).toBeGreaterThan(90);
    expect(highEntropy('ThisIsAVeryLongCamelCaseIdentifier2024')).toBeUndefined();
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('ab')).toBe(1);
  });

  it('can be turned off, and matches are capped', () => {
    expect(scanSecrets('x q8Zr2XvN5mLp0Tg7Yk3Wb9Hs4Jd6Fc1Ae', { entropy: false })).toEqual([]);
    const many = Array.from({ length: 50 }, () => 'wx1234567890abcdef').join(' ');
    expect(scanSecrets(many, { maxMatches: 10 })).toHaveLength(10);
  });

  it('placeholder filter', () => {
    expect(isPlaceholder('changeme123')).toBe(true);
    expect(isPlaceholder('Tr0ub4dor&3')).toBe(false);
  });
});

describe('endpoints', () => {
  it('finds URLs, tells http from https and flags namespaces and PKI references', () => {
    const urls = findUrls('a="http://api.example.cn/v1/login?x=1", b=https://10.0.0.5:8443/path). <manifest xmlns:android="http://schemas.android.com/apk/res/android"> ws://[::1]:9000/');
    expect(urls.map((u) => [u.value, u.secure, u.hostKind, u.ipClass, u.reference])).toEqual([
      ['http://api.example.cn/v1/login?x=1', false, 'domain', undefined, false],
      ['https://10.0.0.5:8443/path', true, 'ipv4', 'private', false],
      ['http://schemas.android.com/apk/res/android', false, 'domain', undefined, true],
      ['ws://[::1]:9000/', false, 'ipv6', 'loopback', false],
    ]);
    expect(findUrls('http://crl.apple.com/root.crl http://ocsp.apple.com/ocsp03-wwdr01 https://www.apple.com/appleca/ http://www.apple.com/DTDs/PropertyList-1.0.dtd https://www.apple.com/shop').map((u) => u.reference)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(findUrls('http://localhost:8080/x')[0]).toMatchObject({ host: 'localhost', ipClass: 'loopback' });
    expect(findUrls('see (https://en.wikipedia.org/wiki/Foo_(bar)).')[0]!.value).toBe('https://en.wikipedia.org/wiki/Foo_(bar)');
  });

  it('classifies IPv4 and IPv6 addresses', () => {
    expect(classifyIp('8.8.8.8')).toBe('public');
    expect(classifyIp('192.168.1.10')).toBe('private');
    expect(classifyIp('172.20.0.1')).toBe('private');
    expect(classifyIp('172.32.0.1')).toBe('public');
    expect(classifyIp('127.0.0.1')).toBe('loopback');
    expect(classifyIp('169.254.1.1')).toBe('link_local');
    expect(classifyIp('0.0.0.0')).toBe('reserved');
    expect(classifyIp('::1')).toBe('loopback');
    expect(classifyIp('fe80::1%eth0')).toBe('link_local');
    expect(classifyIp('fd12:3456:789a::1')).toBe('private');
    expect(classifyIp('2001:db8::1')).toBe('reserved');
    expect(classifyIp('2400:3200::1')).toBe('public');
    expect(classifyIp('::ffff:192.168.0.1')).toBe('private');
  });

  it('finds IPs but not version numbers, C++ scopes or times', () => {
    const ips = findIps('server 47.96.1.20:443, dns 8.8.8.8; version 1.2.3.4 v2.1.0.5 1.0.0.0 std::string 12:30:45 2001:db8:0:1::53 a.1.2.3.4 1.2.3.4.5');
    expect(ips.map((i) => [i.value, i.version, i.ipClass])).toEqual([
      ['47.96.1.20', 4, 'public'],
      ['8.8.8.8', 4, 'public'],
      ['2001:db8:0:1::53', 6, 'reserved'],
    ]);
  });

  it('finds e-mails but not image names', () => {
    expect(findEmails('contact dev.team+ios@example.co.uk or icon@2x.png, logo@3x.webp').map((e) => e.value)).toEqual(['dev.team+ios@example.co.uk']);
  });
});

describe('sensitive words and lines', () => {
  it('finds words case-insensitively, including CJK', () => {
    expect(findSensitiveWords('userPassword 身份证号 PASSWORD', ['password', '身份证'])).toEqual([
      { word: 'password', index: 4 },
      { word: '身份证', index: 13 },
      { word: 'password', index: 18 },
    ]);
    expect(lineAt('a\nb\nc', 4)).toBe(3);
    expect(lineAt('abc', 1)).toBe(1);
  });
});
