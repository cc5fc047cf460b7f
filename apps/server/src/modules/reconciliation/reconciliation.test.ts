import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_SYSTEMS, RECONCILIATION_MESSAGES, USER_MESSAGES } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { formBody } from '../../../test/forms.js';
import { camt053, makeTransferPayment, payoneerCsv, wiseCsv } from '../../../test/statements.js';
import { auditLog, payments, statementLines } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
let uniq = 0;
/** A bank reference no other test's statement uses. */
const ref = (name: string) => `${name}-${(uniq += 1)}-${Date.now()}`;
const upload = async (
  file: string,
  name = 'statement.xml',
  headers: Headers = admin.auth,
  format?: string,
) => {
  const { payload, type } = await formBody({ file: new File([file], name) });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/v1/reconciliation/statements${format ? `?format=${format}` : ''}`,
    headers: { ...headers, 'content-type': type },
    payload,
  });
};
const staff = (method: 'GET' | 'POST', url: string, payload?: object, headers: Headers = admin.auth) =>
  t.app.inject({ method, url: `/api/admin/v1/reconciliation/${url}`, headers, ...(payload && { payload }) });
const mainOf = async (userId: number) => (await balancesOf(t.deps.db, userId)).main;
const paymentOf = async (id: number) =>
  (await t.deps.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const linesOf = (statementId: number) =>
  staff('GET', `lines?statement_id=${statementId}&limit=100`).then(
    (res) =>
      res.json().data as { entry_id: string; state: string; difference: string | null; payment: unknown }[],
  );
/** `SL7KX9T2MQ4` as a payer types it: lower case, spaced. */
const typed = (reference: string) => `${reference.slice(0, 5).toLowerCase()} ${reference.slice(5)}`;

describe('uploading a camt.053 statement', () => {
  it('credits the line naming a transfer, the difference shown, and leaves the rest to staff', async () => {
    const { user } = await makeUser(t.database.db);
    const exact = await makeTransferPayment(t.deps.db, user.id, '250');
    const short = await makeTransferPayment(t.deps.db, user.id, '100');
    const euros = await makeTransferPayment(t.deps.db, user.id, '40');
    const [a, b, c, d, e] = ['A', 'B', 'C', 'D', 'E'].map(ref);
    const xml = camt053([
      { ref: a!, amount: '250.00', texts: [`Invoice 2026-11 ${typed(exact.reference!)} thank you`] },
      // The same reference twice: the payment is credited by the first, the second waits for staff.
      { ref: b!, amount: '250.00', texts: [`Payment ${exact.reference}`] },
      { ref: c!, amount: '95.50', texts: ['Storelift top-up', `ref ${short.reference} ACME`] },
      { ref: d!, amount: '40.00', currency: 'EUR', texts: [euros.reference!] },
      { ref: e!, amount: '12.00', debit: true, texts: ['Bank fee'] },
    ]);

    const res = await upload(xml);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ credited: 2, unmatched: 1, debit: 1, foreign: 1, known: 0 });
    expect(res.json().message).toBe('Statement read: 2 credited, 1 to reconcile by hand');
    expect(res.json().data).toMatchObject({ format: 'camt053', lines: 5, new_lines: 5 });

    expect(await mainOf(user.id)).toBe('345.5000');
    expect(await paymentOf(exact.id)).toMatchObject({ status: 'credited', total: '250.0000' });
    // Less than asked: credited as received, what was asked kept.
    expect(await paymentOf(short.id)).toMatchObject({
      status: 'credited',
      total: '95.5000',
      requested_total: '100.0000',
    });
    expect(await paymentOf(euros.id)).toMatchObject({ status: 'pending' });
    const lines = await linesOf(res.json().data.id);
    expect(lines.map((l) => [l.entry_id.split(':')[1], l.state, l.difference])).toEqual([
      [a, 'credited', null],
      [b, 'unmatched', null],
      [c, 'credited', '-4.5000'],
      [d, 'foreign', null],
      [e, 'debit', null],
    ]);
    expect(lines[0]!.payment).toMatchObject({
      id: exact.id,
      reference: exact.reference,
      user: { id: user.id },
    });

    // The same statement again credits nothing twice.
    const again = await upload(xml);
    expect(again.json().summary).toEqual({ credited: 0, unmatched: 0, debit: 0, foreign: 0, known: 5 });
    expect(again.json().data).toMatchObject({ lines: 5, new_lines: 0 });
    expect(await mainOf(user.id)).toBe('345.5000');

    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.upload'), eq(auditLog.actor_id, admin.user.id)));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('credits once when the same statement is uploaded twice at once', async () => {
    const { user } = await makeUser(t.database.db);
    const owed = await Promise.all([1, 2, 3].map(() => makeTransferPayment(t.deps.db, user.id, '30')));
    const xml = camt053(owed.map((p) => ({ ref: ref('R'), amount: '30.00', texts: [p.reference!] })));
    const both = await Promise.all([upload(xml), upload(xml)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().summary.credited).sort()).toEqual([0, 3].sort());
    expect(both.reduce((sum, r) => sum + r.json().summary.known, 0)).toBe(3);
    expect(await mainOf(user.id)).toBe('90.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses a file that is not a statement with the reason, and staff without the balance permission', async () => {
    const bad = await upload('<Document><Other/></Document>');
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).file![0]).toMatch(/^The statement could not be read: .*camt\.053/);
    const doctype = await upload(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>`);
    expect(errorsOf(doctype).file![0]).toMatch(/DOCTYPE/);
    const unknown = await upload('just,some\ncolumns,here', 'x.csv');
    expect(errorsOf(unknown).file).toEqual([RECONCILIATION_MESSAGES.statementUnknownFormat]);
    const wrongFormat = await upload(camt053([]), 'x.xml', admin.auth, 'wise');
    expect(errorsOf(wrongFormat).file![0]).toMatch(/not a CSV statement/);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/reconciliation/statements',
      headers: admin.auth,
    });
    expect(empty.statusCode).toBe(422);

    const manager = await makeUser(t.database.db, { roles: ['manager', 'user'] });
    expect((await upload(camt053([]), 'x.xml', manager.auth)).statusCode).toBe(403);
    // Managers see the statements (the user payments page) but do not credit.
    expect((await staff('GET', 'statements', undefined, manager.auth)).statusCode).toBe(200);
    const customer = await makeUser(t.database.db);
    expect((await staff('GET', 'statements', undefined, customer.auth)).statusCode).toBe(403);
  });
});

