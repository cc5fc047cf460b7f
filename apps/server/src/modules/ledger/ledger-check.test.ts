import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildTestApp, createTestStore } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';

const cli = fileURLToPath(new URL('./ledger-check-cli.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));

describe('npm run ledger:check', () => {
  it('passes on a sound ledger and exits 1 when a cached balance disagrees with its rows', async () => {
    const store = await createTestStore({ persistent: true });
    try {
      const first = await buildTestApp({ store, workers: false });
      const { user } = await makeUser(first.database.db);
      await makeTopUp(first.deps.db, user.id, '100', { bonus: '10' });
      await first.close();
      // The database the CLI reads: DATABASE_URL on PostgreSQL, else the PGlite one in DATA_DIR.
      const env = {
        ...process.env,
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      };
      const run = () => spawnSync(tsx, [cli], { env, encoding: 'utf8', timeout: 60_000 });
      const passed = run();
      expect(passed.status, passed.stderr).toBe(0);
      expect(passed.stdout).toContain('Ledger check passed: 3 accounts, 2 transactions');

      const second = await buildTestApp({ store, workers: false });
      await second.deps.db.execute(sql`update accounts set balance = balance + 0.0001 where type = 'bonus'`);
      await second.close();
      const failed = run();
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain('Ledger check FAILED: 1 of 3 accounts');
    } finally {
      await store.drop();
    }
    // Two CLI runs, each compiling the CLI through tsx and opening the database: each may take up to 60 s.
  }, 150_000);
});
