import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {} from '@fastify/swagger';
import { MESSAGES, PAGES_MESSAGES, USER_MESSAGES, parseMoney } from '@storelift/shared';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { makeTopUp, makeUser } from './factories.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { credit } from '../src/modules/ledger/ledger.js';
import { ensureBillingProfile } from '../src/modules/plans/profiles.repo.js';

/*
 * Self-dealing (docs/permissions.md, "Own and staff accounts"): every admin operation of the OpenAPI document
 * that takes a user id (in its path or body), or the id of a user's request, is called by an admin on their
 * own account and on another staff account, and must refuse without writing anything. The operations where
 * a staff target is legitimate are listed with their reason; an operation of the document that takes a user
 * id and is in neither list fails the test.
 */

type Account = Awaited<ReturnType<typeof makeUser>>;
interface Call {
  url: string;
  payload?: object;
}
interface Case {
  /** The call on a target account (setting up what it needs, e.g. a pending request of that account). */
  call: (target: Account) => Promise<Call>;
  /** The answer on the caller's own account, or why the call is allowed there. */
  self: 403 | 409 | 422 | { allowed: string };
  /** The message of a 403 on the caller's own account when a rule of the operation's own says it. */
  selfMessage?: string;
  /** The answer on another staff account, or why the call is allowed there. */
  staff: 403 | 422 | { allowed: string };
}

let t: TestApp;
let admin: Account;
let otherStaff: Account;
let manager: Account;
let customer: Account;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.deps.db, { roles: ['admin', 'user'] });
  otherStaff = await makeUser(t.deps.db, { roles: ['manager', 'user'] });
  manager = await makeUser(t.deps.db, { roles: ['manager', 'user'] });
  customer = await makeUser(t.deps.db);
  // Billing profiles are made on first use: made here, so a refused call that makes one changes nothing.
  for (const account of [admin, otherStaff]) await ensureBillingProfile(t.deps.db, account.user.id);
}, 120_000);
afterAll(() => t.close());

/** An unmatched credit line of an uploaded statement, as money no reference named leaves one. */
const unmatchedLine = () =>
  once('statement-line', async () => {
    const [line] = await rowsOf<{ id: number }>(
      t.deps.db,
      sql`with statement as (insert into statements (format, file_name) values ('wise', 'wise.csv') returning id)
        insert into statement_lines (statement_id, entry_id, direction, amount, currency, text, state)
        select id, 'staff-targets-1', 'credit', 500, 'USD', 'no reference', 'unmatched' from statement
        returning id`,
    );
    return line!.id;
  });

