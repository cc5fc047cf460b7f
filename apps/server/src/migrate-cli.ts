import { join } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedReference } from './seed.js';

/** `npm run db:migrate`: applies the committed migrations and the reference data, then exits. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'db'),
});
await database.migrate();
await seedReference(database.db);
await database.close();
console.log('Migrations applied');
