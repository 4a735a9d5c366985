/**
 * Which parser reads which file, by its name (as OSV-Scanner recognises
 * lockfiles). `parseManifest` takes the file's bytes and, for formats that
 * refer to other files of the project (requirements `-r`, a POM's parent),
 * a view of the project's other manifests.
 */
import type { Manifest } from '../model.ts';
import { parseCargoLock } from './cargo-lock.ts';
import { parseComposerLock } from './composer-lock.ts';
import { parseGemfileLock } from './gemfile-lock.ts';
import { parseGoMod } from './go-mod.ts';
import { type PomModel, parsePom } from './maven.ts';
import { parseNpmLock } from './npm-lock.ts';
import { parsePnpmLock } from './pnpm-lock.ts';
import { type IncludeReader, parsePipfileLock, parsePoetryLock, parseRequirements } from './python.ts';
import { parseYarnLock } from './yarn-lock.ts';

export { parseCargoLock, parseComposerLock, parseGemfileLock, parseGoMod, parseNpmLock, parsePnpmLock, parsePipfileLock, parsePoetryLock, parseRequirements, parseYarnLock, parsePom };
export { parsePomProperties, readPom, type PomModel } from './maven.ts';

export interface ProjectView {
  /** Another file of the input by a path relative to `from` (requirements includes). */
  include?: IncludeReader;
  /** A POM of the project by its coordinates (parents). */
  parentPom?: (groupId: string, artifactId: string) => PomModel | undefined;
}

type Parser = (file: string, bytes: Uint8Array, view: ProjectView) => Manifest;

const BY_NAME: [RegExp, Parser][] = [
  [/^(?:package-lock|npm-shrinkwrap)\.json$/, (f, b) => parseNpmLock(f, b)],
  [/^yarn\.lock$/, (f, b) => parseYarnLock(f, b)],
  [/^pnpm-lock\.yaml$/, (f, b) => parsePnpmLock(f, b)],
  [/^(?:.*requirements.*\.txt|requirements\.in)$/i, (f, b, v) => parseRequirements(f, b, v.include)],
  [/^Pipfile\.lock$/, (f, b) => parsePipfileLock(f, b)],
  [/^poetry\.lock$/, (f, b) => parsePoetryLock(f, b)],
  [/^go\.mod$/, (f, b) => parseGoMod(f, b)],
  [/^Cargo\.lock$/, (f, b) => parseCargoLock(f, b)],
  [/^composer\.lock$/, (f, b) => parseComposerLock(f, b)],
  [/^(?:Gemfile|gems\.rb)\.lock$|^gems\.locked$/, (f, b) => parseGemfileLock(f, b)],
  [/^pom\.xml$/, (f, b, v) => parsePom(f, b, v.parentPom)],
];

export function parserFor(fileName: string): Parser | undefined {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  return BY_NAME.find(([re]) => re.test(base))?.[1];
}

export const isManifestName = (fileName: string): boolean => parserFor(fileName) !== undefined;
export const isJavaArchiveName = (fileName: string): boolean => /\.(?:jar|war|ear)$/i.test(fileName);
