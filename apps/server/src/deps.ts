import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Jobs } from './jobs/jobs.js';
import type { StoreProvider } from './providers/store/store-provider.js';

/** What services need from the running application. */
export interface Deps {
  db: Db;
  jobs: Jobs;
  config: Config;
  store: StoreProvider;
}
