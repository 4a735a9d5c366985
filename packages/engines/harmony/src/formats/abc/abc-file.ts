/**
 * parseAbc: the whole-file reader. Header, class index and index regions are
 * structural, so a problem there is a FormatError; a single class, literal
 * array, module record or debug-info item that cannot be read becomes a
 * warning and the rest of the file is still reported (the engine turns
 * warnings into "could not read" evidence). Method code is decoded into call
 * facts (code/): which API each method calls with which constant arguments.
 */
import { boundedCount, ByteReader, FormatError } from '@citadel/engine-core';
import { spend, type WorkBudget } from './budget.ts';
import { type AbcClass, parseClass } from './classes.ts';
import { type AbcMethodFacts, type CodeDecoding, codeDecodable, decodeFileCode } from './code/code.ts';
import { collectDebugStrings } from './debug-info.ts';
import { type AbcHeader, parseAbcHeader } from './header.ts';
import { type AbcLiteralArray, parseLiteralArray } from './literals.ts';
import { type AbcModuleRecord, parseModuleRecord } from './module-record.ts';
import { type AbcString, tryReadAbcString } from './mutf8.ts';

export interface AbcLimits {
  maxClasses: number;
  maxMembersPerClass: number;
  maxLiteralArrays: number;
  maxLiteralsPerArray: number;
  maxStrings: number;
  /**
   * Total work over the file (bytes of strings decoded, members, literals,
   * index entries, line-program steps); by default 64 units per byte of input
   * plus a constant, far above what real files need.
   */
  maxWork?: number;
  /** Decode method code into call facts (default true). */
  decodeCode?: boolean;
}

export const DEFAULT_ABC_LIMITS: AbcLimits = {
  maxClasses: 200_000,
  maxMembersPerClass: 65_536,
  maxLiteralArrays: 500_000,
  maxLiteralsPerArray: 1_000_000,
  maxStrings: 2_000_000,
};

/** One RegionHeader: 16-bit indices in [startOff, endOff) resolve through these tables. */
export interface AbcIndexRegion {
  startOff: number;
  endOff: number;
  classIdxSize: number;
  classIdxOff: number;
  /** "method_string_literal_region_idx" from format 10 on: offsets of methods, strings and literal arrays. */
  methodIdxSize: number;
  methodIdxOff: number;
  fieldIdxSize: number;
  fieldIdxOff: number;
  protoIdxSize: number;
  protoIdxOff: number;
}

export interface AbcFile {
  header: AbcHeader;
  /** Entries of the class index, local records and foreign classes alike. */
  classes: AbcClass[];
  regions: AbcIndexRegion[];
  literalArrays: AbcLiteralArray[];
  moduleRecords: AbcModuleRecord[];
  /** Every String item reached from the structures above, by offset. */
  strings: AbcString[];
  /** Whether method code was decoded (files before ISA 9.0.0.0 are not). */
  code: CodeDecoding | 'skipped';
  /** Per local method with code: the calls and property reads found in it. */
  methods: AbcMethodFacts[];
  warnings: string[];
}

const REGION_HEADER_SIZE = 40;
const MAX_CODE_WARNINGS = 20;
const MAX_REGION_ENTRIES = 65_536;

