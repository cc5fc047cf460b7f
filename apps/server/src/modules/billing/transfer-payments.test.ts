import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDocumentProxy } from 'unpdf';
import {
  MESSAGES,
  PAYMENT_SYSTEMS,
  TRANSFER_PAYMENT_MESSAGES,
  type ReceivingSettingsBody,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { auditLog, payments } from '../../db/schema/index.js';
import { isTransferReference } from './transfer-reference.js';
import { applyPaymentEvent } from './payment-events.js';
import { expireTransferPayments } from './transfer-payments.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const BANK = PAYMENT_SYSTEMS.bankTransfer;
const empty = { beneficiary: '', bank_name: '', account: '', swift: '', routing: '', bank_address: '' };
const bank = {
  beneficiary: 'Storelift Ltd',
  bank_name: 'Demo Bank AG',
  account: 'DE89 3704 0044 0532 0130 00',
  swift: 'cobadeffxxx',
  routing: '',
  bank_address: 'Kaiserstraße 16\n60311 Frankfurt am Main',
};
const settingsBody = (details = bank, expiry_days = 14): ReceivingSettingsBody => ({
  expiry_days,
  systems: [
    { paysystem_id: BANK, ...details },
    { paysystem_id: PAYMENT_SYSTEMS.wise, ...empty },
    { paysystem_id: PAYMENT_SYSTEMS.payoneer, ...empty },
  ],
});
const saveSettings = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/v1/receiving-details', headers, payload });

async function payByBank(auth: Headers, amount = '600') {
  const res = await t.call('POST', 'checkout', auth, { amount, paysystem_id: BANK });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { link: string; data: { id: number; reference: string; expires_at: string } };
}

async function pdfLines(url: string) {
  const pdf = await t.app.inject({ url });
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
  const { items } = await (await document.getPage(1)).getTextContent();
  const lines: string[] = [];
  for (const item of items) if ('str' in item && item.str.trim()) lines.push(item.str);
  return lines;
}

describe('receiving details (core settings)', () => {
  it('are not offered to customers until staff fill them in', async () => {
    const { auth } = await makeUser(t.database.db);
    const systems = await t.call('GET', 'paysystems', auth);
    expect(systems.json().data.map((s: { id: number }) => s.id)).not.toContain(BANK);
    const res = await t.call('POST', 'checkout', auth, { amount: '600', paysystem_id: BANK });
    expect(res.statusCode).toBe(422);
  });

  it('are checked (IBAN digits, SWIFT/BIC, a beneficiary and an account) and refused to a customer', async () => {
    const bad = await saveSettings(
      admin.auth,
      settingsBody({ ...bank, account: 'DE89 3704 0044 0532 0130 01', swift: 'ABC' }, 0),
    );
    expect(bad.statusCode).toBe(422);
    const errors = errorsOf(bad);
    expect(errors['systems.0.account']).toEqual([TRANSFER_PAYMENT_MESSAGES.ibanInvalid]);
    expect(errors['systems.0.swift']).toEqual([TRANSFER_PAYMENT_MESSAGES.swiftInvalid]);
    expect(errors.expiry_days).toEqual([TRANSFER_PAYMENT_MESSAGES.expiryDays]);
    const half = await saveSettings(admin.auth, settingsBody({ ...empty, bank_name: 'Demo Bank' }));
    expect(errorsOf(half)['systems.0.beneficiary']).toEqual([TRANSFER_PAYMENT_MESSAGES.beneficiaryRequired]);
    const customer = await makeUser(t.database.db);
    expect((await saveSettings(customer.auth, settingsBody())).statusCode).toBe(403);
  });

  it('are saved and audited; the bank transfer is then offered', async () => {
    const res = await saveSettings(admin.auth, settingsBody(bank, 10));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.systems[0]).toMatchObject({ paysystem_id: BANK, swift: 'COBADEFFXXX' });
    expect(res.json().data.expiry_days).toBe(10);
    const audited = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target_type, 'settings'), eq(auditLog.target_id, 'receiving-details')));
    expect(audited.map((row) => row.action)).toEqual(['paysystems.update']);
    const { auth } = await makeUser(t.database.db);
    const systems = await t.call('GET', 'paysystems', auth);
    const offered = systems.json().data.find((s: { id: number }) => s.id === BANK);
    expect(offered.provider).toBe('transfer');
    // Staff see the bank transfer served (live), Wise without details not offered.
    const staffList = await t.app.inject({ url: '/api/admin/v1/paysystems', headers: admin.auth });
    const status = (id: number) =>
      staffList.json().data.find((s: { id: number }) => s.id === id).provider_status;
    expect(status(BANK)).toEqual({ hosted: 'transfer', configured: true, mode: 'live' });
    expect(status(PAYMENT_SYSTEMS.wise)).toEqual({ hosted: 'transfer', configured: false, mode: null });
  });
});

