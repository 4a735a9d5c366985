/**
 * Every connection the engine opens passes this gate: the address is checked
 * against the policy again (belt and braces: only planned addresses should
 * get here), the task's rate is kept (connection attempts per second over the
 * whole task), and at most `concurrency` connections are open at once.
 */
import type { NetworkPolicy } from '@citadel/engine-web';
import { ConnError } from './conn.ts';

export class Gate {
  private open = 0;
  private queue: (() => void)[] = [];
  private next = 0;
  private readonly interval: number;
  /** Connection attempts so far (reported in the result). */
  attempts = 0;

  constructor(
    private readonly policy: NetworkPolicy,
    ratePerSecond: number,
    private readonly concurrency: number,
    readonly signal: AbortSignal,
  ) {
    this.interval = ratePerSecond > 0 ? 1000 / ratePerSecond : 0;
  }

  async enter(address: string): Promise<void> {
    const v = this.policy.check(address);
    if (!v.ok) throw new ConnError('policy', v.reason);
    this.signal.throwIfAborted();
    if (this.open >= this.concurrency) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.open++;
    try {
      await this.pace();
    } catch (e) {
      this.leave();
      throw e;
    }
    this.attempts++;
  }

  leave(): void {
    this.open--;
    const w = this.queue.shift();
    if (w) w();
  }

  private async pace(): Promise<void> {
    if (this.interval === 0) return;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.interval;
    if (at > now) await sleep(at - now, this.signal);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
