import { LiveStoreProvider, type LiveStoreOptions } from './live/live-store-provider.js';
import { OfflineStoreProvider, type OfflineStoreOptions } from './offline/offline-store-provider.js';
import { STORE_PROVIDER_NAMES, type StoreProvider, type StoreProviderName } from './store-provider.js';

/** Which store provider the environment asks for: `STORE_PROVIDER` = offline (default) or live. */
export function storeProviderName(env: NodeJS.ProcessEnv = process.env): StoreProviderName {
  const value = (env.STORE_PROVIDER ?? '').trim().toLowerCase() || 'offline';
  if (!(STORE_PROVIDER_NAMES as readonly string[]).includes(value)) {
    throw new Error(`STORE_PROVIDER must be one of ${STORE_PROVIDER_NAMES.join(', ')}; got "${value}"`);
  }
  return value as StoreProviderName;
}

/** Options for either provider; each reads its own. */
export type StoreProviderOptions = OfflineStoreOptions & LiveStoreOptions;

/** The store provider by name (default: from `STORE_PROVIDER`). */
export function createStoreProvider(
  name: StoreProviderName = storeProviderName(),
  options: StoreProviderOptions = {},
): StoreProvider {
  return name === 'live' ? new LiveStoreProvider(options) : new OfflineStoreProvider(options);
}
