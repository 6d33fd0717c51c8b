/** A per-socket event budget: at most `limit` events in any fixed window of `windowMs`. */
export class EventBudget {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly limit = 20,
    private readonly windowMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event; false when the budget of the current window is spent. */
  take(): boolean {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.limit;
  }
}
