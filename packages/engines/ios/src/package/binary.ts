/**
 * From the bytes of one Mach-O file (thin or fat) or one static library to a
 * BinarySummary: per-slice protections, imports and load-command facts; class
 * names, strings and the code signature from the first readable slice. A
 * broken slice is recorded, the others are still summarised.
 */
import type { Attribution } from '@citadel/contracts';
import { FormatError, parseSignedData } from '@citadel/engine-core';
import {
  analyzeProtections, arMemberBytes, type BinaryProtections, extractStrings, isArArchive, isFatMagic, matchInsecureImports, type MachOImage,
  readArArchive, readEmbeddedSignature, readFatArches, readMachO, readMachOImage, readObjcClassNames, readSwiftTypeNames, readSymbolTable,
  thinMagic,
} from '../formats/index.ts';
import { inlinePtraceSyscalls } from './inline-syscalls.ts';
import type { BinaryRole, BinarySummary, SignerSummary, SliceSummary } from './model.ts';

export interface BinaryLimits {
  /** Strings kept per binary for the secret scan. */
  maxStrings: number;
  /** Class names kept per binary. */
  maxClassNames: number;
  /** Object files read from one static library (per architecture). */
  maxArchiveMembers: number;
}

export const DEFAULT_BINARY_LIMITS: BinaryLimits = { maxStrings: 200_000, maxClassNames: 200_000, maxArchiveMembers: 20_000 };

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function sliceSummary(image: MachOImage): { slice: SliceSummary; symbolNames: string[] } {
  const symbols = readSymbolTable(image);
  const protections = analyzeProtections(image, symbols);
  return {
    slice: {
      arch: image.header.arch,
      filetypeName: image.header.filetypeName,
      flagNames: image.header.flagNames,
      protections,
      imports: symbols.imports,
      dylibs: image.dylibs,
      rpaths: image.rpaths,
      platforms: image.platforms,
      inlinePtraceSyscalls: inlinePtraceSyscalls(image),
    },
    symbolNames: symbols.exports,
  };
}

function signerOf(cms: Uint8Array | undefined): SignerSummary | undefined {
  if (!cms || cms.length === 0) return undefined;
  const sd = parseSignedData(cms);
  const cert = sd.signers[0]?.certificate ?? sd.certificates[0];
  if (!cert) return undefined;
  return { subject: cert.subject, issuer: cert.issuer, serialNumber: cert.serialNumber, notBefore: cert.notBefore, notAfter: cert.notAfter, sha1: cert.fingerprints.sha1, sha256: cert.fingerprints.sha256 };
}

function emptySummary(path: string, role: BinaryRole, owner: Attribution, size: number, fat: boolean): BinarySummary {
  return { path, role, owner, size, fat, slices: [], sliceErrors: [], classNames: [], strings: [], stringsTruncated: false };
}

/** Class names, strings and signature of the first readable image. */
function describeImage(summary: BinarySummary, image: MachOImage, exportNames: string[], limits: BinaryLimits): void {
  try {
    const objc = readObjcClassNames(image, { maxClasses: limits.maxClassNames }).names;
    const swift = readSwiftTypeNames(image, exportNames).names;
    summary.classNames = [...new Set([...objc, ...swift])].slice(0, limits.maxClassNames);
  } catch (e) {
    summary.sliceErrors.push(`class names: ${message(e)}`);
  }
  try {
    const s = extractStrings(image, { maxStrings: limits.maxStrings });
    summary.strings = s.strings;
    summary.stringsTruncated = s.truncated;
  } catch (e) {
    summary.sliceErrors.push(`strings: ${message(e)}`);
  }
  try {
    const sig = readEmbeddedSignature(image);
    if (sig) {
      summary.signature = sig;
      summary.signer = signerOf(sig.cms);
    }
  } catch (e) {
    summary.signatureError = message(e);
  }
}

/** A Mach-O executable, framework binary, plug-in or dylib. Throws FormatError when no slice at all is readable. */
export function summarizeMachO(bytes: Uint8Array, path: string, role: BinaryRole, owner: Attribution, limits: BinaryLimits = DEFAULT_BINARY_LIMITS): BinarySummary {
  const file = readMachO(bytes);
  const summary = emptySummary(path, role, owner, bytes.length, file.kind === 'fat');
  for (const e of file.sliceErrors) summary.sliceErrors.push(`${e.arch} at ${e.offset}: ${e.error.message}`);
  let described = false;
  for (const image of file.images) {
    try {
      const { slice, symbolNames } = sliceSummary(image);
      summary.slices.push(slice);
      if (!described) {
        describeImage(summary, image, symbolNames, limits);
        described = true;
      }
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      summary.sliceErrors.push(`${image.header.arch}: ${e.message}`);
    }
  }
  if (summary.slices.length === 0) throw new FormatError(`no readable Mach-O slice (${summary.sliceErrors.join('; ') || 'empty fat file'})`, 'macho');
  return summary;
}