describe('paying by bank transfer', () => {
  it('creates a payment awaiting the transfer with a reference and an expiry, shown to its owner only', async () => {
    const { auth } = await makeUser(t.database.db);
    const before = Date.now();
    const { link, data } = await payByBank(auth);
    expect(link).toBe(`/top-up-balance/transfer/${data.id}`);
    expect(isTransferReference(data.reference)).toBe(true);
    const expires = Date.parse(data.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 10 * 86_400_000 + 1000);

    const shown = await t.call('GET', `payments/${data.id}/transfer`, auth);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      data: { id: data.id, status: 'pending', total: '600.0000', reference: data.reference },
      receiving: { beneficiary: 'Storelift Ltd', account: bank.account, swift: 'COBADEFFXXX' },
      currency: 'USD',
    });
    const list = await t.call('GET', 'payments', auth);
    expect(list.json().data[0]).toMatchObject({ id: data.id, status: 'pending', reference: data.reference });

    const other = await makeUser(t.database.db);
    expect((await t.call('GET', `payments/${data.id}/transfer`, other.auth)).statusCode).toBe(404);
    expect((await t.call('POST', `payments/${data.id}/cancel`, other.auth)).statusCode).toBe(404);
    expect((await t.call('GET', `payments/download-invoice/${data.id}/bridge`, other.auth)).statusCode).toBe(
      404,
    );
  });

  it('is canceled by its owner once: a second cancel is a conflict', async () => {
    const { auth } = await makeUser(t.database.db);
    const { data } = await payByBank(auth);
    const first = await t.call('POST', `payments/${data.id}/cancel`, auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      data: { status: 'canceled' },
      message: MESSAGES.paymentCanceled,
    });
    const second = await t.call('POST', `payments/${data.id}/cancel`, auth);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(TRANSFER_PAYMENT_MESSAGES.notAwaiting);
    // No pro-forma for a canceled payment.
    expect((await t.call('GET', `payments/download-invoice/${data.id}/bridge`, auth)).statusCode).toBe(409);
  });

  it('expires past its date, and money arriving later is still credited', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const { data } = await payByBank(auth);
    const fresh = await payByBank(auth);
    await t.deps.db
      .update(payments)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(payments.id, data.id));
    expect(await expireTransferPayments(t.deps.db)).toBeGreaterThanOrEqual(1);
    const [expired] = await t.deps.db.select().from(payments).where(eq(payments.id, data.id));
    expect(expired!.status).toBe('canceled');
    const [waiting] = await t.deps.db.select().from(payments).where(eq(payments.id, fresh.data.id));
    expect(waiting!.status).toBe('pending');
    expect((await t.call('POST', `payments/${data.id}/cancel`, auth)).statusCode).toBe(409);

    expect(await applyPaymentEvent(t.deps.db, 'transfer', { payment: { id: data.id }, kind: 'paid' })).toBe(
      'credited',
    );
    const [credited] = await t.deps.db.select().from(payments).where(eq(payments.id, data.id));
    expect(credited).toMatchObject({ status: 'credited', user_id: user.id });
    // A credited transfer cannot be canceled.
    expect((await t.call('POST', `payments/${data.id}/cancel`, auth)).statusCode).toBe(409);
  });

  it('has a pro-forma invoice with the customer, our account, the amount and the reference', async () => {
    const { auth, user } = await makeUser(t.database.db, { country: 'DE' });
    const saved = await t.call('POST', 'users/profile', auth, {
      nickname: user.nickname,
      full_name: user.full_name,
      business_type: user.business_type,
      country: user.country,
      phone: user.phone,
      company: 'Acme Apps GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      vat_id: 'DE123456789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { data } = await payByBank(auth, '750');
    const bridge = await t.call('GET', `payments/download-invoice/${data.id}/bridge`, auth);
    expect(bridge.statusCode, bridge.body).toBe(200);
    const text = (await pdfLines(bridge.json().url as string)).join('\n');
    for (const expected of [
      'PRO-FORMA INVOICE',
      `PF-${data.reference}`,
      'Acme Apps GmbH',
      'Hauptstraße 1',
      'VAT ID: DE123456789',
      'Beneficiary: Storelift Ltd',
      `IBAN / account: ${bank.account}`,
      'SWIFT/BIC: COBADEFFXXX',
      'Amount due',
      '750.00 USD',
      data.reference,
    ]) {
      expect(text).toContain(expected);
    }
  });
});
