import { join } from 'node:path';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { retireDemoAccounts, seedDemo, seedReference } from './seed.js';
import { startJobs } from './jobs/jobs.js';
import { outboundPolicy } from './lib/public-url.js';
import { QUEUES } from './workers.js';
import { createStoreProvider } from './providers/store/create-store-provider.js';

/**
 * Opens and migrates the database, seeds it, starts the job queue and picks the store provider
 * (workers are up to the caller). The process that `ownsDemoData` (the API server, not a worker) seeds
 * the demo data when `config.demoData` allows it, and retires the demo accounts when it does not.
 */
export async function bootstrap(config: Config, options: { ownsDemoData: boolean }) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'db'),
    queues: QUEUES,
  });
  await database.migrate();
  await seedReference(database.db);
  const jobs = await startJobs(database.sql, { supervise: true, queues: QUEUES });
  const store = createStoreProvider(config.storeProvider);
  const deps = { db: database.db, jobs, config, store, outbound: outboundPolicy(config.outboundAllow) };
  // After the job queue: the demo's running campaign is ordered through the service, which schedules jobs.
  if (options.ownsDemoData && config.demoData) await seedDemo(deps);
  else if (options.ownsDemoData) await retireDemoAccounts(database.db);
  return { database, jobs, store, deps };
}
