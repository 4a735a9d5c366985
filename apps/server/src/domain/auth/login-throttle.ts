/**
 * Sign-in throttling per source address and account (issue 18 item 4, OWASP ASVS
 * 2.2.1). Before this, five wrong passwords locked any account for 15 minutes,
 * so anyone could keep `admin` locked out forever, and 423-vs-401 told which
 * accounts exist. Now:
 * - each (address, account name) pair gets FREE wrong passwords; after that the
 *   pair waits 1 s, 2 s, 4 s … (at most maxDelayMs) between attempts and is
 *   answered login_throttled (429) meanwhile. Another address — the owner —
 *   is not affected.
 * - only a pair's free attempts count toward the account lock (users.failed_attempts),
 *   so one address can never lock an account: the lock, kept as a configurable
 *   last resort (CITADEL_LOCKOUT_ATTEMPTS), needs wrong passwords from several
 *   addresses. Trade-off: a distributed attacker can still lock an account
 *   for CITADEL_LOCKOUT_MINUTES; raising the attempts weakens that, lowering them
 *   makes the lock easier to abuse.
 * - names that are not accounts are counted the same way here (in memory), so
 *   they are throttled and "locked" exactly like real ones: the answers never
 *   tell whether an account exists.
 * State is per portal process and bounded (oldest entries are dropped first).
 */
export interface LoginThrottleSettings {
  /** Wrong passwords an (address, account) pair may make before it is slowed. */
  freeAttempts: number;
  /** Longest wait between attempts of a slowed pair. */
  maxDelayMs: number;
  /** After this long without a failure, a pair starts afresh. */
  forgetAfterMs: number;
}

interface PairState {
  failures: number;
  blockedUntil: number;
  lastFailure: number;
}

interface NameState {
  failures: number;
  lockedUntil: number;
}

const MAX_ENTRIES = 50_000;

export class LoginThrottle {
  private readonly pairs = new Map<string, PairState>();
  private readonly unknownNames = new Map<string, NameState>();

  constructor(private readonly s: LoginThrottleSettings) {}

  private key(ip: string, name: string): string {
    return `${ip}\n${name.toLowerCase()}`;
  }

  /** Milliseconds this pair must still wait, 0 when it may try now. */
  waitMs(ip: string, name: string, now = Date.now()): number {
    const p = this.pairs.get(this.key(ip, name));
    if (!p) return 0;
    if (now - p.lastFailure > this.s.forgetAfterMs) {
      this.pairs.delete(this.key(ip, name));
      return 0;
    }
    return Math.max(0, p.blockedUntil - now);
  }

  /**
   * Records a wrong password (or unknown name) of the pair. Returns whether it
   * counts toward the account lock: only the pair's free attempts do.
   */
  failure(ip: string, name: string, now = Date.now()): boolean {
    const k = this.key(ip, name);
    const p = this.pairs.get(k);
    const fresh = !p || now - p.lastFailure > this.s.forgetAfterMs;
    const failures = fresh ? 1 : p.failures + 1;
    const over = failures - this.s.freeAttempts;
    const blockedUntil = over >= 0 ? now + Math.min(1000 * 2 ** Math.min(over, 30), this.s.maxDelayMs) : 0;
    this.pairs.delete(k);
    this.pairs.set(k, { failures, blockedUntil, lastFailure: now });
    trim(this.pairs);
    return failures <= this.s.freeAttempts;
  }

  /** A successful sign-in clears the pair. */
  success(ip: string, name: string): void {
    this.pairs.delete(this.key(ip, name));
  }

  /** Whether a name that is not an account is "locked" (answered like a locked account). */
  unknownLocked(name: string, now = Date.now()): boolean {
    const n = this.unknownNames.get(name.toLowerCase());
    return n !== undefined && n.lockedUntil > now;
  }

  /** Counts a counted failure of a name that is not an account, the way users.recordFailure does for real ones. */
  unknownFailure(name: string, lockoutAttempts: number, lockoutMs: number, now = Date.now()): boolean {
    const k = name.toLowerCase();
    const n = this.unknownNames.get(k);
    const failures = (n && n.lockedUntil <= now && n.lockedUntil !== 0 ? 0 : (n?.failures ?? 0)) + 1;
    const lock = failures >= lockoutAttempts;
    this.unknownNames.delete(k);
    this.unknownNames.set(k, { failures: lock ? 0 : failures, lockedUntil: lock ? now + lockoutMs : 0 });
    trim(this.unknownNames);
    return lock;
  }
}

function trim<V>(map: Map<string, V>): void {
  // Maps keep insertion order and entries are re-inserted on update: the first ones are the stalest.
  while (map.size > MAX_ENTRIES) {
    const first = map.keys().next();
    if (first.done) return;
    map.delete(first.value);
  }
}
