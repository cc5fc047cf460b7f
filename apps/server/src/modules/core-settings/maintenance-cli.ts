import { join } from 'node:path';
import { maintenanceBodySchema } from '@storelift/shared';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { readMaintenance, setMaintenance } from './core-settings.repo.js';

/**
 * `npm run maintenance -- on|off [message]`: switches maintenance mode in the database DATABASE_URL names
 * (running servers follow at once), or in the PGlite one in DATA_DIR (stop the server first: PGlite belongs
 * to one process). Without an argument it prints the current state.
 */
const [action, ...words] = process.argv.slice(2);
// The same rules as the admin endpoint's body.
const body = maintenanceBodySchema.safeParse({ enabled: action === 'on', message: words.join(' ') });
if ((action !== undefined && action !== 'on' && action !== 'off') || !body.success) {
  console.error('Usage: npm run maintenance -- on|off [message of up to 500 characters]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'db'),
}).catch((error: Error) => {
  console.error(`Maintenance could not open the database: ${error.message}`);
  process.exit(2);
});
try {
  if (action)
    await database.db.transaction((tx) => setMaintenance(tx, body.data.enabled, body.data.message || null));
  const { enabled, message } = await readMaintenance(database.db);
  console.log(`Maintenance is ${enabled ? 'on' : 'off'}${message ? `: ${message}` : ''}`);
} finally {
  await database.close();
}
