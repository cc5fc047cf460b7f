import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn((path: string) => Promise.resolve({ data: { path } }));
vi.mock('../lib/api', () => ({ api: { get: (path: string) => get(path) } }));

const { preloadAfterUserCheck } = await import('./preload');

describe('preloadAfterUserCheck', () => {
  beforeEach(() => get.mockClear());

  it('loads the reference data the spec lists after the user check, once', async () => {
    // The app's cache keeps answers fresh for 30 s unless a query says longer (lib/query-client.ts).
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    preloadAfterUserCheck(client);
    // Not at once: when the browser is next idle.
    expect(get).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(7));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(get.mock.calls.map(([path]) => path).sort()).toEqual([
      'constants',
      'country',
      'country/get-filters',
      'languages',
      'notices',
      'priceplans',
      'priceplans/current',
    ]);
    // What is cached and fresh is not asked for again on the next navigation.
    preloadAfterUserCheck(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(get).toHaveBeenCalledTimes(7);
  });
});
