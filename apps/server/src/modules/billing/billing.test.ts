import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MESSAGES,
  MONEY_INPUT_MAX,
  PAYMENT_SYSTEMS,
  STAFF_ROLES,
  parseMoney,
  type Transaction,
} from '@storelift/shared';
import { buildTestApp, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser } from '../../../test/factories.js';
import { billingProfiles, payments, transactions } from '../../db/schema/index.js';
import { charge } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { billingProfileOf } from '../plans/profiles.repo.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const staffCall = (method: HttpMethod, url: string, headers: Headers = admin.auth, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const balances = async (auth: Headers) => (await t.call('GET', 'users/profile', auth)).json().data.balances;
const spend = (appstore: number, pkg: string) => ({
  type: 'campaign_charge' as const,
  reference: { type: 'campaign' as const, id: 7 },
  appstore,
  package: pkg,
  description: `Campaign for ${pkg}`,
});

describe('GET transactions', () => {
  it('pages the caller’s ledger rows newest first, with the filters of §3', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const other = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, other.user.id, '50');
    await makeTopUp(t.deps.db, user.id, '100', { bonus: '20' });
    await t.deps.db.transaction((tx) => charge(tx, user.id, parseMoney('30'), spend(1, 'com.example.fit')));
    await t.deps.db.transaction((tx) => charge(tx, user.id, parseMoney('5'), spend(2, '1234567890')));

    const all = (await t.call('GET', 'transactions', auth)).json();
    expect(all.meta).toMatchObject({ total: 5, current_page: 1, last_page: 1, per_page: 10 });
    const rows = all.data as Transaction[];
    expect(rows.map((row) => [row.type, row.account, row.amount])).toEqual([
      ['campaign_charge', 'main', '-5.0000'],
      ['campaign_charge', 'main', '-10.0000'],
      ['campaign_charge', 'bonus', '-20.0000'],
      ['payment_bonus', 'bonus', '20.0000'],
      ['top_up', 'main', '100.0000'],
    ]);
    expect(rows[0]).toMatchObject({
      account_id: 1,
      appstore: 2,
      package: '1234567890',
      reference_type: 'campaign',
    });
    expect(rows.at(-1)).toMatchObject({ reference_type: 'payment', balance_after: '100.0000' });

    const query = async (q: string) => (await t.call('GET', `transactions?${q}`, auth)).json();
    expect((await query('balance=1')).data.map((row: Transaction) => row.account)).toEqual([
      'main',
      'main',
      'main',
    ]);
    expect((await query('balance=2')).meta.total).toBe(2);
    expect((await query('type=top_up')).data.map((row: Transaction) => row.type)).toEqual(['top_up']);
    expect((await query('type=all')).meta.total).toBe(5);
    expect((await query('appstore=ios')).meta.total).toBe(1);
    expect((await query('package=com.example.fit')).meta.total).toBe(2);
    expect((await query('search=example.fit')).meta.total).toBe(2);
    expect((await query('date=week')).meta.total).toBe(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await query(`date=custom&from=${today}&to=${today}`)).meta.total).toBe(5);
    expect((await query('from=2000-01-01&to=2000-12-31')).meta.total).toBe(0);
    const byAmount = await query('sortBy=amount&sortType=asc');
    expect(byAmount.data[0].amount).toBe('-20.0000');
    const paged = await query('limit=2&page=3');
    expect(paged.meta).toMatchObject({ total: 5, current_page: 3, last_page: 3 });
    expect(paged.data).toHaveLength(1);
  });

  it.each([
    'balance=3',
    'type=nope',
    'date=year',
    'from=yesterday',
    'sortBy=id',
    'sortType=up',
    'limit=0',
    'limit=101',
  ])('answers 422 to %s', async (q) => {
    const { auth } = await makeUser(t.database.db);
    expect((await t.call('GET', `transactions?${q}`, auth)).statusCode).toBe(422);
  });

  it('refuses visitors', async () => {
    expect((await t.call('GET', 'transactions', {})).statusCode).toBe(401);
  });

  it('describes each row by a key and its parameters, with the English text beside; older rows keep their text', async () => {
    const { auth, user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '100');
    await makeApp(t.deps, user.id);
    const ordered = await t.call('POST', 'campaigns', auth, directInstallsBody({ installs: 10, days: 3 }));
    expect(ordered.statusCode, ordered.body).toBe(201);
    const id = ordered.json().data.id as number;
    expect((await t.call('GET', `campaigns/${id}/cancel`, auth)).statusCode).toBe(200);
    // A row written before keys: only its text.
    await t.deps.db.transaction((tx) => charge(tx, user.id, parseMoney('1'), spend(1, 'com.example.old')));
    const headers = { ...auth, 'accept-language': 'es-ES' };
    const rows = (await t.call('GET', 'transactions', headers)).json().data as Transaction[];
    const described = rows.map(({ type, description, description_key, description_params }) => ({
      type,
      description,
      description_key,
      description_params,
    }));
    expect(described).toEqual([
      {
        type: 'campaign_charge',
        description: 'Campaign for com.example.old',
        description_key: null,
        description_params: null,
      },
      {
        type: 'refund',
        description: `Campaign #${id} canceled: 30 installs undelivered`,
        description_key: 'campaignCanceled',
        description_params: { id, count: 30 },
      },
      {
        type: 'campaign_charge',
        description: `Campaign #${id}`,
        description_key: 'campaignCharge',
        description_params: { id },
      },
      expect.objectContaining({ type: 'top_up' }),
    ]);
  });
});

