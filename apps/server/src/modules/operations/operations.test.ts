import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPERATIONS_MESSAGES, type QueueStats, type ServerError } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { rowsOf } from '../../db/sql-rows.js';
import { recordJobFailures } from './server-errors.js';

type Auth = { authorization: string };

let t: TestApp;
let admin: Auth;

const staff = (method: 'GET' | 'POST', url: string, headers: Auth = admin) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers });

const queue = async (name: string): Promise<QueueStats> =>
  ((await staff('GET', 'operations/queues')).json().data as QueueStats[]).find((q) => q.queue === name)!;

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

describe('job queues', () => {
  it('counts waiting, active and failed jobs per queue; a failed job is retried once, audited', async () => {
    await t.deps.jobs.send('apps.refresh', { appCountryIds: [1] });
    const before = await queue('apps.refresh');
    expect(before.waiting).toBeGreaterThan(0);
    // The job fails (as a handler that threw its last attempt leaves it).
    const [job] = await rowsOf<{ id: string }>(
      t.deps.db,
      sql`update pgboss.job set state = 'failed', completed_on = now(), output = '{"message":"store timed out"}'
        where name = 'apps.refresh' returning id::text as id`,
    );
    expect(await queue('apps.refresh')).toMatchObject({ failed: 1, waiting: before.waiting - 1 });
    const failed = (await staff('GET', 'operations/failed-jobs?queue=apps.refresh')).json();
    expect(failed.meta.total).toBe(1);
    expect(failed.data[0]).toMatchObject({ id: job!.id, queue: 'apps.refresh', error: 'store timed out' });

    const manager = (await makeUser(t.deps.db, { roles: ['manager'] })).auth;
    expect(
      (await staff('POST', `operations/failed-jobs/apps.refresh/${job!.id}/retry`, manager)).statusCode,
    ).toBe(403);
    const retried = await staff('POST', `operations/failed-jobs/apps.refresh/${job!.id}/retry`);
    expect(retried.json()).toEqual({ message: OPERATIONS_MESSAGES.jobRetried });
    expect(await queue('apps.refresh')).toMatchObject({ failed: 0, waiting: before.waiting });
    // Twice at once or again later: one retry only.
    const again = await staff('POST', `operations/failed-jobs/apps.refresh/${job!.id}/retry`);
    expect(again.statusCode).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await staff('POST', `operations/failed-jobs/apps.refresh/${unknown}/retry`)).statusCode).toBe(
      404,
    );
    expect((await staff('POST', `operations/failed-jobs/no-such-queue/${unknown}/retry`)).statusCode).toBe(
      404,
    );
    expect((await staff('POST', `operations/failed-jobs/apps.refresh/not-a-uuid/retry`)).statusCode).toBe(
      422,
    );

    const audit = (await staff('GET', 'audit?action=jobs.retry')).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'job', target_id: job!.id, after: { state: 'retry' } });
  });
});

describe('the server error log', () => {
  it('keeps refused payment callbacks and failed jobs, paged, for the log viewer', async () => {
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/payments/callback/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'forged' },
      payload: JSON.stringify({ id: 'x' }),
    });
    expect(callback.statusCode).toBe(403);

    recordJobFailures(t.deps);
    await t.deps.jobs.work('api-credits.monthly', async () => {
      throw new Error('credits job failed');
    });
    await t.deps.jobs.send('api-credits.monthly', {});
    const jobError = await until(async () => {
      const page = (await staff('GET', 'server-errors?source=job')).json().data as ServerError[];
      return page.find((row) => row.message === 'credits job failed');
    });
    expect(jobError).toMatchObject({
      source: 'job',
      queue: 'api-credits.monthly',
      job_id: expect.any(String),
    });

    const all = (await staff('GET', 'server-errors?limit=1')).json();
    expect(all.meta).toMatchObject({ per_page: 1 });
    expect(all.meta.total).toBeGreaterThanOrEqual(2);
    const callbacks = (await staff('GET', 'server-errors?source=callback')).json().data as ServerError[];
    expect(callbacks[0]).toMatchObject({
      status: 403,
      method: 'POST',
      url: '/api/public/v1/payments/callback/sandbox',
    });
    // A customer's own bad input is not the server's error.
    const customer = await makeUser(t.deps.db);
    await t.call('POST', 'apps', customer.auth, { appstore: 9 });
    expect((await staff('GET', 'server-errors?source=request')).json().meta.total).toBe(0);
    const manager = (await makeUser(t.deps.db, { roles: ['manager'] })).auth;
    expect((await staff('GET', 'server-errors', manager)).statusCode).toBe(403);
  });
});

describe('failures of the last day', () => {
  it('lists failed callbacks and campaigns waiting for a vendor', async () => {
    const customer = await makeUser(t.deps.db);
    await makeTopUp(t.deps.db, customer.user.id, '500');
    await makeApp(t.deps, customer.user.id);
    const order = await t.call('POST', 'campaigns', customer.auth, directInstallsBody());
    expect(order.statusCode, order.body).toBe(201);
    await t.deps.db.execute(sql`update campaigns set status = 'pending' where id = ${order.json().data.id}`);
    const failures = (await staff('GET', 'operations/failures')).json();
    expect(failures.callbacks.total).toBeGreaterThan(0);
    expect(failures.waiting_campaigns.data.map((c: { id: number }) => c.id)).toContain(order.json().data.id);
    expect(failures.waiting_campaigns.data[0]).toMatchObject({ user_email: customer.user.email });
    expect(failures.placements).toEqual({ total: 0, data: [] });
  });
});
