import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

/* One failing job of a batch goes back for a retry on its own; the others of its batch complete. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

describe('a batch of jobs', () => {
  it('completes the others when one throws', async () => {
    const ran: string[] = [];
    await t.deps.jobs.sendMany('keywords.check-ranks', [
      { id: 'ok-1' },
      { id: 'bad' },
      { id: 'ok-2' },
    ] as never);
    await t.deps.jobs.work(
      'keywords.check-ranks',
      async (data) => {
        const { id } = data as unknown as { id: string };
        if (id === 'bad') throw new Error('store down');
        ran.push(id);
      },
      { batchSize: 4, pollingIntervalSeconds: 0.5 },
    );
    const deadline = Date.now() + 15_000;
    let states: Record<string, string> = {};
    while (Date.now() < deadline) {
      const { rows } = await t.database.sql.executeSql(
        `select data->>'id' as id, state from pgboss.job where name = 'keywords.check-ranks'`,
      );
      states = Object.fromEntries(
        (rows as { id: string; state: string }[]).map((row) => [row.id, row.state]),
      );
      if (states['ok-1'] === 'completed' && states.bad !== 'active' && states.bad !== 'created') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ran.sort()).toEqual(['ok-1', 'ok-2']);
    expect(states).toMatchObject({ 'ok-1': 'completed', 'ok-2': 'completed', bad: 'retry' });
  });
});
