import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type {} from '@fastify/swagger';
import { PANEL_API_MESSAGES, PUBLIC_API_CREDITS } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { hostileString, hostileValue } from '../../../test/fuzz.js';
import { DEMO_APPS } from '../../providers/store/offline/demo-apps.js';
import { apiUsageDaily, billingProfiles, campaigns } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { balancesOf } from '../ledger/ledger.js';

/*
 * `POST /api/v2` through HTTP: every action with form and JSON bodies, sloppy input, keys and ownership,
 * idempotent orders, money and credits, the shared rate limit, and hostile bodies that never answer 5xx.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false, config: { publicApiRateLimit: 10_000 } });
});
afterAll(() => t.close());

const FITNESS_LINK = `https://play.google.com/store/apps/details?id=${DEMO_APPS.googlePlay.fitness}&hl=en&gl=US`;
const PUZZLE_LINK = `https://play.google.com/store/apps/details?id=${DEMO_APPS.googlePlay.puzzle}`;

type Fields = Record<string, string | number | string[] | undefined>;

/** A form-encoded call, as panel software sends it (every value a string). */
function form(app: TestApp['app'], fields: Fields, headers: Record<string, string> = {}) {
  const payload = new URLSearchParams(
    Object.entries(fields).flatMap(([name, value]): [string, string][] =>
      value === undefined ? [] : [[name, String(value)]],
    ),
  ).toString();
  return app.inject({
    method: 'POST',
    url: '/api/v2',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload,
  });
}
/** A JSON call. */
const json = (app: TestApp['app'], body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v2', headers, payload: body as object });

/** A user with the fitness app, money, and live and test API tokens. */
async function makePanelUser(topUp = '100', on: TestApp = t) {
  const made = await makeUser(on.database.db);
  await makeApp(on.deps, made.user.id);
  if (topUp !== '0') await makeTopUp(on.deps.db, made.user.id, topUp);
  const live = (await on.call('POST', 'users/profile/change-api-token', made.auth)).json()
    .api_token as string;
  const test = (await on.call('POST', 'users/profile/change-api-test-token', made.auth)).json()
    .api_token as string;
  const call = (fields: Fields, headers?: Record<string, string>) =>
    form(on.app, { key: live, ...fields }, headers);
  const asTest = (fields: Fields) => form(on.app, { key: test, ...fields });
  return { ...made, live, test, call, asTest };
}

const campaignsOf = (userId: number) =>
  t.deps.db.select().from(campaigns).where(eq(campaigns.user_id, userId)).orderBy(campaigns.id);
async function creditsOf(userId: number) {
  const [row] = await t.deps.db
    .select({ free: billingProfiles.api_credits, paid: billingProfiles.api_paid_credits })
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId));
  return row!.free + row!.paid;
}

