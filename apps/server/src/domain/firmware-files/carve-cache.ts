/**
 * The last few carves, per task, in the portal's memory: one unpack of an image
 * answers a whole browsing session (a carve gives every file while its budget
 * lasts; the shared TP-Link image's 374 files are ~9 MB). Bounded by the number
 * of tasks kept and by the bytes they hold; the least recently used goes first.
 */
import type { CarvedEntry } from '@citadel/engine-firmware/carve';

export interface Carve {
  entries: Map<string, CarvedEntry>;
  bytes: number;
}

export class CarveCache {
  private readonly carves = new Map<number, Carve>();
  private total = 0;

  constructor(
    private readonly maxTasks: number,
    private readonly maxBytes: number,
  ) {}

  get(taskId: number): Carve | undefined {
    const c = this.carves.get(taskId);
    if (c) {
      // Re-inserted: Map order is the recency order.
      this.carves.delete(taskId);
      this.carves.set(taskId, c);
    }
    return c;
  }

  set(taskId: number, carve: Carve): void {
    this.drop(taskId);
    if (carve.bytes > this.maxBytes) return;
    this.carves.set(taskId, carve);
    this.total += carve.bytes;
    for (const [id, c] of this.carves) {
      if (this.carves.size <= this.maxTasks && this.total <= this.maxBytes) break;
      this.carves.delete(id);
      this.total -= c.bytes;
    }
  }

  drop(taskId: number): void {
    const old = this.carves.get(taskId);
    if (!old) return;
    this.carves.delete(taskId);
    this.total -= old.bytes;
  }

  get size(): { tasks: number; bytes: number } {
    return { tasks: this.carves.size, bytes: this.total };
  }
}
