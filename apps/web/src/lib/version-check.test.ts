import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkVersion, shouldReload } from './version-check';

describe('version check', () => {
  afterEach(() => sessionStorage.clear());

  it('reloads only when a known loaded version differs from the served one', () => {
    expect(shouldReload('abc', 'abd')).toBe(true);
    expect(shouldReload('abc', 'abc')).toBe(false);
    expect(shouldReload('dev', 'abc')).toBe(false);
    expect(shouldReload('abc', undefined)).toBe(false);
  });

  it('reloads once per new version', async () => {
    const reload = vi.fn();
    const fetchVersion = async () => 'v2';
    expect(await checkVersion({ loaded: 'v1', fetchVersion, reload })).toBe(true);
    expect(await checkVersion({ loaded: 'v1', fetchVersion, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a failing version file', async () => {
    const reload = vi.fn();
    expect(
      await checkVersion({ loaded: 'v1', fetchVersion: () => Promise.reject(new Error('offline')), reload }),
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
