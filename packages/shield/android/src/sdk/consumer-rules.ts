/**
 * Keep rules an AAR promises its consumers (proguard.txt, ProGuard syntax):
 * classes named in -keep/-keepclassmembers/-keepnames/-keepclasseswithmembers
 * rules are kept by the renamer too, so the rules stay true after hardening.
 * Patterns are turned into prefixes: "com.example.api.**" → com/example/api/,
 * "com.example.Foo" → com/example/Foo; a pattern starting with a wildcard
 * keeps everything (renaming is then skipped), which errs on the safe side.
 */
import { ZipArchive } from '@citadel/engine-core';

const RULE = /-keep[a-z]*(?:\s*,\s*[a-z]+)*\s+(?:@\S+\s+)?(?:!?(?:public|private|protected|final|abstract|static|synthetic)\s+)*(?:class|interface|enum|@interface)\s+([^\s{;]+)/g;

export function parseConsumerRules(text: string): string[] {
  const keep: string[] = [];
  for (const line of text.replace(/#.*$/gm, '').matchAll(RULE)) {
    const pattern = line[1]!;
    const star = pattern.search(/[*?<]/);
    const prefix = (star < 0 ? pattern : pattern.slice(0, star)).replace(/\./g, '/');
    keep.push(star < 0 ? prefix : `${prefix}*`);
  }
  return keep;
}

export async function consumerKeeps(aarPath: string): Promise<string[]> {
  let zip: ZipArchive | undefined;
  try {
    zip = await ZipArchive.open(aarPath);
    const e = zip.entries.find((x) => x.name === 'proguard.txt');
    return e ? parseConsumerRules((await zip.read(e)).toString('utf8')) : [];
  } catch {
    return []; // an unreadable AAR is reported by the rebuild with its own message
  } finally {
    await zip?.close();
  }
}
