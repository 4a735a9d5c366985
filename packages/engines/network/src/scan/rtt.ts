/**
 * Adaptive timeouts per host, after RFC 6298 (TCP's retransmission timer):
 * a smoothed round-trip time and its variation from every connect that got
 * an answer (open: SYN/ACK, closed: RST — both are a full round trip), and a
 * timeout of srtt + 4·rttvar held between a floor and the configured first
 * timeout. A loopback or LAN host is then given up on in tens of
 * milliseconds instead of the configured seconds; a slow WAN host keeps
 * the long timeout.
 */
export class RttEstimator {
  private srtt?: number;
  private rttvar = 0;

  constructor(
    private readonly initialMs: number,
    private readonly floorMs = 100,
  ) {}

  sample(ms: number): void {
    if (this.srtt === undefined) {
      this.srtt = ms;
      this.rttvar = ms / 2;
      return;
    }
    this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - ms);
    this.srtt = 0.875 * this.srtt + 0.125 * ms;
  }

  /** The connect timeout now: the initial one until a sample arrives. */
  timeoutMs(): number {
    if (this.srtt === undefined) return this.initialMs;
    return Math.round(Math.min(this.initialMs, Math.max(this.floorMs, this.srtt + 4 * this.rttvar)));
  }

  /** How long to wait for a service that speaks first: a few round trips plus the service's own think time. */
  bannerWaitMs(): number {
    const base = this.srtt === undefined ? this.initialMs : this.srtt * 4 + 4 * this.rttvar;
    return Math.round(Math.min(3000, Math.max(400, base + 300)));
  }
}
