import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_SYSTEMS } from '@storelift/shared';
import { startApiProcess, type ApiProcess } from '../test/api-process.js';
import { buildTestApp, createTestStore, type TestApp, type TestStore } from '../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser, PASSWORD } from '../test/factories.js';
import { campaigns, campaignStatusHistory, transactions } from './db/schema/index.js';
import { signingSecret } from './modules/core-settings/signing-secret.js';
import { changeApiToken } from './modules/api-credits/api-credits.service.js';
import { balancesOf } from './modules/ledger/ledger.js';
import { insertPayment } from './modules/billing/payments.repo.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from './providers/payments/sandbox/sandbox-provider.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const LOGIN_LIMIT = 6;
const PUBLIC_API_LIMIT = 4;

/** One API process of the built server sharing the store and Redis (under the run's own key prefix). */
const startSharing = (store: TestStore, redisPrefix: string) =>
  startApiProcess({
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    AUTH_RATE_LIMIT: String(LOGIN_LIMIT),
    PUBLIC_API_RATE_LIMIT: String(PUBLIC_API_LIMIT),
  });

async function until(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL, sharing Redis', () => {
  let store: TestStore;
  let t: TestApp;
  let processes: ApiProcess[] = [];

  beforeAll(async () => {
    store = await createTestStore();
    // The test's own view of the database (migrated and seeded before the processes start).
    t = await buildTestApp({ store, workers: false });
    // A key prefix of this run alone, so other runs on the same Redis neither count nor get counted.
    const prefix = `storelift-test-${randomBytes(6).toString('hex')}:`;
    processes = [await startSharing(store, prefix), await startSharing(store, prefix)];
  }, 180_000);
  afterAll(async () => {
    await Promise.all(processes.map((api) => api.stop()));
    await t?.close();
    await store?.drop();
  });

  const post = (api: ApiProcess, path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/api/private/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('holds the login limit across both: alternated sign-ins are refused with 429 past the limit in total', async () => {
    const { user } = await makeUser(t.deps.db);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) {
      const res = await post(processes[i % 2]!, 'login', { email: user.email, password: `wrong-${i}` });
      codes.push(res.status);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_LIMIT).fill(422), 429, 429]);
    // The right password is refused too until the window ends, on either process.
    expect((await post(processes[0]!, 'login', { email: user.email, password: PASSWORD })).status).toBe(429);
  });

  it('holds the public API limit of a token across both (docs/public-api.md, Rate limit)', async () => {
    const { user } = await makeUser(t.deps.db);
    const { api_token } = await changeApiToken(t.deps.db, user.id);
    const answers: [number, string | null][] = [];
    for (let i = 0; i < PUBLIC_API_LIMIT + 2; i++) {
      const res = await fetch(`${processes[i % 2]!.url}/api/v1/balance`, {
        headers: { authorization: `Bearer ${api_token}` },
      });
      answers.push([res.status, res.headers.get('ratelimit')?.split(';')[1] ?? null]);
    }
    expect(answers).toEqual([
      [200, 'r=3'],
      [200, 'r=2'],
      [200, 'r=1'],
      [200, 'r=0'],
      [429, 'r=0'],
      [429, 'r=0'],
    ]);
  });

  it('starts a due delayed campaign once, however many start jobs both processes work', async () => {
    const { user, auth } = await makeUser(t.deps.db);
    await makeApp(t.deps, user.id);
    await makeTopUp(t.deps.db, user.id, '100');
    const startAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const ordered = await post(processes[0]!, 'campaigns', directInstallsBody({ start_at: startAt }), auth);
    expect(ordered.status).toBe(201);
    const { id, status } = ((await ordered.json()) as { data: { id: number; status: string } }).data;
    expect(status).toBe('delayed');

    // Its time has come: its own job is due now, and two more start jobs for it wait in the queue.
    await t.deps.db
      .update(campaigns)
      .set({ start_at: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, id));
    await t.deps.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'campaigns.start' and data->>'campaignId' = ${String(id)}`,
    );
    await t.deps.jobs.send('campaigns.start', { campaignId: id });
    await t.deps.jobs.send('campaigns.start', { campaignId: id });
    const pending = async () => {
      const result = await t.deps.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'campaigns.start'
          and data->>'campaignId' = ${String(id)} and state not in ('completed', 'failed')`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    await until(async () => (await pending()) === 0);

    const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.status).toBe('active');
    const charges = await t.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.user_id, user.id), sql`${transactions.amount} < 0`));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.amount).toBe(`-${row!.price}`);
    const moves = await t.deps.db
      .select()
      .from(campaignStatusHistory)
      .where(
        and(eq(campaignStatusHistory.campaign_id, id), eq(campaignStatusHistory.from_status, 'delayed')),
      );
    expect(moves).toHaveLength(1);
  });

  it('credits a payment once when its callback reaches both processes at once', async () => {
    const { user } = await makeUser(t.deps.db);
    const payment = await insertPayment(t.deps.db, {
      user_id: user.id,
      paysystem_id: PAYMENT_SYSTEMS.card,
      amount: '250.0000',
      total: '250.0000',
      provider: 'sandbox',
    });
    const body = JSON.stringify(newSandboxEvent('payment.paid', payment.uuid, payment.total));
    const signature = sandboxSignature(await signingSecret(t.deps.db), body);
    const deliveries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${processes[i % 2]!.url}${SANDBOX_CALLBACK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body,
        }),
      ),
    );
    expect(deliveries.map((res) => res.status)).toEqual(Array<number>(8).fill(200));
    const outcomes = await Promise.all(
      deliveries.map(async (res) => ((await res.json()) as { status: string }).status),
    );
    expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'credited')).toEqual(Array<string>(7).fill('unchanged'));
    expect((await balancesOf(t.deps.db, user.id)).main).toBe('250.0000');
    const credits = await t.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.user_id, user.id), eq(transactions.type, 'top_up')));
    expect(credits).toHaveLength(1);
  });
});
