/**
 * The contract between the task workers (and the CLI) and every engine.
 * An engine is a pure library: it reads the input files, honours the options
 * and the abort signal, reports progress, and returns an Assessment. It knows
 * nothing about HTTP, the database or users.
 */
import type { Assessment, Platform } from '@citadel/contracts';
import type { Catalogue } from '../catalogue/define.ts';
import type { SdkDefinition } from '../sdk/types.ts';
import type { WhitelistEntry } from './whitelist.ts';

export interface InputFile {
  /** Where the bytes are on local disk (the worker downloads from storage first). */
  path: string;
  /** The name the user uploaded, used for type detection and reports. */
  name: string;
  /** Size in bytes, when the caller knows it. */
  size?: number;
}

export interface EngineInput {
  /** Usually one file; a mini-program's main package and sub-packages come together. */
  files: InputFile[];
  /** Target address for web engines. */
  url?: string;
}

export interface EngineOptions {
  /** Platform requested by the task when an engine covers several (android vs android_sdk); else what accepts() said. */
  platform?: Platform;
  /** Rule ids to run (a template's items). Absent = all items; the others are not run and reported not_executed. */
  selected?: readonly string[];
  /** Occurrences matching an entry are marked whitelisted instead of counting against the score. */
  whitelist?: readonly WhitelistEntry[];
  /** Extra words to look for in strings (SPEC "sensitive words"); see parseSensitiveWords. */
  sensitiveWords?: readonly string[];
  /**
   * The third-party SDK library to recognise SDKs with, replacing the built-in
   * SDK_LIBRARY (the portal passes its edited copy: disabled entries left out,
   * customers' own entries last so they win on the same prefix). Absent = built-in.
   */
  sdkLibrary?: readonly SdkDefinition[];
  /** Engine-specific parameters, e.g. { appid } for encrypted WeChat packages. */
  params?: Readonly<Record<string, string>>;
  /**
   * Where the offline vulnerability data (OSV/NVD) is: the portal's database (the task worker
   * passes it) or a folder of OSV all.zip / NVD JSON files (the CLI's --vuln-db PATH). Engines
   * open it with openVulnerabilityData(options.vulnData) from @citadel/vulndb. Absent = no data:
   * known-vulnerability checks are not executed.
   */
  vulnData?: VulnDataDescriptor;
}

/** A serialisable handle on vulnerability data (see packages/vulndb/README.md). */
export type VulnDataDescriptor =
  | { kind: 'folder'; path: string }
  | { kind: 'database'; databaseUrl?: string; schema?: string; sqlitePath?: string };

export interface Progress {
  /** Items decided so far, of `total` selected items (SPEC task row: finish_item/total_item). */
  done: number;
  total: number;
  /** What the engine is doing, e.g. "dex", "native" (free text, for logs). */
  phase?: string;
}

export interface EngineContext {
  /** Cancellation: engines check it between items and in long loops; an aborted run rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Clock for timings (tests pass a fixed one). */
  now?: () => Date;
}

export interface Engine {
  /** Stable name, e.g. "android". */
  readonly name: string;
  readonly version: string;
  /** Platforms this engine assesses. */
  readonly platforms: readonly Platform[];
  /** Every item the engine implements. */
  readonly catalogue: Catalogue;
  /**
   * Whether this engine takes the file, judged from its name and first bytes
   * (at least the first 4 KiB when the file is that long): the platform it
   * would assess it as, or undefined. Must be cheap and must not throw.
   */
  accepts(fileName: string, head: Uint8Array): Platform | undefined;
  /**
   * Assesses the input. Rejects with EngineInputError when the input as a whole
   * cannot be assessed (wrong format, encrypted without key …); parts that
   * cannot be read are listed in Assessment.unreadable instead.
   */
  run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment>;
}

export type EngineInputErrorCode = 'unsupported_format' | 'corrupt' | 'too_large' | 'encrypted' | 'missing_parameter' | 'unreachable';

/** The input as a whole cannot be assessed; `message` is shown to the user as the task's fail_msg. */
export class EngineInputError extends Error {
  constructor(
    readonly code: EngineInputErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}
