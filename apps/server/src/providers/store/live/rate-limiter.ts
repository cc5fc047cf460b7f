/** How the limiter reads and waits for time; tests pass a fake clock. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A token bucket with a FIFO queue: up to `burst` calls at once, then `perMinute` calls a minute, in the
 * order they asked. In any minute at most `burst + perMinute` calls pass. Per process: N API processes
 * make N times the calls, so keep live lookups in the worker where possible.
 */
export class RateLimiter {
  private tokens: number;
  private updated: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.tokens = burst;
    this.updated = clock.now();
  }

  /** Resolves when the caller may make one call. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      this.refill();
      while (this.tokens < 1) {
        await this.clock.sleep(Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute));
        this.refill();
      }
      this.tokens -= 1;
    });
    this.queue = turn;
    return turn;
  }

  private refill(): void {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updated) * this.perMinute) / 60_000);
    this.updated = now;
  }
}
