import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Jobs } from './jobs/jobs.js';
import type { OutboundPolicy } from './lib/public-url.js';
import type { StoreProvider } from './providers/store/store-provider.js';

/** What services need from the running application. */
export interface Deps {
  db: Db;
  jobs: Jobs;
  config: Config;
  store: StoreProvider;
  /** Which addresses outbound calls (webhooks, vendor APIs) may reach: public ones and OUTBOUND_ALLOW's. */
  outbound: OutboundPolicy;
}
