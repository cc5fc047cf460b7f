import { join } from 'node:path';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { checkLedger } from './ledger-check.js';

/**
 * `npm run ledger:check`: checks the ledger of the database DATABASE_URL names, or of the PGlite one in
 * DATA_DIR (stop the server first: PGlite belongs to one process). Exits 1 when an account disagrees.
 */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: join(config.dataDir, 'db'),
}).catch((error: Error) => {
  console.error(`Ledger check could not open the database: ${error.message}`);
  process.exit(2);
});
try {
  const { accounts, transactions, problems } = await checkLedger(database.db);
  if (problems.length) {
    console.error(`Ledger check FAILED: ${problems.length} of ${accounts} accounts disagree with their rows`);
    console.table(problems);
    process.exitCode = 1;
  } else {
    console.log(
      `Ledger check passed: ${accounts} accounts, ${transactions} transactions, every balance = sum of its rows`,
    );
  }
} finally {
  await database.close();
}
