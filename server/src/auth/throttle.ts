/**
 * Slows down password guessing: after MAX_FAILURES failed sign-ins for one e-mail within
 * WINDOW_MS, further attempts are refused until the oldest of them leaves the window.
 * In memory, per server process.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
/** Past this many e-mails tracked, stale entries are swept (bounds memory under a spray of addresses). */
const SWEEP_AT = 10_000;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** True while `email` has used up its failures in the window. */
  blocked(email: string): boolean {
    return this.recent(email).length >= MAX_FAILURES;
  }

  fail(email: string): void {
    const times = this.recent(email);
    times.push(this.now().getTime());
    this.failures.set(email, times);
    if (this.failures.size > SWEEP_AT) this.sweep();
  }

  succeed(email: string): void {
    this.failures.delete(email);
  }

  private recent(email: string): number[] {
    const since = this.now().getTime() - WINDOW_MS;
    const times = (this.failures.get(email) ?? []).filter((time) => time > since);
    if (times.length === 0) this.failures.delete(email);
    else this.failures.set(email, times);
    return times;
  }

  private sweep(): void {
    for (const email of [...this.failures.keys()]) this.recent(email);
  }
}