describe('PUT payments/change-user-balance', () => {
  it('adjusts the main or bonus balance up and down through the ledger', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const up = await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      id: user.id,
      amount: '150.50',
      account_id: 1,
      description: 'Goodwill',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      message: MESSAGES.actionSaved,
      data: {
        balances: { main: '150.5000', bonus: '0.0000', referral: '0.0000' },
        transaction: {
          type: 'admin_adjustment',
          amount: '150.5000',
          description: 'Goodwill',
          reference_type: 'admin',
        },
        payment: null,
      },
    });
    const bonus = await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      id: user.id,
      amount: 20,
      account_id: 'bonus',
      reason: 'Contest',
    });
    expect(bonus.json().data.balances.bonus).toBe('20.0000');
    const down = await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      id: user.id,
      amount: '-50.5',
      account_id: 1,
    });
    expect(down.json().data.balances.main).toBe('100.0000');
    const tooMuch = await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      id: user.id,
      amount: -1000,
      account_id: 2,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.balance).toEqual([MESSAGES.insufficientBalance]);
    expect(await balances(auth)).toEqual({ main: '100.0000', bonus: '20.0000', referral: '0.0000' });
    const [row] = await t.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.user_id, user.id))
      .orderBy(transactions.id)
      .limit(1);
    expect(row!.created_by).toBe(admin.user.id);
  });

  it('records a manual payment with a payment system and a unique payment id', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const body = {
      id: user.id,
      amount: 1200,
      account_id: 1,
      paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
      payment_id: `WIRE-${user.id}`,
      description: 'SEPA transfer',
    };
    const res = await staffCall('PUT', 'payments/change-user-balance', admin.auth, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      balances: { main: '1200.0000' },
      transaction: { type: 'top_up', amount: '1200.0000', reference_type: 'payment' },
      payment: {
        status: 'credited',
        type: 'regular',
        paysystem: { id: 3, name: 'Bank transfer' },
        invoice: true,
      },
    });
    expect((await t.call('GET', 'priceplans/current', auth)).json().data.name).toBe('Bronze');
    const again = await staffCall('PUT', 'payments/change-user-balance', admin.auth, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.paymentIdTaken);
    const bonusPayment = await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      ...body,
      amount: 50,
      account_id: 2,
      payment_id: null,
    });
    expect(bonusPayment.json().data.payment).toMatchObject({ type: 'bonus', amount: '50.0000' });
    expect(await balances(auth)).toMatchObject({ main: '1200.0000', bonus: '50.0000' });
  });

  it.each([
    [{ amount: 0, account_id: 1 }, 'amount', MESSAGES.amountNotZero],
    [{ amount: 'x', account_id: 1 }, 'amount', MESSAGES.amountInvalid],
    [{ amount: 5, account_id: 3 }, 'account_id', MESSAGES.accountInvalid],
    [{ amount: 5, account_id: 'referral' }, 'account_id', MESSAGES.accountInvalid],
    [{ amount: 5, account_id: 1, paysystem_id: 77 }, 'paysystem_id', MESSAGES.paysystemUnavailable],
  ])('refuses %j with 422 on %s', async (body, field, message) => {
    const { user } = await makeUser(t.database.db);
    const res = await staffCall('PUT', 'payments/change-user-balance', admin.auth, { id: user.id, ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('bounds every staff amount: an overflow is a 422 on the field, never a 500', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const change = (amount: string | number, extra: object = {}) =>
      staffCall('PUT', 'payments/change-user-balance', admin.auth, {
        id: user.id,
        amount,
        account_id: 1,
        ...extra,
      });
    const bankTransfer = { paysystem_id: PAYMENT_SYSTEMS.bankTransfer };
    for (const [amount, extra] of [
      ['9999999999', {}],
      ['9999999999', {}],
      ['-9999999999.9999', {}],
      [1e12, {}],
      ['100000000.0001', {}],
      ['9999999999', bankTransfer],
      ['100000000.01', bankTransfer],
    ] as const) {
      const res = await change(amount, extra);
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(422);
      expect(res.json().errors.amount, String(amount)).toEqual([MESSAGES.amountTooLarge]);
    }
    expect(await balances(auth)).toEqual({ main: '0.0000', bonus: '0.0000', referral: '0.0000' });
    expect((await change(MONEY_INPUT_MAX)).statusCode).toBe(200);
    expect((await change(`-${MONEY_INPUT_MAX}`)).statusCode).toBe(200);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('answers 404 for an unknown user and 403 to staff who are not admins', async () => {
    expect(
      (
        await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
          id: 999999,
          amount: 5,
          account_id: 1,
        })
      ).statusCode,
    ).toBe(404);
    const { user } = await makeUser(t.database.db);
    for (const role of STAFF_ROLES.filter((r) => r !== 'admin')) {
      const staff = await makeUser(t.database.db, { roles: [role] });
      const res = await staffCall('PUT', 'payments/change-user-balance', staff.auth, {
        id: user.id,
        amount: 5,
        account_id: 1,
      });
      expect(res.statusCode, role).toBe(403);
    }
    const customer = await makeUser(t.database.db);
    expect(
      (
        await staffCall('PUT', 'payments/change-user-balance', customer.auth, {
          id: user.id,
          amount: 5,
          account_id: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('staff payments', () => {
  it('lists everyone’s payments for every staff role, by user', async () => {
    const { user } = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, user.id, '77');
    for (const role of STAFF_ROLES) {
      const staff = await makeUser(t.database.db, { roles: [role] });
      const res = await staffCall('GET', `payments?user_id=${user.id}`, staff.auth);
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data).toEqual([
        expect.objectContaining({
          id: payment.id,
          amount: '77.0000',
          user: expect.objectContaining({ id: user.id }),
        }),
      ]);
    }
    expect((await staffCall('GET', 'payments', admin.auth)).json().meta.total).toBeGreaterThan(0);
    const customer = await makeUser(t.database.db);
    expect((await staffCall('GET', 'payments', customer.auth)).statusCode).toBe(403);
  });

  it('edits the description and system, deletes only what never moved money', async () => {
    const { user } = await makeUser(t.database.db);
    const credited = await makeTopUp(t.deps.db, user.id, '10');
    const edited = await staffCall('PUT', `payments/${credited.id}`, admin.auth, {
      description: 'Checked',
      paysystem_id: PAYMENT_SYSTEMS.wise,
    });
    expect(edited.json().data).toMatchObject({ description: 'Checked', paysystem: { id: 36, name: 'Wise' } });
    expect(
      (await staffCall('PUT', `payments/${credited.id}`, admin.auth, { paysystem_id: 5 })).statusCode,
    ).toBe(422);
    expect((await staffCall('DELETE', `payments/${credited.id}`)).statusCode).toBe(409);
    const [pending] = await t.deps.db
      .insert(payments)
      .values({ user_id: user.id, paysystem_id: 30, amount: '10', total: '10', provider: 'sandbox' })
      .returning();
    expect((await staffCall('DELETE', `payments/${pending!.id}`)).json()).toEqual({
      message: MESSAGES.actionDeleted,
      count: 1,
    });
    expect((await staffCall('DELETE', `payments/${pending!.id}`)).statusCode).toBe(404);
  });

  it('refunds a payment without its bonus: the unspent bonus and the referrer’s commission are withdrawn', async () => {
    const referrer = await makeUser(t.database.db);
    const { referral_code } = await billingProfileOf(t.deps.db, referrer.user.id);
    const { auth, user } = await makeUser(t.database.db, { signup_ref: referral_code.toLowerCase() });
    const payment = await makeTopUp(t.deps.db, user.id, '1000', { bonus: '100' });
    await t.deps.db.transaction((tx) => charge(tx, user.id, parseMoney('30'), spend(1, 'com.example.fit')));
    expect(await balances(auth)).toMatchObject({ main: '1000.0000', bonus: '70.0000' });
    expect((await balances(referrer.auth)).referral).toBe('100.0000');

    const res = await staffCall('POST', `payments/${payment.id}/refund`, admin.auth, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('refunded');
    expect(await balances(auth)).toMatchObject({ main: '0.0000', bonus: '0.0000' });
    expect((await balances(referrer.auth)).referral).toBe('0.0000');
    const [profile] = await t.deps.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, user.id));
    expect(profile).toMatchObject({ total_payments: '0.0000', referral_earned: '0.0000' });
    expect((await staffCall('POST', `payments/${payment.id}/refund`, admin.auth, {})).statusCode).toBe(409);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('staff payment systems', () => {
  it('lists every system and switches one off for customers (admin only)', async () => {
    const manager = await makeUser(t.database.db, { roles: ['manager'] });
    expect((await staffCall('GET', 'paysystems', manager.auth)).statusCode).toBe(403);
    const all = (await staffCall('GET', 'paysystems')).json().data as { id: number; is_active: boolean }[];
    expect(all).toHaveLength(12);
    // Transfers between accounts (the Transfers page) are on; the top-up never offers them (transfers.test.ts).
    expect(all.find((system) => system.id === 34)?.is_active).toBe(true);
    const off = await staffCall('PUT', 'paysystems/change-is-active-paysystem', admin.auth, {
      id: 31,
      is_active: false,
    });
    expect(off.json()).toMatchObject({ message: MESSAGES.actionSaved, data: { id: 31, is_active: false } });
    const customer = await makeUser(t.database.db);
    const visible = (await t.call('GET', 'paysystems', customer.auth)).json().data as { id: number }[];
    expect(visible.map((system) => system.id)).not.toContain(31);
    const refused = await t.call('POST', 'checkout', customer.auth, { amount: 100, paysystem_id: 31 });
    expect(refused.json().errors.paysystem_id).toEqual([MESSAGES.paysystemUnavailable]);
    await staffCall('PUT', 'paysystems/change-is-active-paysystem', admin.auth, { id: 31, is_active: true });
    expect(
      (
        await staffCall('PUT', 'paysystems/change-is-active-paysystem', admin.auth, {
          id: 999,
          is_active: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await staffCall('PUT', 'paysystems/change-is-active-paysystem', manager.auth, {
          id: 31,
          is_active: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('shows a user’s transactions to staff (user details)', async () => {
    const { user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '12');
    const support = await makeUser(t.database.db, { roles: ['support'] });
    const res = await staffCall('GET', `transactions?user_id=${user.id}`, support.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((row: Transaction) => row.amount)).toEqual(['12.0000']);
    expect((await staffCall('GET', 'transactions', support.auth)).statusCode).toBe(422);
  });

  it('takes the user-details parameters of staff-admin §7: orderBy, sortBy, is_admin, billingOnly', async () => {
    const { user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '100');
    await t.deps.db.transaction((tx) => charge(tx, user.id, parseMoney('30'), spend(1, 'com.example.fit')));
    const change = await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      id: user.id,
      amount: '5',
      account_id: 1,
      description: 'Goodwill',
    });
    expect(change.statusCode, change.body).toBe(200);
    const list = async (query: string) => {
      const res = await staffCall('GET', `transactions?user_id=${user.id}&limit=10&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Transaction[]).map((row) => row.type);
    };

    const newest = ['admin_adjustment', 'campaign_charge', 'top_up'];
    expect(await list('orderBy=created_at&sortBy=desc&is_admin=0&billingOnly=0')).toEqual(newest);
    expect(await list('orderBy=created_at&sortBy=asc')).toEqual([...newest].reverse());
    expect(await list('orderBy=amount&sortBy=desc')).toEqual([
      'top_up',
      'admin_adjustment',
      'campaign_charge',
    ]);
    expect(await list('orderBy=created_at&sortBy=desc&is_admin=1')).toEqual(['admin_adjustment']);
    expect(await list('orderBy=created_at&sortBy=desc&billingOnly=true')).toEqual([
      'admin_adjustment',
      'top_up',
    ]);

    for (const [field, value] of [
      ['orderBy', 'desc'],
      ['sortBy', 'created_at'],
      ['is_admin', 'yes'],
      ['billingOnly', '2'],
    ]) {
      const res = await staffCall('GET', `transactions?user_id=${user.id}&${field}=${value}`);
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe('bad input', () => {
  it('never answers 500 on any money call', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, user.id, '10');
    const garbage = [
      '',
      '-1',
      '99999999999999999999',
      '\u0000',
      'a\u0000b',
      'a'.repeat(3000),
      '1e400',
      'NaN',
    ];
    const gets: [string, string[]][] = [
      [
        'transactions',
        [
          'type',
          'balance',
          'appstore',
          'package',
          'date',
          'from',
          'to',
          'search',
          'page',
          'limit',
          'sortBy',
          'sortType',
        ],
      ],
      [
        'payments',
        [
          'successOnly',
          'search',
          'searchColumn',
          'limit',
          'priceplan_id',
          'page',
          'orderBy',
          'sortBy',
          'pay_systems',
          'payment_type',
          'from',
          'to',
        ],
      ],
      ['checkout/quote', ['amount', 'paysystem_id']],
      ['priceplans', ['limit', 'page']],
      ['users/referrals', ['page', 'limit', 'sortBy', 'sortType']],
      ['users/referral/payouts', ['page', 'limit']],
      [`payments/download-invoice/${payment.id}`, ['ts', 'h']],
    ];
    for (const [url, names] of gets) {
      for (const name of names) {
        for (const value of garbage) {
          const res = await t.call('GET', `${url}?${new URLSearchParams({ [name]: value })}`, auth);
          expect(res.statusCode, `${url} ${name}=${value.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
    for (const id of garbage) {
      const res = await t.call('GET', `payments/${encodeURIComponent(id)}/get-configuration`, auth);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    const bodies: unknown[] = [
      null,
      [],
      'text',
      1,
      { amount: {} },
      { amount: [1] },
      { amount: '1\u0000' },
      { credits: 'x' },
    ];
    for (const [method, url, who] of [
      ['POST', 'checkout', 'private'],
      ['POST', 'checkout/30/auth', 'private'],
      ['POST', 'users/referral/payout', 'private'],
      ['POST', 'users/bonus-program', 'private'],
      ['POST', 'users/api-credits/buy-tokens', 'private'],
      ['POST', 'users/api-credits/change-auto-refresh', 'private'],
      ['PUT', 'payments/change-user-balance', 'admin'],
      ['PUT', `payments/${payment.id}`, 'admin'],
      ['PUT', 'paysystems/change-is-active-paysystem', 'admin'],
    ] as const) {
      for (const body of bodies) {
        const res = await t.app.inject({
          method,
          url: `/api/${who}/v1/${url}`,
          headers: { ...(who === 'admin' ? admin.auth : auth), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/payments/callback/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(callback.statusCode).toBe(403);
  });
});
