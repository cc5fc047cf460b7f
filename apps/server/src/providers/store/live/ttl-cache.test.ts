import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('keeps a value until it expires', async () => {
    let time = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10, () => time);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    time = 999;
    expect(await cache.get('a', load)).toBe(1);
    time = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10);
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 7;
    };
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([7, 7]);
    expect(loads).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = new TtlCache<number>(1000, 10);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = new TtlCache<string>(1000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'again')).toBe('again');
    expect(await cache.get('c', async () => 'again')).toBe('c');
  });
});
