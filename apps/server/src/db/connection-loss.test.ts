import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PAYMENT_SYSTEMS } from '@storelift/shared';
import { startApiProcess, type ApiProcess } from '../../test/api-process.js';
import { buildTestApp, createTestStore, type TestApp, type TestStore } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { signingSecret } from '../modules/core-settings/signing-secret.js';
import { insertPayment } from '../modules/billing/payments.repo.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../providers/payments/sandbox/sandbox-provider.js';

/** The PostgreSQL server: TEST_DATABASE_URL's, else the local one. */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why no PostgreSQL can be used here, or null when one answers. */
async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return `no PostgreSQL reachable at ${new URL(serverUrl).host} (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

const problem = await postgresProblem();
if (problem) console.warn(`\n!! SKIPPED the PostgreSQL connection-loss test: ${problem}\n`);

describe.skipIf(problem)('an API process (with its workers) when PostgreSQL drops its connections', () => {
  let store: TestStore;
  let t: TestApp;
  let api: ApiProcess;

  beforeAll(async () => {
    store = await createTestStore({ serverUrl });
    t = await buildTestApp({ store, workers: false });
    api = await startApiProcess({ DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await t?.close();
    await store?.drop();
  });

  /** A sandbox card payment and a signed "paid" callback for it. */
  async function paidCallback() {
    const { user } = await makeUser(t.deps.db);
    const payment = await insertPayment(t.deps.db, {
      user_id: user.id,
      paysystem_id: PAYMENT_SYSTEMS.card,
      amount: '40.0000',
      total: '40.0000',
      provider: 'sandbox',
    });
    const body = JSON.stringify(newSandboxEvent('payment.paid', payment.uuid, payment.total));
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(await signingSecret(t.deps.db), body),
    };
    const post = () => fetch(`${api.url}${SANDBOX_CALLBACK_PATH}`, { method: 'POST', headers, body });
    return { payment, post };
  }

  it('keeps answering after its backends are terminated with transactions open', async () => {
    const { payment, post } = await paidCallback();
    const database = new URL(store.databaseUrl!).pathname.slice(1);
    // The payment's row is held here, so each callback waits inside its transaction (a checked-out connection).
    const holder = new pg.Client({ connectionString: store.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from payments where id = $1 for update', [payment.id]);
    const inFlight = Array.from({ length: 4 }, () =>
      post().then(
        (res) => res.status,
        (error: Error) => error.message,
      ),
    );
    const waiting = async () => {
      const { rows } = await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        [database],
      );
      return rows[0]!.n;
    };
    for (const deadline = Date.now() + 20_000; (await waiting()) < 4;) {
      if (Date.now() > deadline) throw new Error('the callbacks never reached their transactions');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await holder.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    await holder.query('rollback');
    await holder.end();

    // The callbacks in flight fail as requests (the provider retries them); the process stays up.
    const answers = await Promise.all(inFlight);
    expect(
      answers.every((answer) => typeof answer === 'number'),
      String(answers),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(api.exitCode(), api.stderr()).toBeNull();
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    const retried = await post();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, status: 'credited' });
  });
});