const RESELLER_GOLD = 9;
const privateCall = async (account: Account, url: string, payload: object) => {
  const res = await t.call('POST', url, account.auth, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};
/** One pending request per target: a refused review leaves it pending for the next case. */
const pending = new Map<string, number>();
const once = async (key: string, make: () => Promise<number>) => {
  if (!pending.has(key)) pending.set(key, await make());
  return pending.get(key)!;
};
const resellerRequest = (target: Account) =>
  once(`reseller ${target.user.id}`, () =>
    privateCall(target, 'resellers', {
      customer_sources: 'My ASO agency site',
      monthly_installs: 20000,
      channels: ['seo'],
      services: ['android_installs'],
    }),
  );
const bonusSubmission = (target: Account) =>
  once(`bonus ${target.user.id}`, async () => {
    await privateCall(target, 'users/bonus-program', { type: 'forum_post', link: 'https://example.com/p' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/bonus-program/submissions?status=pending&search=${target.user.email}`,
      headers: admin.auth,
    });
    return (list.json().data as { id: number; user: { id: number } }[]).find(
      (row) => row.user.id === target.user.id,
    )!.id;
  });
const payoutRequest = async (target: Account) => {
  await t.deps.db.transaction((tx) =>
    credit(tx, target.user.id, 'referral', parseMoney('100'), { type: 'referral_commission' }),
  );
  return privateCall(target, 'users/referral/payout', {
    amount: 60,
    method: 'paypal',
    details: 'me@example.com',
  });
};

const message = { allowed: 'a message or e-mail to the account: no money, no rights' };
const adminOnStaff = {
  allowed:
    'deactivating, activating or deleting a staff account is the admin’s role management; any other role gets 403 (admin-users.manage.test.ts)',
};
const USER_ID_CASES: Record<string, Case> = {
  'PUT /api/admin/v1/users': {
    call: async (target) => ({ url: 'users', payload: { id: target.user.id, priceplan_id: RESELLER_GOLD } }),
    self: 403,
    staff: 403,
  },
  'PUT /api/admin/v1/priceplans/user/{id}': {
    call: async (target) => ({
      url: `priceplans/user/${target.user.id}`,
      payload: { priceplan_id: RESELLER_GOLD },
    }),
    self: 403,
    staff: 403,
  },
  'POST /api/admin/v1/priceplans/pricetags/user/{id}/sync': {
    call: async (target) => ({ url: `priceplans/pricetags/user/${target.user.id}/sync` }),
    self: 403,
    staff: 403,
  },
  'PUT /api/admin/v1/payments/change-user-balance': {
    call: async (target) => ({
      url: 'payments/change-user-balance',
      payload: { id: target.user.id, amount: '500', account_id: 1, reason: 'Goodwill' },
    }),
    self: 403,
    staff: 403,
  },
  'POST /api/admin/v1/reconciliation/lines/{id}/assign': {
    call: async (target) => ({
      url: `reconciliation/lines/${await unmatchedLine()}/assign`,
      payload: { user_id: target.user.id },
    }),
    self: 403,
    staff: 403,
  },
  'POST /api/admin/v1/users/referrals': {
    call: async (target) => ({
      url: 'users/referrals',
      payload: { user_id: target.user.id, referral: customer.user.email },
    }),
    self: 403,
    staff: 403,
  },
  'DELETE /api/admin/v1/users/referrals/{id}': {
    call: async (target) => ({ url: `users/referrals/${target.user.id}` }),
    self: 403,
    staff: {
      allowed: 'removing a staff account from a referrer stops commissions: it gives nobody anything',
    },
  },
  'POST /api/admin/v1/sales-reports/change-status': {
    call: async (target) => ({
      url: 'sales-reports/change-status',
      payload: { user_id: target.user.id, status: 'contacted' },
    }),
    self: 403,
    staff: 403,
  },
  'POST /api/admin/v1/sales-reports/change-history-note': {
    call: async (target) => ({
      url: 'sales-reports/change-history-note',
      payload: { user_id: target.user.id, note: 'Called' },
    }),
    self: 403,
    staff: 403,
  },
  'POST /api/admin/v1/sales-reports/new-clients/change-manager': {
    call: async (target) => ({
      url: 'sales-reports/new-clients/change-manager',
      payload: { user_id: target.user.id, manager_id: manager.user.id },
    }),
    self: 403,
    staff: 403,
  },
  'POST /api/admin/v1/auth/change-user-account': {
    call: async (target) => ({ url: 'auth/change-user-account', payload: { email: target.user.email } }),
    // The login-as form's own rule: a field error on the e-mail (docs/staff-tools.md).
    self: 422,
    staff: 422,
  },
  'PUT /api/admin/v1/users/{id}/deactivate': {
    call: async (target) => ({ url: `users/${target.user.id}/deactivate` }),
    // The lock-out rule: nobody deactivates or deletes their own account (409 since its start).
    self: 409,
    staff: adminOnStaff,
  },
  'DELETE /api/admin/v1/users/{id}': {
    call: async (target) => ({ url: `users/${target.user.id}` }),
    self: 409,
    staff: adminOnStaff,
  },
  'PUT /api/admin/v1/users/{id}/activate': {
    call: async (target) => ({ url: `users/${target.user.id}/activate` }),
    self: { allowed: 'the caller is active already: nothing changes' },
    staff: adminOnStaff,
  },
  'POST /api/admin/v1/users/{id}/resend-verification': {
    call: async (target) => ({ url: `users/${target.user.id}/resend-verification` }),
    self: message,
    staff: message,
  },
  'POST /api/admin/v1/notices': {
    call: async (target) => ({ url: 'notices', payload: { user_id: target.user.id, text: 'Hello' } }),
    self: message,
    staff: message,
  },
};
/** Operations on a user's request or payment: its owner is the target. */
const REQUEST_CASES: Record<string, Case> = {
  'POST /api/admin/v1/payments/{id}/refund': {
    call: async (target) => ({
      url: `payments/${(await makeTopUp(t.deps.db, target.user.id, '20')).id}/refund`,
      payload: {},
    }),
    self: 403,
    staff: {
      allowed:
        'another staff member refunds a staff account’s own top-up: the money goes back where it came from',
    },
  },
  'PUT /api/admin/v1/resellers/requests/{id}/approve': {
    call: async (target) => ({
      url: `resellers/requests/${await resellerRequest(target)}/approve`,
      payload: { priceplan_id: RESELLER_GOLD },
    }),
    self: 403,
    selfMessage: PAGES_MESSAGES.resellerOwnRequest,
    staff: 403,
  },
  'PUT /api/admin/v1/resellers/requests/{id}/reject': {
    call: async (target) => ({
      url: `resellers/requests/${await resellerRequest(target)}/reject`,
      payload: {},
    }),
    self: 403,
    selfMessage: PAGES_MESSAGES.resellerOwnRequest,
    staff: { allowed: 'a rejection gives nothing: it closes the request' },
  },
  'PUT /api/admin/v1/bonus-program/submissions/{id}/approve': {
    call: async (target) => ({
      url: `bonus-program/submissions/${await bonusSubmission(target)}/approve`,
      payload: {},
    }),
    self: 403,
    selfMessage: MESSAGES.bonusOwnSubmission,
    staff: 403,
  },
  'PUT /api/admin/v1/bonus-program/submissions/{id}/reject': {
    call: async (target) => ({
      url: `bonus-program/submissions/${await bonusSubmission(target)}/reject`,
      payload: {},
    }),
    self: 403,
    selfMessage: MESSAGES.bonusOwnSubmission,
    staff: { allowed: 'a rejection gives nothing: it closes the submission' },
  },
  'PUT /api/admin/v1/referral/payouts/{id}/complete': {
    call: async (target) => ({
      url: `referral/payouts/${await payoutRequest(target)}/complete`,
      payload: {},
    }),
    self: 403,
    staff: {
      allowed:
        'a staff account’s own referral earnings are paid out by another staff member, the four-eyes review',
    },
  },
  'PUT /api/admin/v1/referral/payouts/{id}/cancel': {
    call: async (target) => ({ url: `referral/payouts/${await payoutRequest(target)}/cancel`, payload: {} }),
    self: 403,
    staff: { allowed: 'a cancel puts the amount back on the owner’s referral balance: nobody gains' },
  },
};
const CASES = { ...USER_ID_CASES, ...REQUEST_CASES };

interface Operation {
  key: string;
  path: string;
  body: string[];
}

/** Takes a user id: a `user_id` in the body, `{id}` after `user(s)/`, or `id`/`email` of a users route. */
function takesUserId({ path, body }: Operation) {
  if (body.includes('user_id')) return true;
  if (/\/users?\/(referrals\/)?\{id\}/.test(path)) return true;
  return /\/(users|change-user-[\w-]+)$/.test(path) && (body.includes('id') || body.includes('email'));
}

/** Everything the calls could have written about the two targets, and the tables every change writes to. */
async function snapshot() {
  const ids = sql.raw([admin.user.id, otherStaff.user.id].join(','));
  const rows = await rowsOf(
    t.deps.db,
    sql`select
      (select jsonb_agg(to_jsonb(u) order by id) from users u where id in (${ids})) as users,
      (select jsonb_agg(to_jsonb(b) order by user_id) from billing_profiles b where user_id in (${ids})) as profiles,
      (select jsonb_agg(to_jsonb(p) order by id) from pricetags p where user_id in (${ids})) as pricetags,
      (select jsonb_agg(to_jsonb(r) order by id) from reseller_requests r where user_id in (${ids})) as resellers,
      (select jsonb_agg(to_jsonb(s) order by id) from bonus_submissions s where user_id in (${ids})) as bonus,
      (select jsonb_agg(to_jsonb(o) order by id) from referral_payouts o where user_id in (${ids})) as payouts,
      (select jsonb_agg(to_jsonb(c) order by user_id) from client_sales c where user_id in (${ids})) as sales,
      (select count(*) from client_sales_history) as sales_history,
      (select count(*) from transactions) as transactions,
      (select count(*) from payments) as payments,
      (select count(*) from audit_log) as audit,
      (select count(*) from one_time_tokens) as tokens`,
  );
  return rows[0];
}

describe('staff never change the money or rights of their own account or another staff account', () => {
  let operations: Operation[];
  beforeAll(async () => {
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema: object }> } }>
      >;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => method !== 'get')
          .map(([method, operation]) => {
            const schema = operation.requestBody?.content?.['application/json']?.schema as
              { properties?: object } | undefined;
            return {
              key: `${method.toUpperCase()} ${path}`,
              path,
              body: Object.keys(schema?.properties ?? {}),
            };
          }),
      );
  });

  it('lists every operation of the document that takes a user id, and only operations it has', () => {
    const keys = new Set(operations.map((operation) => operation.key));
    expect(Object.keys(CASES).filter((key) => !keys.has(key))).toEqual([]);
    const unlisted = operations.filter((operation) => takesUserId(operation) && !(operation.key in CASES));
    expect(unlisted.map((operation) => operation.key)).toEqual([]);
    expect(operations.filter(takesUserId).length).toBe(Object.keys(USER_ID_CASES).length);
  });

  for (const [key, item] of Object.entries(CASES)) {
    const method = key.split(' ')[0] as 'PUT';
    for (const [who, expected] of [
      ['own account', item.self],
      ['another staff account', item.staff],
    ] as const) {
      if (typeof expected === 'object') continue;
      it(`${key} on the caller's ${who}: ${expected}, nothing written`, async () => {
        const call = await item.call(who === 'own account' ? admin : otherStaff);
        const before = await snapshot();
        const res = await t.app.inject({
          method,
          url: `/api/admin/v1/${call.url}`,
          headers: admin.auth,
          ...(call.payload && { payload: call.payload }),
        });
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 403)
          expect(res.json().message).toBe(
            who === 'own account'
              ? (item.selfMessage ?? USER_MESSAGES.ownAccountMoney)
              : USER_MESSAGES.staffAccountMoney,
          );
        expect(await snapshot()).toEqual(before);
      });
    }
  }
});