export function parseAbc(bytes: Uint8Array, limits: Partial<AbcLimits> = {}): AbcFile {
  const lim = { ...DEFAULT_ABC_LIMITS, ...limits };
  const header = parseAbcHeader(new ByteReader(bytes, 'abc'));
  const r = new ByteReader(bytes.subarray(0, header.fileSize), 'abc');
  const warnings: string[] = [];
  const budget: WorkBudget = { remaining: lim.maxWork ?? 64 * header.fileSize + 10_000_000 };
  const strings = new Map<number, AbcString>();
  const notStrings = new Set<number>();
  const addString = (offset: number) => {
    if (strings.has(offset) || notStrings.has(offset)) return;
    if (strings.size >= lim.maxStrings) r.fail(`more than ${lim.maxStrings} strings`);
    const s = tryReadAbcString(r, offset, budget);
    if (s) strings.set(offset, s);
    else notStrings.add(offset);
  };
  const soft = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      // An exhausted budget ends the whole parse; other problems spoil only this item.
      if (!(e instanceof FormatError) || budget.remaining < 0) throw e;
      warnings.push(`${what}: ${e.message}`);
    }
  };

  if (!r.has(header.foreignOff, header.foreignSize)) r.fail('foreign region outside the file', 20);
  const isForeign = (o: number) => o >= header.foreignOff && o < header.foreignOff + header.foreignSize;

  const classOffsets = readOffsetTable(r, header.classIdxOff, header.numClasses, 'class index', lim.maxClasses);
  const classes: AbcClass[] = [];
  for (const off of new Set(classOffsets)) {
    soft(`class at 0x${off.toString(16)}`, () => classes.push(parseClass(r, off, isForeign(off), lim, budget)));
  }

  let lnpIndex: number[] = [];
  soft('line number program index', () => {
    lnpIndex = readOffsetTable(r, header.lnpIdxOff, header.numLnps, 'line number program index', 1_000_000);
  });

  const regions = readRegions(r, header);

  // Module records first: their literal arrays have their own layout.
  const moduleRecords: AbcModuleRecord[] = [];
  const moduleRecordOffsets = new Set<number>();
  for (const cls of classes) {
    const field = cls.fields.find((f) => f.name === 'moduleRecordIdx');
    const at = field?.value ?? field?.intValue;
    if (at === undefined || at <= 0 || moduleRecordOffsets.has(at)) continue;
    moduleRecordOffsets.add(at);
    soft(`module record of ${cls.name}`, () => moduleRecords.push(parseModuleRecord(r, at, cls.name, addString, budget)));
  }

  const methodOffsets = new Set<number>();
  for (const cls of classes) for (const m of cls.methods) methodOffsets.add(m.offset);

  // Literal arrays: from the header index (formats before 12) and from the index regions.
  const literalArrays = new Map<number, AbcLiteralArray>();
  const indexed = new Set<number>();
  soft('literal array index', () => {
    if (header.numLiteralArrays === 0) return;
    for (const off of readOffsetTable(r, header.literalArrayIdxOff, header.numLiteralArrays, 'literal array index', lim.maxLiteralArrays)) indexed.add(off);
  });
  const regionCandidates = new Set<number>();
  const tablesSeen = new Set<string>();
  for (const region of regions) {
    const key = `${region.methodIdxOff}:${region.methodIdxSize}`;
    if (tablesSeen.has(key)) continue;
    tablesSeen.add(key);
    spend(budget, region.methodIdxSize, r, region.methodIdxOff);
    for (const off of readOffsetTable(r, region.methodIdxOff, region.methodIdxSize, 'method/string/literal index', MAX_REGION_ENTRIES)) {
      if (methodOffsets.has(off) || moduleRecordOffsets.has(off)) continue;
      addString(off);
      if (!strings.has(off)) regionCandidates.add(off); // neither a local method nor a string: a literal array, when it parses as one
    }
  }
  const pending = [...indexed, ...regionCandidates];
  const notLiteralArrays = new Set<number>();
  while (pending.length > 0) {
    const off = pending.pop()!;
    if (literalArrays.has(off) || moduleRecordOffsets.has(off) || notLiteralArrays.has(off)) continue;
    if (literalArrays.size >= lim.maxLiteralArrays) r.fail(`more than ${lim.maxLiteralArrays} literal arrays`);
    try {
      const arr = parseLiteralArray(r, off, lim.maxLiteralsPerArray, budget);
      literalArrays.set(off, arr);
      for (const lit of arr.literals) {
        if (lit.stringOffset !== undefined) addString(lit.stringOffset);
        if (lit.tag === 0x18 && typeof lit.value === 'number') pending.push(lit.value);
      }
    } catch (e) {
      if (!(e instanceof FormatError) || budget.remaining < 0) throw e;
      notLiteralArrays.add(off);
      // A region entry that is not a literal array either (e.g. a foreign method) is not worth a warning.
      if (!regionCandidates.has(off) || indexed.has(off)) warnings.push(`literal array at 0x${off.toString(16)}: ${e.message}`);
    }
  }

  for (const cls of classes) {
    addString(cls.offset);
    for (const f of cls.fields) addString(r.u32(f.offset + 4));
    for (const m of cls.methods) addString(r.u32(m.offset + 4));
  }

  let code: AbcFile['code'] = 'skipped';
  let methods: AbcMethodFacts[] = [];
  if (lim.decodeCode !== false) {
    if (codeDecodable(header.versionBytes)) {
      code = 'decoded';
      methods = decodeFileCode(r, classes, regions, moduleRecords, budget);
      const broken = methods.filter((m) => m.problem);
      for (const m of broken.slice(0, MAX_CODE_WARNINGS)) warnings.push(`code of ${m.record}.${m.method}: ${m.problem}`);
      if (broken.length > MAX_CODE_WARNINGS) warnings.push(`code of ${broken.length - MAX_CODE_WARNINGS} more methods could not be decoded to their end`);
    } else code = 'unsupported-version';
  }

  const seenDebug = new Set<number>();
  for (const cls of classes) {
    for (const m of cls.methods) {
      if (m.debugInfoOffset === undefined || seenDebug.has(m.debugInfoOffset)) continue;
      seenDebug.add(m.debugInfoOffset);
      soft(`debug info of ${cls.name}.${m.name}`, () => {
        for (const off of collectDebugStrings(r, m.debugInfoOffset!, lnpIndex, budget).offsets) addString(off);
      });
    }
  }

  return {
    header,
    classes,
    regions,
    literalArrays: [...literalArrays.values()].sort((a, b) => a.offset - b.offset),
    moduleRecords,
    strings: [...strings.values()].sort((a, b) => a.offset - b.offset),
    code,
    methods,
    warnings,
  };
}