/** The ar archives of a static library: the file itself, or each slice of a universal (fat) library. */
function archivesOf(bytes: Uint8Array): { arch?: string; bytes: Uint8Array }[] {
  if (isArArchive(bytes)) return [{ bytes }];
  if (!isFatMagic(bytes)) throw new FormatError('not an ar archive or universal static library', 'ar', 0);
  return readFatArches(bytes).map((a) => ({ arch: a.arch, bytes: bytes.subarray(a.offset, a.offset + a.size) }));
}

/** Several object files of one architecture merged into one slice: a protection counts when any object shows it. */
function mergeSlices(arch: string, parts: SliceSummary[]): SliceSummary {
  const imports = [...new Set(parts.flatMap((p) => p.imports))];
  const first = parts[0]!;
  const any = (k: keyof Pick<BinaryProtections, 'stackCanary' | 'arc' | 'swift' | 'usesRpath' | 'stackExecutionAllowed'>) => parts.some((p) => p.protections[k]);
  const protections: BinaryProtections = {
    ...first.protections,
    arch,
    pie: true,
    stackCanary: any('stackCanary'),
    arc: any('arc'),
    swift: any('swift'),
    usesRpath: any('usesRpath'),
    stackExecutionAllowed: any('stackExecutionAllowed'),
    insecureImports: matchInsecureImports(imports),
    evidence: {
      ...first.protections.evidence,
      stackCanary: parts.find((p) => p.protections.stackCanary)?.protections.evidence.stackCanary ?? `none of ${parts.length} objects imports ___stack_chk_fail or ___stack_chk_guard`,
      arc: parts.find((p) => p.protections.arc)?.protections.evidence.arc ?? `none of ${parts.length} objects imports ARC runtime calls`,
    },
  };
  return {
    arch,
    filetypeName: 'MH_OBJECT',
    flagNames: [],
    protections,
    imports,
    dylibs: [],
    rpaths: [],
    platforms: first.platforms,
    inlinePtraceSyscalls: parts.flatMap((p) => p.inlinePtraceSyscalls).slice(0, 20),
  };
}

/** A static library (.a): every object of every architecture read; class names and strings from the first architecture. */
export function summarizeStaticLibrary(bytes: Uint8Array, path: string, owner: Attribution, limits: BinaryLimits = DEFAULT_BINARY_LIMITS): BinarySummary {
  const archives = archivesOf(bytes);
  const summary = emptySummary(path, 'library', owner, bytes.length, archives.length > 1 || archives[0]?.arch !== undefined);
  archives.forEach((archive, index) => {
    let members;
    try {
      members = readArArchive(archive.bytes, { maxMembers: limits.maxArchiveMembers }).members;
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      summary.sliceErrors.push(`${archive.arch ?? 'archive'}: ${e.message}`);
      return;
    }
    const parts: SliceSummary[] = [];
    const classNames = new Set<string>();
    for (const member of members) {
      const data = arMemberBytes(archive.bytes, member);
      if (!thinMagic(data)) continue;
      try {
        const image = readMachOImage(data);
        const { slice, symbolNames } = sliceSummary(image);
        parts.push(slice);
        if (index === 0) {
          const one = emptySummary(member.name, 'library', owner, data.length, false);
          describeImage(one, image, symbolNames, { ...limits, maxStrings: Math.max(0, limits.maxStrings - summary.strings.length) });
          for (const n of one.classNames) if (classNames.size < limits.maxClassNames) classNames.add(n);
          for (const s of one.strings) summary.strings.push({ ...s, section: `${member.name}:${s.section}` });
          summary.stringsTruncated ||= one.stringsTruncated;
        }
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        summary.sliceErrors.push(`${member.name}: ${e.message}`);
      }
    }
    if (parts.length > 0) summary.slices.push(mergeSlices(archive.arch ?? parts[0]!.arch, parts));
    if (index === 0) summary.classNames = [...classNames];
  });
  if (summary.slices.length === 0) throw new FormatError(`no readable object file in the library (${summary.sliceErrors.slice(0, 3).join('; ') || 'no Mach-O members'})`, 'ar');
  return summary;
}

/** Whether bytes look like a static library: an ar archive, or a fat file whose first slice is one. */
export function looksLikeStaticLibrary(bytes: Uint8Array): boolean {
  if (isArArchive(bytes)) return true;
  if (!isFatMagic(bytes)) return false;
  try {
    const first = readFatArches(bytes)[0];
    return first !== undefined && isArArchive(bytes.subarray(first.offset, first.offset + first.size));
  } catch {
    return false;
  }
}