describe('Wise and Payoneer statements', () => {
  it('credit the transfers they name and show debits and other currencies', async () => {
    const { user } = await makeUser(t.database.db);
    const wise = await makeTransferPayment(t.deps.db, user.id, '1250', { paysystemId: PAYMENT_SYSTEMS.wise });
    const payoneer = await makeTransferPayment(t.deps.db, user.id, '500', {
      paysystemId: PAYMENT_SYSTEMS.payoneer,
    });
    const wiseFile = wiseCsv([
      [ref('TRANSFER'), '1,250.00', 'USD', wise.reference!, 'ACME GmbH'],
      [ref('TRANSFER'), '-25.00', 'USD', '', 'Hosting Ltd'],
      [ref('TRANSFER'), '80.00', 'GBP', 'SL', 'UK Ltd'],
    ]);
    const res = await upload(wiseFile, 'statement_USD.csv');
    expect(res.json()).toMatchObject({
      data: { format: 'wise', file_name: 'statement_USD.csv' },
      summary: { credited: 1, debit: 1, foreign: 1 },
    });
    const payoneerFile = payoneerCsv([
      [ref('PAY'), `Payment from ACME Inc - ${typed(payoneer.reference!)}`, '500.00', 'USD', 'Completed'],
      [ref('PAY'), 'Withdrawal to bank', '-200.00', 'USD', 'Completed'],
      [ref('PAY'), `Payment ${payoneer.reference}`, '500.00', 'USD', 'Canceled'],
    ]);
    const paid = await upload(payoneerFile, 'activity.csv');
    expect(paid.json()).toMatchObject({
      data: { format: 'payoneer', lines: 2 },
      summary: { credited: 1, debit: 1, unmatched: 0 },
    });
    expect(await mainOf(user.id)).toBe('1750.0000');
  });
});