describe('services', () => {
  it('lists each store’s products at the caller’s plan price per 1000, form or JSON alike', async () => {
    const u = await makePanelUser();
    const res = await u.call({ action: 'services' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { service: string; rate: string; min: number; refill: boolean }[];
    expect(list.map((each) => each.service)).toEqual(
      expect.arrayContaining(['101', '102', '105', '106', '107', '108', '201', '202']),
    );
    // The base plan on Google Play: direct installs 0.12 each, 120 per 1000.
    expect(list.find((each) => each.service === '101')).toEqual({
      service: '101',
      name: 'Google Play Direct installs',
      type: 'Default',
      category: 'Google Play',
      rate: '120.0000',
      min: 5,
      max: 5000,
      refill: false,
      cancel: true,
    });
    expect(list.find((each) => each.service === '105')).toMatchObject({ min: 1, refill: true });
    expect(list.some((each) => each.service === '104')).toBe(false);
    const byJson = await json(t.app, { key: u.live, action: 'services', extra: { nested: true } });
    expect(byJson.json()).toEqual(list);
    // PHP's curl posts an array of fields as multipart/form-data: read alike, a file refused.
    const part = (name: string, value: string, file = '') =>
      `--B\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
    const multipart = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2',
        headers: { 'content-type': 'multipart/form-data; boundary=B' },
        payload: `${body}--B--\r\n`,
      });
    expect((await multipart(part('key', u.live) + part('action', 'services'))).json()).toEqual(list);
    const withFile = await multipart(part('key', u.live) + part('f', 'x', '; filename="a.txt"'));
    expect(withFile.statusCode).toBe(200);
    expect(withFile.json()).toEqual({ error: PANEL_API_MESSAGES.requestInvalid });
    expect(res.headers['x-credits-cost']).toBe(String(PUBLIC_API_CREDITS.quoteCampaign));
    // The server's OpenAPI document lists the route (so its fuzz test calls it); the public API's own does not.
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/api/v2'] ?? {})).toEqual(['post']);
    const own = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(own.paths)).not.toContain('/api/v2');
  });
});

describe('add, status, balance and cancel', () => {
  it('orders as the private API does, from a form with numbers as strings and extra fields', async () => {
    const u = await makePanelUser();
    const res = await u.call({
      action: 'add',
      service: '101',
      link: FITNESS_LINK,
      quantity: ' 10 ',
      runs: '3',
      interval: '1440',
      panel_order_id: 'abc',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json() as { order: number };
    const [row] = await campaignsOf(u.user.id);
    expect(row).toMatchObject({ id: order, product_type: 1, days: 3, installs: 10, price: '3.6000' });
    expect((await balancesOf(t.deps.db, u.user.id)).main).toBe('96.4000');

    const status = await json(t.app, { key: u.live, action: 'status', order: String(order) });
    expect(status.json()).toEqual({
      charge: '3.6000',
      start_count: 0,
      status: 'In progress',
      remains: 30,
      currency: 'USD',
    });
    const balance = await u.call({ action: ' Balance ' });
    expect(balance.json()).toEqual({ balance: '96.4000', currency: 'USD' });

    const canceled = await u.call({ action: 'cancel', orders: `${order},abc` });
    expect(canceled.json()).toEqual([
      { order, cancel: 1 },
      { order: 'abc', cancel: { error: PANEL_API_MESSAGES.orderInvalid } },
    ]);
    const after = await u.call({ action: 'status', order });
    expect(after.json()).toMatchObject({ status: 'Canceled', charge: '0.0000', remains: 30 });
    expect((await u.call({ action: 'cancel', orders: order })).json()).toEqual([
      { order, cancel: { error: PANEL_API_MESSAGES.cancelUnavailable } },
    ]);
    expect((await balancesOf(t.deps.db, u.user.id)).main).toBe('100.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('tracks an app the caller does not yet, and orders keywords and reviews with their texts', async () => {
    const u = await makePanelUser();
    const placed = await json(t.app, {
      key: u.live,
      action: 'add',
      service: 102,
      link: PUZZLE_LINK,
      quantity: 5,
      keywords: 'puzzle game\nbrain training',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const comments = [
      'Great puzzles for the whole family',
      'Relaxing and clever, I play it daily',
      'Nice levels and fair difficulty curve',
      'Good app, the hints really help me',
      'Fun with friends, recommended to all',
    ];
    const reviews = await u.call({
      action: 'add',
      service: '107',
      link: DEMO_APPS.googlePlay.fitness,
      quantity: '5',
      comments: comments.join('\r\n'),
    });
    expect(reviews.statusCode, reviews.body).toBe(200);
    const rows = await campaignsOf(u.user.id);
    expect(rows.map((row) => [row.product_type, row.package, row.settings.keywords])).toEqual([
      [2, DEMO_APPS.googlePlay.puzzle, ['puzzle game', 'brain training']],
      [7, DEMO_APPS.googlePlay.fitness, []],
    ]);
    const wrongCount = await u.call({
      action: 'add',
      service: '107',
      link: FITNESS_LINK,
      quantity: 6,
      comments: comments.join('\n'),
    });
    expect(wrongCount.json().error).toMatch(/^comments: /);
  });

  it('answers {error} with HTTP 200 for bad keys, services, links, quantities, balances and bodies', async () => {
    const u = await makePanelUser();
    const poor = await makePanelUser('0');
    const cases: [ReturnType<typeof form>, string | RegExp][] = [
      [form(t.app, { key: 'sl_nope', action: 'balance' }), PANEL_API_MESSAGES.keyInvalid],
      [form(t.app, { action: 'balance' }), /^key: /],
      [u.call({ action: 'dance' }), /^action: Incorrect request/],
      [
        u.call({ action: 'add', service: '999', link: FITNESS_LINK, quantity: 10 }),
        PANEL_API_MESSAGES.serviceInvalid,
      ],
      [
        u.call({ action: 'add', service: '201', link: FITNESS_LINK, quantity: 10 }),
        PANEL_API_MESSAGES.linkInvalid,
      ],
      [
        u.call({ action: 'add', service: '101', link: 'https://x.test/a', quantity: 10 }),
        PANEL_API_MESSAGES.linkInvalid,
      ],
      [
        u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 4 }),
        'Quantity must be from 5 to 5000',
      ],
      [u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 'ten' }), /^quantity: /],
      [u.call({ action: 'add', service: '102', link: FITNESS_LINK, quantity: 10 }), /^keywords: /],
      [u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 10, runs: 61 }), /^runs: /],
      [
        poor.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 10 }),
        PANEL_API_MESSAGES.notEnoughFunds,
      ],
      [u.call({ action: 'add', service: '101', link: `${FITNESS_LINK}\u0000`, quantity: 10 }), /^link: /],
      [u.call({ action: 'status' }), PANEL_API_MESSAGES.orderInvalid],
      [u.call({ action: 'status', order: '99999999999' }), PANEL_API_MESSAGES.orderInvalid],
      [
        u.call({ action: 'status', orders: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }),
        PANEL_API_MESSAGES.ordersTooMany,
      ],
      [
        t.app.inject({
          method: 'POST',
          url: '/api/v2',
          headers: { 'content-type': 'application/json' },
          payload: '{"key":',
        }),
        PANEL_API_MESSAGES.requestInvalid,
      ],
      [
        t.app.inject({
          method: 'POST',
          url: '/api/v2',
          headers: { 'content-type': 'text/plain' },
          payload: 'key=a',
        }),
        PANEL_API_MESSAGES.requestInvalid,
      ],
    ];
    for (const [call, expected] of cases) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(200);
      const { error } = res.json() as { error: string };
      if (typeof expected === 'string') expect(error).toBe(expected);
      else expect(error).toMatch(expected);
    }
    expect(await campaignsOf(poor.user.id)).toEqual([]);
    expect(await campaignsOf(u.user.id)).toEqual([]);
  });
});

describe('ownership', () => {
  it('never shows or cancels another user’s order: each is an Incorrect order ID', async () => {
    const owner = await makePanelUser();
    const { order } = (
      await owner.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 10 })
    ).json() as { order: number };
    const stranger = await makePanelUser();
    const { order: own } = (
      await stranger.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 5 })
    ).json() as { order: number };
    expect((await stranger.call({ action: 'status', order })).json()).toEqual({
      error: PANEL_API_MESSAGES.orderInvalid,
    });
    const many = await stranger.call({ action: 'status', orders: `${own}, ${order},x` });
    expect(many.json()).toEqual({
      [own]: { charge: '0.6000', start_count: 0, status: 'In progress', remains: 5, currency: 'USD' },
      [order]: { error: PANEL_API_MESSAGES.orderInvalid },
      x: { error: PANEL_API_MESSAGES.orderInvalid },
    });
    expect(many.headers['x-credits-cost']).toBe(String(PUBLIC_API_CREDITS.listCampaigns));
    expect((await stranger.call({ action: 'cancel', orders: String(order) })).json()).toEqual([
      { order, cancel: { error: PANEL_API_MESSAGES.orderInvalid } },
    ]);
    expect((await stranger.call({ action: 'refill', order })).json()).toEqual({
      error: PANEL_API_MESSAGES.orderInvalid,
    });
    expect((await owner.call({ action: 'status', order })).json().status).toBe('In progress');
  });
});

describe('Idempotency-Key', () => {
  it('two and ten concurrent adds with one key place and charge one order', async () => {
    const u = await makePanelUser();
    const fields = { action: 'add', service: '101', link: FITNESS_LINK, quantity: '10', runs: '3' };
    const key = { 'idempotency-key': 'panel-order-1' };
    const pair = await Promise.all([u.call(fields, key), u.call(fields, key)]);
    const ten = await Promise.all(Array.from({ length: 10 }, () => u.call(fields, key)));
    const orders = new Set([...pair, ...ten].map((res) => res.json().order as number));
    expect(orders.size, [...pair, ...ten].map((res) => res.body).join()).toBe(1);
    expect(await campaignsOf(u.user.id)).toHaveLength(1);
    expect((await balancesOf(t.deps.db, u.user.id)).main).toBe('96.4000');
    const other = await u.call({ ...fields, quantity: '11' }, key);
    expect(other.json()).toEqual({ error: PANEL_API_MESSAGES.idempotencyKeyReused });
    // A JSON body that says the same (numbers as numbers) is the same order.
    const same = await json(t.app, { key: u.live, ...fields, quantity: 10, runs: 3 }, key);
    expect(same.json()).toEqual({ order: [...orders][0] });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('credits and the test token', () => {
  it('spends the public API’s table per action, and nothing when out of credits', async () => {
    const u = await makePanelUser();
    const before = await creditsOf(u.user.id);
    await u.call({ action: 'balance' });
    await u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 5 });
    expect(before - (await creditsOf(u.user.id))).toBe(
      PUBLIC_API_CREDITS.getBalance + PUBLIC_API_CREDITS.orderCampaign,
    );
    const usage = await t.deps.db
      .select({ operation: apiUsageDaily.operation, calls: apiUsageDaily.calls })
      .from(apiUsageDaily)
      .where(eq(apiUsageDaily.user_id, u.user.id))
      .orderBy(apiUsageDaily.operation);
    expect(usage).toEqual([
      { operation: 'getBalance', calls: 1 },
      { operation: 'orderCampaign', calls: 1 },
    ]);
    await t.deps.db
      .update(billingProfiles)
      .set({ api_credits: 1, api_paid_credits: 0 })
      .where(eq(billingProfiles.user_id, u.user.id));
    const refused = await u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 5 });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().error).toMatch(/^Out of API credits: this call costs 2 and 1 are left/);
    expect(await campaignsOf(u.user.id)).toHaveLength(1);
  });

  it('a test token reads the sandbox’s sample and places dry runs: no order, no money, no credits', async () => {
    const u = await makePanelUser();
    const credits = await creditsOf(u.user.id);
    const placed = await u.asTest({ action: 'add', service: '101', link: PUZZLE_LINK, quantity: 10 });
    expect(placed.json()).toEqual({ order: 3001 });
    const checked = await u.asTest({
      action: 'add',
      service: '101',
      link: FITNESS_LINK,
      quantity: 10,
      runs: 99,
    });
    expect(checked.json().error).toMatch(/^runs: /);
    expect((await u.asTest({ action: 'status', order: 3001 })).json()).toMatchObject({
      status: 'In progress',
    });
    expect((await u.asTest({ action: 'status', order: 3002 })).json()).toMatchObject({ status: 'Completed' });
    expect((await u.asTest({ action: 'balance' })).json()).toEqual({ balance: '52.0000', currency: 'USD' });
    expect((await u.asTest({ action: 'cancel', orders: '3001,3002' })).json()).toEqual([
      { order: 3001, cancel: 1 },
      { order: 3002, cancel: { error: PANEL_API_MESSAGES.cancelUnavailable } },
    ]);
    const { order } = (
      await u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 5 })
    ).json();
    expect((await u.asTest({ action: 'status', order })).json()).toEqual({
      error: PANEL_API_MESSAGES.orderInvalid,
    });
    expect(await campaignsOf(u.user.id)).toHaveLength(1);
    expect(credits - (await creditsOf(u.user.id))).toBe(PUBLIC_API_CREDITS.orderCampaign);
    expect((await balancesOf(t.deps.db, u.user.id)).main).toBe('99.4000');
  });
});

describe('refill', () => {
  it('is for guaranteed reviews during their guarantee; its status follows the guarantee', async () => {
    const u = await makePanelUser();
    const { order } = (
      await u.call({ action: 'add', service: '105', link: FITNESS_LINK, quantity: 2 })
    ).json() as { order: number };
    expect(order, 'guaranteed reviews ordered').toBeTypeOf('number');
    expect((await u.call({ action: 'refill', order })).json()).toEqual({
      error: PANEL_API_MESSAGES.refillUnavailable,
    });
    await t.deps.db
      .update(campaigns)
      .set({ status: 'completed', finished_at: new Date(), installs_actual: 2 })
      .where(eq(campaigns.id, order));
    expect((await u.call({ action: 'refill', order: String(order) })).json()).toEqual({ refill: order });
    expect((await u.call({ action: 'refill_status', refill: order })).json()).toEqual({
      status: 'In progress',
    });
    await t.deps.db
      .update(campaigns)
      .set({ finished_at: new Date(Date.now() - 22 * 86_400_000) })
      .where(eq(campaigns.id, order));
    expect((await u.call({ action: 'refill_status', refill: order })).json()).toEqual({
      status: 'Completed',
    });
    expect((await u.call({ action: 'refill', order })).json()).toEqual({
      error: PANEL_API_MESSAGES.refillUnavailable,
    });
    const direct = (await u.call({ action: 'add', service: '101', link: FITNESS_LINK, quantity: 5 })).json();
    expect((await u.call({ action: 'refill_status', refill: direct.order })).json()).toEqual({
      error: PANEL_API_MESSAGES.refillInvalid,
    });
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ workers: false, config: { publicApiRateLimit: 5 } });
  });
  afterAll(() => limited.close());

  it('counts against the public API’s limit per account, then 429 with Retry-After and {error}', async () => {
    const u = await makePanelUser('100', limited);
    const v1 = () =>
      limited.app.inject({
        method: 'GET',
        url: '/api/v1/balance',
        headers: { authorization: `Bearer ${u.live}` },
      });
    for (let call = 1; call <= 5; call += 1) {
      const res = call % 2 ? await u.call({ action: 'balance' }) : await v1();
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await u.call({ action: 'balance' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^Rate limit of 5 requests per 10 seconds reached/);
    expect((await v1()).statusCode).toBe(429);
  });
});

describe('hostile bodies', () => {
  it('answer {error} or an answer, never a 5xx nor an unexpected failure', async () => {
    const u = await makePanelUser();
    const actions = fc.constantFrom(
      'services',
      'add',
      'status',
      'balance',
      'refill',
      'refill_status',
      'cancel',
    );
    const body = fc.record({
      key: fc.oneof(fc.constant(u.live), fc.constant(u.test), hostileString),
      action: fc.oneof(actions, hostileString),
      service: fc.oneof(fc.constantFrom('101', '105', '201'), hostileValue),
      link: fc.oneof(fc.constant(FITNESS_LINK), hostileValue),
      quantity: fc.oneof(fc.constantFrom('5', 10, '1e3', '-1', '99999999999999999999'), hostileValue),
      runs: fc.option(hostileValue),
      comments: fc.option(fc.oneof(hostileString, fc.array(hostileString))),
      keywords: fc.option(hostileValue),
      order: fc.option(fc.oneof(fc.constantFrom('1', '2147483648', '-1'), hostileValue)),
      orders: fc.option(fc.oneof(hostileString, fc.array(hostileValue))),
      refill: fc.option(hostileValue),
    });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (fields, asForm) => {
        const res = asForm
          ? await form(
              t.app,
              Object.fromEntries(
                Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
              ),
            )
          : await json(t.app, fields);
        // A failure the route did not expect answers the generic text (and is logged): none may.
        const failed =
          res.statusCode >= 500 || res.statusCode === 422 || res.body.includes(PANEL_API_MESSAGES.failed);
        if (failed) failures.push(`${res.statusCode} ${res.body}`);
      }),
      { numRuns: 150 },
    );
    expect(failures).toEqual([]);
  }, 60_000);
});
