/**
 * Tools the DEX shell needs, from Debian packages: smali (libsmali-java)
 * assembles the stub; enjarify turns the stub DEX into JVM classes and the
 * JDK's java/javac run its decryptor in the verification. A missing tool is
 * named with its package; the shell is never shipped unverified.
 */
import { type Tool, findTool, requireTool } from '../signing/tools.ts';

/** The tools the shell runs (found and named with their Debian packages by signing/tools.ts). */
export type ShellTool = Extract<Tool, 'smali' | 'baksmali' | 'enjarify' | 'java' | 'javac' | 'keytool'>;
export const findShellTool = (tool: ShellTool): string | undefined => findTool(tool);
export const requireShellTool = (tool: ShellTool): string => requireTool(tool);

/**
 * JVM settings for the short tool runs: a bounded heap (the job's memory watch sees only the Node child, so the JVMs
 * cap themselves; 1 GiB lets smali re-assemble a DEX of ~2,000 classes), the serial collector and the client
 * compiler (fewer threads and a faster start on a busy machine). Debian's smali/baksmali wrappers read JAVA_ARGS.
 */
export const JVM_FLAGS = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];
export const SMALI_ENV = { JAVA_ARGS: ['-Xmx1g', ...JVM_FLAGS].join(' ') };
export const HARNESS_JVM = ['-Xmx256m', ...JVM_FLAGS];
export const JAVAC_FLAGS = JVM_FLAGS.map((f) => `-J${f}`);