describe('unmatched lines', () => {
  async function unmatchedLine(amount: string, text = 'No reference given') {
    const res = await upload(camt053([{ ref: ref('U'), amount, texts: [text] }]));
    const [line] = await linesOf(res.json().data.id);
    return line as unknown as { id: number; state: string };
  }

  it('are queued, found by reference, amount or e-mail, and assigned to an open transfer payment once', async () => {
    const { user } = await makeUser(t.database.db);
    const owed = await makeTransferPayment(t.deps.db, user.id, '77.25');
    const line = await unmatchedLine('77.25');
    const queue = await staff('GET', 'lines?state=unmatched&limit=100');
    expect(queue.json().data.map((l: { id: number }) => l.id)).toContain(line.id);
    for (const search of [owed.reference!.toLowerCase(), '77.25', user.email]) {
      const found = await staff('GET', `candidates?search=${encodeURIComponent(search)}`);
      expect(found.json().payments.map((p: { id: number }) => p.id)).toContain(owed.id);
    }

    const both = await Promise.all([
      staff('POST', `lines/${line.id}/assign`, { payment_id: owed.id }),
      staff('POST', `lines/${line.id}/assign`, { payment_id: owed.id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = both.find((r) => r.statusCode === 200)!.json();
    expect(done.data).toMatchObject({
      state: 'assigned',
      payment: { id: owed.id },
      resolved_by: { id: admin.user.id },
    });
    expect(await mainOf(user.id)).toBe('77.2500');
    const again = await staff('POST', `lines/${line.id}/ignore`, { reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECONCILIATION_MESSAGES.lineResolved);
  });

  it('are assigned to a user as a new payment of the statement system, once', async () => {
    const { user } = await makeUser(t.database.db);
    const line = await unmatchedLine('64.00', 'From J. Smith, account top up');
    const found = await staff('GET', `candidates?search=${encodeURIComponent(user.email)}`);
    expect(found.json().users).toEqual([expect.objectContaining({ id: user.id, email: user.email })]);
    const both = await Promise.all([
      staff('POST', `lines/${line.id}/assign`, { user_id: user.id }),
      staff('POST', `lines/${line.id}/assign`, { user_id: user.id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await mainOf(user.id)).toBe('64.0000');
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.user_id, user.id));
    expect(payment).toMatchObject({
      paysystem_id: PAYMENT_SYSTEMS.bankTransfer,
      provider: 'manual',
      status: 'credited',
      created_by: admin.user.id,
    });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.assign'), eq(auditLog.target_user_id, user.id)));
    expect(audits).toHaveLength(1);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuse a payment that is not an open transfer, staff accounts and the staff member themselves', async () => {
    const line = await unmatchedLine('10.00');
    const { user } = await makeUser(t.database.db);
    const credited = await makeTransferPayment(t.deps.db, user.id, '10');
    await t.deps.db.update(payments).set({ status: 'credited' }).where(eq(payments.id, credited.id));
    const settled = await staff('POST', `lines/${line.id}/assign`, { payment_id: credited.id });
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toBe(RECONCILIATION_MESSAGES.paymentNotOpen);
    const self = await staff('POST', `lines/${line.id}/assign`, { user_id: admin.user.id });
    expect(self.json().message).toBe(USER_MESSAGES.ownAccountMoney);
    expect(errorsOf(await staff('POST', `lines/${line.id}/assign`, {}))).toHaveProperty('payment_id');
    expect(errorsOf(await staff('POST', `lines/${line.id}/assign`, { user_id: 999999 }))).toHaveProperty(
      'user_id',
    );
    expect((await staff('POST', 'lines/999999/assign', { user_id: user.id })).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(statementLines).where(eq(statementLines.id, line.id));
    expect(row!.state).toBe('unmatched');
  });

  it('are ignored with a reason (required), audited, and then leave the queue', async () => {
    const line = await unmatchedLine('3.00', 'Interest');
    expect(errorsOf(await staff('POST', `lines/${line.id}/ignore`, { reason: ' ' }))).toHaveProperty(
      'reason',
    );
    const res = await staff('POST', `lines/${line.id}/ignore`, { reason: 'Bank interest, not a customer' });
    expect(res.json().data).toMatchObject({
      state: 'ignored',
      ignore_reason: 'Bank interest, not a customer',
    });
    const queue = await staff('GET', 'lines?state=unmatched&limit=100');
    expect(queue.json().data.map((l: { id: number }) => l.id)).not.toContain(line.id);
    const [row] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.ignore'), eq(auditLog.target_id, String(line.id))));
    expect(row!.after).toMatchObject({ reason: 'Bank interest, not a customer' });
  });
});

describe('marking a transfer received by hand (staff balance change)', () => {
  it('credits the open transfer payment its reference names instead of recording another', async () => {
    const { user } = await makeUser(t.database.db);
    const owed = await makeTransferPayment(t.deps.db, user.id, '120');
    const change = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/v1/payments/change-user-balance',
        headers: admin.auth,
        payload: { id: user.id, account_id: 1, paysystem_id: PAYMENT_SYSTEMS.bankTransfer, ...body },
      });
    const res = await change({ amount: '120', payment_id: typed(owed.reference!) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({ id: owed.id });
    expect(await paymentOf(owed.id)).toMatchObject({ status: 'credited', provider: 'transfer' });
    expect(await t.deps.db.select().from(payments).where(eq(payments.user_id, user.id))).toHaveLength(1);
    expect(await mainOf(user.id)).toBe('120.0000');
    // Twice: the payment is credited already.
    expect((await change({ amount: '120', payment_id: owed.reference })).statusCode).toBe(409);
    // Another customer's transfer is not theirs to mark.
    const other = await makeUser(t.database.db);
    const theirs = await makeTransferPayment(t.deps.db, other.user.id, '5');
    expect(errorsOf(await change({ amount: '5', payment_id: theirs.reference }))).toHaveProperty(
      'payment_id',
    );
    // A statement line naming it later is left to staff, not credited twice.
    const late = await upload(camt053([{ ref: ref('L'), amount: '120.00', texts: [owed.reference!] }]));
    expect(late.json().summary).toMatchObject({ credited: 0, unmatched: 1 });
    expect(await mainOf(user.id)).toBe('120.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
