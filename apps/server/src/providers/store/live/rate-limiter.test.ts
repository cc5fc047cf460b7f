import { describe, expect, it } from 'vitest';
import { RateLimiter, type Clock } from './rate-limiter.js';

/** A clock whose sleeps pass at once and move time on. */
function fakeClock(start = 0): Clock & { time: number } {
  const clock = {
    time: start,
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.time += ms;
    },
  };
  return clock;
}

describe('RateLimiter', () => {
  it('lets a burst through, then paces calls at the rate a minute', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(20, 3, clock);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 8 }, () => limiter.take().then(() => times.push(clock.now()))));
    expect(times).toEqual([0, 0, 0, 3000, 6000, 9000, 12000, 15000]);
  });

  it('never lets more than burst + rate calls through in a minute', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(20, 3, clock);
    const times: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      await limiter.take();
      times.push(clock.now());
    }
    for (const start of times) {
      expect(times.filter((time) => time >= start && time < start + 60_000).length).toBeLessThanOrEqual(23);
    }
  });

  it('refills while idle', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(60, 2, clock);
    await limiter.take();
    await limiter.take();
    clock.time += 10_000;
    const before = clock.now();
    await limiter.take();
    await limiter.take();
    expect(clock.now()).toBe(before);
  });

  it('waits on the real clock by default', async () => {
    const limiter = new RateLimiter(6000, 1);
    const started = Date.now();
    await limiter.take();
    await limiter.take();
    expect(Date.now() - started).toBeGreaterThanOrEqual(9);
  });
});
