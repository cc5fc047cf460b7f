import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, lastActivity, markActivity, startIdleWatcher } from './idle';

describe('idle watcher', () => {
  let now = 1_000_000;
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const start = (onIdle: () => void, active = true) => {
    stop = startIdleWatcher({ onIdle, isActive: () => active, now: () => now, checkEveryMs: 60_000 });
  };

  it('signs out after six hours without activity', () => {
    markActivity(now);
    const onIdle = vi.fn();
    start(onIdle);
    now += IDLE_TIMEOUT_MS - 60_000;
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    now += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts mouse and key activity', () => {
    markActivity(now);
    const onIdle = vi.fn();
    start(onIdle);
    now += IDLE_TIMEOUT_MS - 1_000;
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(lastActivity()).toBe(now);
    now += 10 * 60_000;
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('shares activity between tabs through localStorage', () => {
    markActivity(now);
    const onIdle = vi.fn();
    start(onIdle);
    now += IDLE_TIMEOUT_MS - 1_000;
    localStorage.setItem('storelift.last-activity', String(now)); // another tab was used
    now += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('does nothing while signed out', () => {
    markActivity(now - 2 * IDLE_TIMEOUT_MS);
    const onIdle = vi.fn();
    start(onIdle, false);
    vi.advanceTimersByTime(120_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
