import { describe, expect, it } from 'vitest';
import { createStoreProvider, storeProviderName } from './create-store-provider.js';
import { LiveStoreProvider } from './live/live-store-provider.js';
import { OfflineStoreProvider } from './offline/offline-store-provider.js';

describe('store provider choice', () => {
  it('reads STORE_PROVIDER, offline by default', () => {
    expect(storeProviderName({})).toBe('offline');
    expect(storeProviderName({ STORE_PROVIDER: '' })).toBe('offline');
    expect(storeProviderName({ STORE_PROVIDER: ' Live ' })).toBe('live');
    expect(() => storeProviderName({ STORE_PROVIDER: 'itunes' })).toThrow(/offline, live/);
  });

  it('builds the named provider', () => {
    expect(createStoreProvider('offline')).toBeInstanceOf(OfflineStoreProvider);
    expect(createStoreProvider('live', { fetch: async () => new Response('{}') })).toBeInstanceOf(
      LiveStoreProvider,
    );
    expect(createStoreProvider().name).toBe(storeProviderName());
  });
});
