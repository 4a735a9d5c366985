import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine } from '../index.ts';
import { ProjectProperties } from './properties.ts';

const JAVA = `class H {
  String digest(String s) throws Exception {
    java.util.Properties props = new java.util.Properties();
    props.load(H.class.getClassLoader().getResourceAsStream("app.properties"));
    String alg = props.getProperty("hashAlg", "DEFAULT");
    return new String(java.security.MessageDigest.getInstance(alg).digest(s.getBytes()));
  }
}
`;

describe('project .properties values (Java)', () => {
  it('reads key=value, key: value, comments and continuations; first definition wins', () => {
    const p = new ProjectProperties();
    p.add('# c\n! c\na=1\nb : two words \nc\\\n  d=3\na=again\n');
    expect([p.get('a'), p.get('b'), p.get('cd')]).toEqual(['1', 'two words', '3']);
  });

  it('judges getProperty(key, default) by the value the project configures', async () => {
    const scan = async (props: string, fallback: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'src-props-'));
      mkdirSync(join(dir, 'src/main/java'), { recursive: true });
      mkdirSync(join(dir, 'src/main/resources'), { recursive: true });
      writeFileSync(join(dir, 'src/main/java/H.java'), JAVA.replace('DEFAULT', fallback));
      writeFileSync(join(dir, 'src/main/resources/app.properties'), props);
      const a = await engine.run({ files: [{ path: dir, name: 'p' }] }, {}, {});
      return a.findings.filter((f) => f.result === 'fail').map((f) => f.ruleId);
    };
    expect(await scan('hashAlg=MD5\n', 'SHA-256')).toContain('source.crypto.weak_hash');
    expect(await scan('hashAlg=SHA-256\n', 'MD5')).not.toContain('source.crypto.weak_hash');
  });
});
