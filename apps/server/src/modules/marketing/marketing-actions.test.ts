import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CAMPAIGN_MESSAGES,
  MARKETING_MESSAGES,
  MESSAGES,
  PAYMENT_SYSTEMS,
  type AdminMarketingAction,
  type Campaign,
  type Payment,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody as direct, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { auditLog, marketingActions, payments, vendors } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../../providers/payments/sandbox/sandbox-provider.js';

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
let marketer: Headers;
let manager: Headers;
let ppc: Headers;

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
  marketer = (await makeUser(t.deps.db, { roles: ['marketer'] })).auth;
  manager = (await makeUser(t.deps.db, { roles: ['manager'] })).auth;
  ppc = (await makeUser(t.deps.db, { roles: ['ppc'] })).auth;
});
afterAll(() => t.close());
// Each test starts with no action at all (the demo seed's bonus action included).
beforeEach(async () => {
  await t.deps.db.delete(marketingActions);
});

const staff = (method: HttpMethod, url: string, headers: Headers = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();
const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'payment',
  name: 'Spring bonus',
  text: 'Top up 100 or more and get 20 % bonus',
  starts_at: yesterday(),
  ends_at: null,
  tiers: [{ from: '100', percent: '20' }],
  ...overrides,
});
async function create(overrides: Record<string, unknown> = {}, headers = marketer) {
  const res = await staff('POST', 'marketing-actions', headers, body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdminMarketingAction;
}

describe('marketing actions (staff)', () => {
  it('creates, lists with filters, edits and deletes an action, each audited', async () => {
    const created = await staff('POST', 'marketing-actions', marketer, body({ countries: ['de', 'FR'] }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(MARKETING_MESSAGES.actionSaved);
    const action = created.json().data as AdminMarketingAction;
    expect(action).toMatchObject({
      type: 'payment',
      countries: ['DE', 'FR'],
      store: null,
      products: [],
      tiers: [{ from: '100.0000', percent: '20.0000' }],
      current: true,
    });
    const later = await create({
      type: 'campaign',
      name: 'Summer discount',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      store: 1,
      products: [1, 2],
      countries: ['US'],
    });

    const all = (await staff('GET', 'marketing-actions', manager)).json();
    expect(all.data.map((row: AdminMarketingAction) => row.id)).toEqual([later.id, action.id]);
    const ids = async (query: string) =>
      (await staff('GET', `marketing-actions?${query}`))
        .json()
        .data.map((row: AdminMarketingAction) => row.id);
    expect(await ids('type=campaign')).toEqual([later.id]);
    expect(await ids('country=de')).toEqual([action.id]);
    expect(await ids('current=1')).toEqual([action.id]);
    expect(await ids('sortBy=asc')).toEqual([action.id, later.id]);
    const filters = (await staff('GET', 'marketing-actions/filters')).json().data;
    expect(filters).toMatchObject({
      types: ['payment', 'campaign'],
      countries: ['DE', 'FR', 'US'],
      products: [1, 2],
    });
    expect(filters.price_plans.length).toBeGreaterThan(0);

    const edited = await staff(
      'PUT',
      `marketing-actions/${action.id}`,
      admin,
      body({ name: 'Spring bonus 2' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Spring bonus 2', countries: [] });
    expect((await staff('GET', `marketing-actions/${action.id}`)).json().data.name).toBe('Spring bonus 2');

    const deleted = await staff('DELETE', `marketing-actions/${action.id}`, marketer);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(MARKETING_MESSAGES.actionDeleted);
    const missing = await staff('GET', `marketing-actions/${action.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MARKETING_MESSAGES.actionNotFound);
    expect((await staff('DELETE', `marketing-actions/${action.id}`)).statusCode).toBe(404);

    const audited = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target_type, 'marketing_action'), eq(auditLog.target_id, String(action.id))));
    expect(audited.map((row) => row.action).sort()).toEqual([
      'marketing-actions.create',
      'marketing-actions.delete',
      'marketing-actions.update',
    ]);
  });

  it('lets a manager read but not change, and refuses ppc staff and customers', async () => {
    const customer = (await makeUser(t.deps.db)).auth;
    expect((await staff('GET', 'marketing-actions', manager)).statusCode).toBe(200);
    for (const headers of [manager, ppc, customer]) {
      expect((await staff('POST', 'marketing-actions', headers, body())).statusCode).toBe(403);
    }
    for (const headers of [ppc, customer]) {
      expect((await staff('GET', 'marketing-actions', headers)).statusCode).toBe(403);
    }
    expect(await t.deps.db.select().from(marketingActions)).toEqual([]);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', MESSAGES.required],
      [{ ends_at: '2000-01-01' }, 'ends_at', MARKETING_MESSAGES.actionEndsBeforeStart],
      [{ tiers: [] }, 'tiers', MARKETING_MESSAGES.actionTiersRequired],
      [{ type: 'campaign', products: [4] }, 'products.0', MARKETING_MESSAGES.actionProductNotDiscounted],
      [{ name: 'a\u0000b' }, 'name', ''],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await staff('POST', 'marketing-actions', admin, body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      const errors = errorsOf(res);
      expect(Object.keys(errors)).toContain(field);
      if (message) expect(errors[field]!.join(' ')).toContain(message === MESSAGES.required ? '' : message);
    }
    expect(await t.deps.db.select().from(marketingActions)).toEqual([]);
  });

  it('refuses a second action of one type for the same audience in overlapping dates', async () => {
    const first = await create({
      countries: ['US'],
      ends_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    });
    const clash = await staff('POST', 'marketing-actions', admin, body({ countries: ['US', 'DE'] }));
    expect(clash.statusCode).toBe(422);
    expect(errorsOf(clash).starts_at).toEqual([
      MARKETING_MESSAGES.actionOverlap.replace('{{name}}', first.name),
    ]);
    // Another audience, another type, or dates after it: all fine.
    await create({ countries: ['DE'] });
    await create({ type: 'campaign', countries: ['US'] });
    await create({ countries: ['US'], starts_at: first.ends_at });
    // Two creates at once for the same audience: one wins.
    const both = await Promise.all(
      [1, 2].map(() => staff('POST', 'marketing-actions', admin, body({ countries: ['FR'] }))),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('the payment bonus', () => {
  async function openCheckout(auth: Headers, amount: number) {
    const res = await t.call('POST', 'checkout', auth, { amount, paysystem_id: PAYMENT_SYSTEMS.card });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Payment;
  }
  /** The sandbox's signed "paid" callback for the payment. */
  async function paidCallback(id: number) {
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, id));
    const body = JSON.stringify(newSandboxEvent('payment.paid', payment!.uuid, payment!.total));
    return t.app.inject({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(await signingSecret(t.deps.db), body),
      },
      payload: body,
    });
  }

  it('answers the action running for the customer’s country, or 404, and credits its tier', async () => {
    const us = await makeUser(t.deps.db, { country: 'US' });
    const de = await makeUser(t.deps.db, { country: 'DE' });
    const action = await create({ countries: ['DE'] });
    expect((await t.call('GET', 'marketing-actions', us.auth)).statusCode).toBe(404);
    const current = await t.call('GET', 'marketing-actions', de.auth);
    expect(current.statusCode).toBe(200);
    expect(current.json().data).toMatchObject({ id: action.id, text: action.text });

    expect((await openCheckout(us.auth, 200)).bonus).toBe('0.0000');
    const payment = await openCheckout(de.auth, 200);
    expect(payment.bonus).toBe('40.0000');
    expect((await paidCallback(payment.id)).statusCode).toBe(200);
    expect((await balancesOf(t.deps.db, de.user.id)).bonus).toBe('40.0000');
  });

  it('credits the bonus its checkout promised exactly once while the action is edited', async () => {
    const who = await makeUser(t.deps.db);
    const action = await create();
    const payment = await openCheckout(who.auth, 500);
    expect(payment.bonus).toBe('100.0000');
    const results = await Promise.all([
      paidCallback(payment.id),
      staff(
        'PUT',
        `marketing-actions/${action.id}`,
        admin,
        body({ tiers: [{ from: '100', percent: '50' }] }),
      ),
      paidCallback(payment.id),
    ]);
    expect(results[1]!.statusCode).toBe(200);
    expect((await balancesOf(t.deps.db, who.user.id)).bonus).toBe('100.0000');
    // The next checkout gets the edited tier.
    expect((await openCheckout(who.auth, 500)).bonus).toBe('250.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('the campaign discount', () => {
  // Google Play direct installs cost 0.12: 10 a day for 3 days is 3.60.
  async function customer() {
    const user = await makeUser(t.deps.db);
    await makeApp(t.deps, user.user.id);
    await makeTopUp(t.deps.db, user.user.id, '100');
    return user;
  }
  const quote = async (auth: Headers, overrides: Record<string, unknown> = {}) => {
    const res = await t.call('POST', 'campaigns/quote', auth, direct(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('lowers the quote and the charge of matching campaigns only, and never a campaign already charged', async () => {
    const who = await customer();
    const before = await t.call('POST', 'campaigns', who.auth, direct());
    expect(before.statusCode, before.body).toBe(201);
    const charged = before.json().data as Campaign;
    expect(charged.price).toBe('3.6000');
    const main = (await balancesOf(t.deps.db, who.user.id)).main;

    const action = await create({
      type: 'campaign',
      name: 'Installs week',
      store: 1,
      countries: ['US'],
      products: [1],
      tiers: [{ from: '0', percent: '25' }],
    });
    const discounted = await quote(who.auth);
    expect(discounted).toMatchObject({
      price: '2.7000',
      unit_price: '0.0900',
      discount: { action_id: action.id, percent: '25.0000', list_price: '3.6000', name: 'Installs week' },
    });
    // Another country or product: full price.
    expect((await quote(who.auth, { country: 'DE' })).discount).toBeUndefined();

    const ordered = await t.call('POST', 'campaigns', who.auth, direct());
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(ordered.json().data.price).toBe('2.7000');
    const after = (await balancesOf(t.deps.db, who.user.id)).main;
    expect(BigInt(main.replace('.', '')) - BigInt(after.replace('.', ''))).toBe(27_000n);
    // The campaign charged before the action keeps its price and its charge.
    const old = (await t.call('GET', `campaigns/${charged.id}`, who.auth)).json().data as Campaign;
    expect(old.price).toBe('3.6000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('keeps a charged campaign’s discount when it is edited after the action ends', async () => {
    const [sandbox] = await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox'));
    await t.deps.db.update(vendors).set({ is_active: false }).where(eq(vendors.id, sandbox!.id));
    try {
      const who = await customer();
      const action = await create({ type: 'campaign', tiers: [{ from: '0', percent: '50' }] });
      const ordered = (await t.call('POST', 'campaigns', who.auth, direct())).json().data as Campaign;
      expect(ordered).toMatchObject({ status: 'pending', price: '1.8000' });
      const startAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
      const delayed = await staff(
        'GET',
        `campaigns/${ordered.id}/start?start_at=${encodeURIComponent(startAt)}`,
      );
      expect(delayed.statusCode, delayed.body).toBe(200);
      await staff('DELETE', `marketing-actions/${action.id}`);

      const edited = await t.call('PUT', `campaigns/${ordered.id}`, who.auth, direct({ start_at: startAt }));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data.price).toBe('1.8000');
    } finally {
      await t.deps.db.update(vendors).set({ is_active: true }).where(eq(vendors.id, sandbox!.id));
    }
  });
});

describe('the marketing percent limit and who gets marketing money', () => {
  const actionCount = async () => (await t.deps.db.select().from(marketingActions)).length;
  const setLimit = (headers: Headers, max_percent: string) =>
    staff('PUT', 'marketing-settings', headers, { max_percent });

  it('lets only an admin save a tier above the limit (50 % by default), a core setting the admin changes', async () => {
    expect((await staff('GET', 'marketing-settings', marketer)).json().data).toEqual({ max_percent: '50' });
    const above = await staff(
      'POST',
      'marketing-actions',
      marketer,
      body({ tiers: [{ from: '0', percent: '100' }] }),
    );
    expect(above.statusCode).toBe(422);
    expect(errorsOf(above)).toEqual({ 'tiers.0.percent': ['At most 50 %: only an admin may give more'] });
    expect(await actionCount()).toBe(0);
    const mine = await create({ tiers: [{ from: '0', percent: '50' }] });
    const raised = await staff(
      'PUT',
      `marketing-actions/${mine.id}`,
      marketer,
      body({
        tiers: [
          { from: '0', percent: '10' },
          { from: '100', percent: '50.01' },
        ],
      }),
    );
    expect(errorsOf(raised)).toEqual({ 'tiers.1.percent': ['At most 50 %: only an admin may give more'] });
    expect((await staff('GET', `marketing-actions/${mine.id}`)).json().data.tiers).toEqual([
      { from: '0.0000', percent: '50.0000' },
    ]);
    const byAdmin = await staff(
      'PUT',
      `marketing-actions/${mine.id}`,
      admin,
      body({ tiers: [{ from: '0', percent: '60' }] }),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    expect((await setLimit(manager, '70')).statusCode).toBe(403);
    expect((await setLimit(marketer, '70')).statusCode).toBe(403);
    expect((await setLimit(admin, '101')).statusCode).toBe(422);
    const set = await setLimit(admin, '70');
    expect(set.json()).toEqual({
      data: { max_percent: '70' },
      message: MARKETING_MESSAGES.marketingSettingsSaved,
    });
    const [row] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'settings.marketing'));
    expect([row!.before, row!.after]).toEqual([{ max_percent: '50' }, { max_percent: '70' }]);
    try {
      const now = await staff(
        'PUT',
        `marketing-actions/${mine.id}`,
        marketer,
        body({ tiers: [{ from: '0', percent: '70' }] }),
      );
      expect(now.statusCode, now.body).toBe(200);
    } finally {
      await setLimit(admin, '50');
    }
  });

  it('gives staff accounts no payment bonus and no campaign discount, whatever the audience', async () => {
    await create({ tiers: [{ from: '0', percent: '20' }] });
    await create({ type: 'campaign', tiers: [{ from: '0', percent: '25' }] });
    const customer = await makeUser(t.deps.db);
    const own = await makeUser(t.deps.db, { roles: ['marketer', 'user'] });
    for (const who of [customer, own]) {
      await makeApp(t.deps, who.user.id);
      await makeTopUp(t.deps.db, who.user.id, '100');
    }
    const checkout = async (auth: Headers) =>
      (await t.call('POST', 'checkout', auth, { amount: 100, paysystem_id: PAYMENT_SYSTEMS.card })).json()
        .data.bonus;
    expect(await checkout(customer.auth)).toBe('20.0000');
    expect(await checkout(own.auth)).toBe('0.0000');
    expect((await t.call('GET', 'marketing-actions', own.auth)).statusCode).toBe(404);
    const quoted = async (auth: Headers) =>
      (await t.call('POST', 'campaigns/quote', auth, direct())).json().data;
    expect((await quoted(customer.auth)).price).toBe('2.7000');
    expect(await quoted(own.auth)).toMatchObject({ price: '3.6000' });
    expect((await quoted(own.auth)).discount).toBeUndefined();
  });

  it('answers 422, never 500, when an admin’s 100 % discount leaves nothing to pay', async () => {
    const res = await staff(
      'POST',
      'marketing-actions',
      admin,
      body({ type: 'campaign', tiers: [{ from: '0', percent: '100' }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const who = await makeUser(t.deps.db);
    await makeApp(t.deps, who.user.id);
    await makeTopUp(t.deps.db, who.user.id, '100');
    for (const url of ['campaigns/quote', 'campaigns']) {
      const refused = await t.call('POST', url, who.auth, direct());
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toEqual({
        message: CAMPAIGN_MESSAGES.campaignDiscountLeavesNothing,
        code: 'campaign.campaignDiscountLeavesNothing',
        errors: { price: [CAMPAIGN_MESSAGES.campaignDiscountLeavesNothing] },
        error_codes: { price: [{ code: 'campaign.campaignDiscountLeavesNothing' }] },
      });
    }
    expect((await balancesOf(t.deps.db, who.user.id)).main).toBe('100.0000');
    expect((await t.call('GET', 'campaigns', who.auth)).json().data).toEqual([]);
  });
});
