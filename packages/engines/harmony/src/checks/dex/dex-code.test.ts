import { ANDROID_CATALOGUE } from '@citadel/engine-android';
import { appClass, callStatic, str } from '@citadel/engine-android/testing/dex-helpers';
import { writeDex } from '@citadel/engine-android/testing/dex-writer';
import { describe, expect, it } from 'vitest';
import { HARMONY_CATALOGUE } from '../../catalogue/index.ts';
import { assess, result, row } from '../../testing/build-hap.ts';

const S = 'Ljava/lang/String;';
const cipher = (spec: string, cls = 'Lcom/example/app/Crypto;') =>
  appClass((r) => [...str(r, 0, spec), ...callStatic(r, 'Ljavax/crypto/Cipher;', 'getInstance', [S], 'Ljavax/crypto/Cipher;', [0])], { name: cls, method: 'encrypt' });
const digest = (alg: string) => appClass((r) => [...str(r, 0, alg), ...callStatic(r, 'Ljava/security/MessageDigest;', 'getInstance', [S], 'Ljava/security/MessageDigest;', [0])], { name: 'Lcom/example/app/Hash;', method: 'hash' });
const faWithDex = (...classes: Parameters<typeof writeDex>[0]) => assess({ model: 'fa', files: [{ name: 'classes.dex', data: Buffer.from(writeDex(classes)) }] });

describe('DEX code of FA packages (the Android engine\'s code checks)', () => {
  it('reuses the Android code items on the harmony platform as harmony.dex.*', () => {
    const item = HARMONY_CATALOGUE.get('harmony.dex.crypto.ecb_mode');
    expect(item.platform).toBe('harmony');
    const android = ANDROID_CATALOGUE.get('android.crypto.ecb_mode');
    expect([item.risk, item.cwe]).toEqual([android.risk, android.cwe]);
    // The title says the item looks at DEX code (a HarmonyOS twin over ArkTS code may carry the Android title).
    expect(item.title['zh-CN']).toBe(`${android.title['zh-CN']}（DEX代码）`);
    expect(item.title.en).toBe(`${android.title.en} (DEX code)`);
    expect(HARMONY_CATALOGUE.has('harmony_next.dex.crypto.ecb_mode')).toBe(false);
  });

  it('fails the API rules on weak calls, with class and method as evidence, and passes their fixed version', async () => {
    const bad = await faWithDex(cipher('DES/ECB/PKCS5Padding'), digest('MD5'));
    expect(bad.platform).toBe('harmony');
    for (const k of ['dex.crypto.ecb_mode', 'dex.crypto.weak_cipher', 'dex.crypto.weak_hash']) expect(result(bad, k), k).toBe('fail');
    expect(row(bad, 'dex.crypto.ecb_mode').evidence[0]).toMatchObject({ file: 'classes.dex', className: 'com.example.app.Crypto', method: 'encrypt' });
    const good = await faWithDex(cipher('AES/GCM/NoPadding'), digest('SHA-256'));
    for (const k of ['dex.crypto.ecb_mode', 'dex.crypto.weak_cipher', 'dex.crypto.weak_hash']) expect(result(good, k), k).toBe('pass');
    expect(good.unreadable).toEqual([]);
  });

  it('a secret in DEX code names the class and method that use it', async () => {
    const keys = appClass((r) => [...str(r, 0, 'AKIAQ3EGUXHVZ7KRT5PW'), ...callStatic(r, 'Lcom/example/app/Net;', 'login', [S], 'V', [0])], { name: 'Lcom/example/app/Keys;', method: 'connect' });
    const a = await faWithDex(keys);
    expect(row(a, 'secrets.api_keys').evidence[0]).toMatchObject({ file: 'classes.dex', className: 'com.example.app.Keys', method: 'connect' });
  });

  it('without DEX code the dex items are not in the assessment at all (they cannot apply); Stage packages do not have them', async () => {
    const fa = await assess({ model: 'fa' });
    expect(fa.findings.filter((f) => f.ruleId.includes('.dex.'))).toEqual([]);
    expect(fa.findings.length).toBeGreaterThan(20);
    // A DEX entry that cannot be read keeps them, not executed, with the reason.
    const broken = await assess({ model: 'fa', files: [{ name: 'classes.dex', data: Buffer.from('dex\n035\0broken') }] });
    expect(result(broken, 'dex.crypto.ecb_mode')).toBe('not_executed');
    expect(row(broken, 'dex.crypto.ecb_mode').evidence[0]?.detail).toContain('could not be read');
    const stage = await assess({});
    expect(stage.findings.some((f) => f.ruleId.includes('.dex.'))).toBe(false);
  });

  it('no two items of one platform share a title, in any language', () => {
    for (const platform of ['harmony', 'harmony_next']) {
      for (const lang of ['zh-CN', 'zh-TW', 'en', 'ja'] as const) {
        const titles = HARMONY_CATALOGUE.items.filter((i) => i.platform === platform).map((i) => i.title[lang] ?? i.title.en);
        expect(titles.filter((t, n) => titles.indexOf(t) !== n), `${platform} ${lang}`).toEqual([]);
      }
    }
  });
});