/** A table of `count` u32 offsets at `at`, every one inside the file. */
function readOffsetTable(r: ByteReader, at: number, count: number, what: string, max: number): number[] {
  if (count === 0) return [];
  boundedCount(r, count, what, max, 4, at, Math.max(0, r.length - at));
  r.check(at, count * 4, what);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const off = r.u32(at + i * 4);
    if (off >= r.length) r.fail(`${what}: entry ${i} points past the end (0x${off.toString(16)})`, at + i * 4);
    out.push(off);
  }
  return out;
}

function readRegions(r: ByteReader, header: AbcHeader): AbcIndexRegion[] {
  const n = boundedCount(r, header.numIndexRegions, 'index regions', 65_536, REGION_HEADER_SIZE, header.indexSectionOff, Math.max(0, r.length - header.indexSectionOff));
  const regions: AbcIndexRegion[] = [];
  for (let i = 0; i < n; i++) {
    const at = header.indexSectionOff + i * REGION_HEADER_SIZE;
    const v = (k: number) => r.u32(at + k * 4);
    const region: AbcIndexRegion = {
      startOff: v(0),
      endOff: v(1),
      classIdxSize: v(2),
      classIdxOff: v(3),
      methodIdxSize: v(4),
      methodIdxOff: v(5),
      fieldIdxSize: v(6),
      fieldIdxOff: v(7),
      protoIdxSize: v(8),
      protoIdxOff: v(9),
    };
    if (region.startOff > region.endOff || region.endOff > r.length) r.fail(`index region ${i} [0x${region.startOff.toString(16)}, 0x${region.endOff.toString(16)}) outside the file`, at);
    for (const [size, off, what] of [
      [region.classIdxSize, region.classIdxOff, 'class region index'],
      [region.methodIdxSize, region.methodIdxOff, 'method region index'],
      [region.fieldIdxSize, region.fieldIdxOff, 'field region index'],
      [region.protoIdxSize, region.protoIdxOff, 'proto region index'],
    ] as const) {
      boundedCount(r, size, what, MAX_REGION_ENTRIES, 4, off, Math.max(0, r.length - off));
      if (size > 0) r.check(off, size * 4, what);
    }
    regions.push(region);
  }
  return regions;
}
