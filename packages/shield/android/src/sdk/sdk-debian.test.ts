/**
 * A real third-party library through the renamer: Debian's commons-lang3
 * (libcommons-lang3-java; the test skips without it or a JDK). A program
 * compiled against the original gives the same output on the protected JAR.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTool } from '../signing/tools.ts';
import { hardenSdk } from './module.ts';

const JAR = '/usr/share/java/commons-lang3.jar';
const PROGRAM = `import org.apache.commons.lang3.*; import org.apache.commons.lang3.text.WordUtils; import org.apache.commons.lang3.math.NumberUtils; import org.apache.commons.lang3.time.DurationFormatUtils; import org.apache.commons.lang3.builder.*;
public class P { int a = 1; String b = "x";
  public static void main(String[] x) {
    int[] r = { 1, 2, 3 };
    ArrayUtils.reverse(r);
    System.out.println(StringUtils.abbreviate("citadel hardening", 10) + "|" + StringUtils.capitalize("shield") + "|" + WordUtils.wrap("a b c d e f", 3) .replace('\\n', '/') + "|" + NumberUtils.toInt("42", 0) + "|" + StringEscapeUtils.escapeHtml4("<a&b>") + "|" + DurationFormatUtils.formatDuration(3723000, "HH:mm:ss") + "|" + ToStringBuilder.reflectionToString(new P(), ToStringStyle.SHORT_PREFIX_STYLE) + "|" + StringUtils.join(ArrayUtils.toObject(r), ',') + "|" + RandomStringUtils.random(0) + "|" + StringUtils.getLevenshteinDistance("kitten", "sitting") + "|" + new HashCodeBuilder(17, 37).append(5).append("z").toHashCode());
  }
}
`;

describe.skipIf(!existsSync(JAR) || !findTool('javac') || !findTool('java'))('SDK renaming of a Debian library', () => {
  it('commons-lang3: strings encrypted and internals renamed, verified; a program built against the original gives the same output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shield-sdk-deb-'));
    writeFileSync(join(dir, 'P.java'), PROGRAM);
    execFileSync(findTool('javac')!, ['-nowarn', '-cp', JAR, '-d', dir, join(dir, 'P.java')], { stdio: 'ignore' });
    const run = (jar: string): string => execFileSync(findTool('java')!, ['-Xshare:auto', '-XX:TieredStopAtLevel=1', '-Xverify:all', '-cp', `${jar}:${dir}`, 'P'], { encoding: 'utf8' }).trim();
    const r = await hardenSdk({ path: JAR, name: 'commons-lang3.jar' }, { encryptStringsIn: ['org/apache/commons/lang3/'] }, { workDir: mkdtempSync(join(dir, 'job-')) });
    expect(r.verification.ok, JSON.stringify(r.verification.checks)).toBe(true);
    expect(r.metrics.membersRenamed).toBeGreaterThan(100);
    expect(r.applied.map((a) => a.id)).toContain('class.strings');
    const before = run(JAR);
    expect(before).toContain('citadel...|Shield|');
    expect(run(r.outputPath)).toBe(before); // DurationFormatUtils compares its string tokens by identity: the decryptor interns
  }, 60_000);
});
