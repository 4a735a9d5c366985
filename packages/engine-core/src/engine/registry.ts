/**
 * The engines a process knows: the CLI and the task workers register the
 * engines they load, then ask which one takes an input.
 */
import { open } from 'node:fs/promises';
import type { Platform } from '@citadel/contracts';
import type { Engine } from './types.ts';

/** Bytes handed to Engine.accepts(): enough for ZIP, Mach-O, ELF and wxapkg magic and a first local header. */
export const HEAD_BYTES = 4096;

export class EngineRegistry {
  private readonly engines: Engine[] = [];

  register(engine: Engine): this {
    if (this.engines.some((e) => e.name === engine.name)) throw new Error(`engine "${engine.name}" registered twice`);
    this.engines.push(engine);
    return this;
  }

  list(): readonly Engine[] {
    return this.engines;
  }

  byName(name: string): Engine | undefined {
    return this.engines.find((e) => e.name === name);
  }

  /**
   * The first engine that accepts the file, with the platform it would use.
   * With `platform`, only engines covering it are asked, and the requested
   * platform wins over what accepts() said (e.g. an APK assessed as android_sdk).
   */
  find(fileName: string, head: Uint8Array, platform?: Platform): { engine: Engine; platform: Platform } | undefined {
    for (const engine of this.engines) {
      if (platform && !engine.platforms.includes(platform)) continue;
      let accepted: Platform | undefined;
      try {
        accepted = engine.accepts(fileName, head);
      } catch {
        accepted = undefined; // accepts() must not throw; a broken one simply does not take the file
      }
      if (accepted) return { engine, platform: platform ?? accepted };
    }
    return undefined;
  }

  /** For a web target: the first engine covering the platform (default "web"). */
  findForUrl(platform: Platform = 'web'): Engine | undefined {
    return this.engines.find((e) => e.platforms.includes(platform));
  }
}

/** The first HEAD_BYTES of a file without reading the rest. */
export async function readHead(path: string, bytes = HEAD_BYTES): Promise<Uint8Array> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
