/**
 * Tools the DEX shell needs, from Debian packages: smali (libsmali-java)
 * assembles the stub; enjarify turns the stub DEX into JVM classes and the
 * JDK's java/javac run its decryptor in the verification. A missing tool is
 * named with its package; the shell is never shipped unverified.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fail } from '../text.ts';

export type ShellTool = 'smali' | 'baksmali' | 'enjarify' | 'java' | 'javac' | 'keytool';
const PACKAGES: Record<ShellTool, string> = { smali: 'libsmali-java', baksmali: 'libsmali-java', enjarify: 'enjarify', java: 'default-jre-headless', javac: 'default-jdk-headless', keytool: 'default-jre-headless' };

export function findShellTool(tool: ShellTool): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin').split(delimiter)) {
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return join(dir, tool);
    } catch {
      /* not here */
    }
  }
  return undefined;
}

export function requireShellTool(tool: ShellTool): string {
  const p = findShellTool(tool);
  if (!p) fail('SHIELD_TOOL_MISSING', `服务器缺少 ${tool}（请安装 Debian 软件包 ${PACKAGES[tool]}）`, `${tool} is not installed on the server (install the Debian package ${PACKAGES[tool]})`);
  return p;
}

/**
 * JVM settings for the short tool runs: a bounded heap (the job's memory watch sees only the Node child, so the JVMs
 * cap themselves; 1 GiB lets smali re-assemble a DEX of ~2,000 classes), the serial collector and the client
 * compiler (fewer threads and a faster start on a busy machine). Debian's smali/baksmali wrappers read JAVA_ARGS.
 */
export const JVM_FLAGS = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];
export const SMALI_ENV = { JAVA_ARGS: ['-Xmx1g', ...JVM_FLAGS].join(' ') };
export const HARNESS_JVM = ['-Xmx256m', ...JVM_FLAGS];
export const JAVAC_FLAGS = JVM_FLAGS.map((f) => `-J${f}`);
