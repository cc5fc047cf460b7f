import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INVOICE_MAX_BYTES, MESSAGES, PAYMENT_SYSTEMS, STAFF_MONEY_MESSAGES } from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { formBody } from '../../../test/forms.js';
import { auditLog, payments } from '../../db/schema/index.js';

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
const pdfOf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const upload = (paymentId: number, body: Buffer, headers: Headers = admin.auth, type = 'application/pdf') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/v1/payments/invoice/${paymentId}`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });
const uploadForm = async (paymentId: number, fields: Record<string, string | Blob>) => {
  const { payload, type } = await formBody(fields);
  return upload(paymentId, payload, admin.auth, type);
};
const pdfFile = (bytes: Buffer) => new File([bytes], 'invoice.pdf', { type: 'application/pdf' });
const storedInvoices = () => {
  try {
    return readdirSync(join(t.config.dataDir, 'files', 'invoices'));
  } catch {
    return [];
  }
};
/** What the customer downloads through the billing history's signed link. */
async function customerDownload(auth: Headers, paymentId: number) {
  const bridge = await t.call('GET', `payments/download-invoice/${paymentId}/bridge`, auth);
  if (bridge.statusCode !== 200) return bridge;
  return t.app.inject({ url: bridge.json().url as string });
}
async function pendingPayment(userId: number) {
  const [row] = await t.deps.db
    .insert(payments)
    .values({ user_id: userId, paysystem_id: 30, amount: '10', total: '10', provider: 'sandbox' })
    .returning();
  return row!;
}

describe('GET payments (user payments query)', () => {
  it('filters by payment type, systems, success and user, and sums the whole filtered set', async () => {
    const { user } = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, user.id, '100.25', { bonus: '5' });
    await makeTopUp(t.deps.db, user.id, '50', { paysystemId: PAYMENT_SYSTEMS.wise });
    await pendingPayment(user.id);
    await staffCall('PUT', 'payments/change-user-balance', admin.auth, {
      id: user.id,
      amount: '7.5',
      account_id: 2,
      paysystem_id: PAYMENT_SYSTEMS.card,
      payment_id: `bonus-${user.id}`,
    });

    const page = (
      await staffCall('GET', `payments?user_id=${user.id}&limit=1&orderBy=amount&sortBy=asc`)
    ).json();
    expect(page.meta).toMatchObject({ total: 4, last_page: 4 });
    expect(page.data.map((row: { amount: string }) => row.amount)).toEqual(['7.5000']);
    // Totals cover every page, as decimal strings.
    expect(page.totals).toEqual({
      count: 4,
      amount: '167.7500',
      fee: '0.0000',
      vat: '0.0000',
      total: '167.7500',
      bonus: '5.0000',
    });

    const success = (await staffCall('GET', `payments?user_id=${user.id}&successOnly=1`)).json();
    expect(success.totals).toMatchObject({ count: 3, amount: '157.7500' });
    const bonus = (await staffCall('GET', `payments?user_id=${user.id}&payment_type=bonus`)).json();
    expect(bonus.totals).toMatchObject({ count: 1, amount: '7.5000' });
    const regular = (
      await staffCall('GET', `payments?user_id=${user.id}&payment_type=regular&pay_systems=36,1`)
    ).json();
    expect(regular.totals).toMatchObject({ count: 1, amount: '50.0000' });
    const today = new Date().toISOString().slice(0, 10);
    const ranged = (
      await staffCall('GET', `payments?user_id=${user.id}&from=${today}&to=${today}&search=Wise`)
    ).json();
    expect(ranged.totals).toMatchObject({ count: 1, amount: '50.0000' });
    const none = (await staffCall('GET', `payments?user_id=${user.id}&from=2001-01-01&to=2001-01-02`)).json();
    expect(none.totals).toEqual({
      count: 0,
      amount: '0.0000',
      fee: '0.0000',
      vat: '0.0000',
      total: '0.0000',
      bonus: '0.0000',
    });
  });

  it('refuses bad filters with a 422 and never a 500', async () => {
    for (const query of ['payment_type=gift', 'limit=1000', 'pay_systems=x', 'from=yesterday', 'sortBy=up']) {
      expect((await staffCall('GET', `payments?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('GET payments/export', () => {
  it('streams the filtered set as CSV for staff, formulas escaped', async () => {
    const { user } = await makeUser(t.database.db);
    const first = await makeTopUp(t.deps.db, user.id, '12');
    await makeTopUp(t.deps.db, user.id, '13', { paysystemId: PAYMENT_SYSTEMS.wise });
    await t.deps.db.update(payments).set({ description: '=HYPERLINK("x")' }).where(eq(payments.id, first.id));

    const support = await makeUser(t.database.db, { roles: ['support'] });
    const res = await staffCall(
      'GET',
      `payments/export?user_id=${user.id}&orderBy=amount&sortBy=asc`,
      support.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,date,user_id,email,nickname,paysystem,type,status,amount,fee,vat,total,bonus,details,description,credited_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${first.id},`);
    expect(lines[1]).toContain(',12.0000,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain(',Wise,');

    const filtered = await staffCall('GET', `payments/export?user_id=${user.id}&pay_systems=36`);
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
    const customer = await makeUser(t.database.db);
    expect((await staffCall('GET', 'payments/export', customer.auth)).statusCode).toBe(403);
    expect((await staffCall('GET', 'payments/export?payment_type=gift')).statusCode).toBe(422);
  });
});

describe('invoices', () => {
  it('uploads a PDF the customer then downloads instead of the generated one; replace and delete', async () => {
    const customer = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, customer.user.id, '40');
    const before = storedInvoices().length;

    const uploaded = await upload(payment.id, pdfOf('first'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({
      message: STAFF_MONEY_MESSAGES.invoiceUploaded,
      data: { id: payment.id, invoice: true, invoice_uploaded: true },
    });
    const got = await customerDownload(customer.auth, payment.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(pdfOf('first'))).toBe(true);

    // Replacing keeps one file: the old one is removed.
    expect((await upload(payment.id, pdfOf('second'))).statusCode).toBe(200);
    expect((await customerDownload(customer.auth, payment.id)).rawPayload.equals(pdfOf('second'))).toBe(true);
    expect(storedInvoices()).toHaveLength(before + 1);

    const deleted = await staffCall('DELETE', `payments/invoice/${payment.id}`);
    expect(deleted.json()).toMatchObject({
      message: STAFF_MONEY_MESSAGES.invoiceDeleted,
      data: { invoice: true, invoice_uploaded: false },
    });
    expect(storedInvoices()).toHaveLength(before);
    const generated = await customerDownload(customer.auth, payment.id);
    expect(generated.statusCode).toBe(200);
    expect(generated.rawPayload.equals(pdfOf('second'))).toBe(false);
    expect(generated.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await staffCall('DELETE', `payments/invoice/${payment.id}`)).statusCode).toBe(409);

    const audited = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target_type, 'payment'), eq(auditLog.target_id, String(payment.id))));
    expect(audited.map((row) => row.action)).toEqual([
      'payments.invoice-upload',
      'payments.invoice-upload',
      'payments.invoice-delete',
    ]);
  });

  it('checks type by the bytes and the size, whatever the content type says', async () => {
    const { user } = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, user.id, '20');
    const before = storedInvoices().length;
    const fake = await upload(payment.id, Buffer.from('<html>not a pdf</html>'));
    expect(fake.statusCode).toBe(422);
    expect(errorsOf(fake)).toEqual({ file: [STAFF_MONEY_MESSAGES.invoiceNotPdf] });
    expect((await upload(payment.id, Buffer.alloc(0))).statusCode).toBe(422);
    const json = await staffCall('POST', `payments/invoice/${payment.id}`, admin.auth, { data: '%PDF-' });
    expect(json.statusCode).toBe(422);
    expect((await upload(payment.id, pdfOf('x'), admin.auth, 'image/png')).statusCode).toBe(415);
    const big = Buffer.concat([pdfOf('big'), Buffer.alloc(INVOICE_MAX_BYTES)]);
    expect((await upload(payment.id, big)).statusCode).toBe(413);
    expect((await upload(999_999_999, pdfOf('x'))).statusCode).toBe(404);
    expect(storedInvoices()).toHaveLength(before);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.invoice_file).toBeNull();
  });

  it('takes a browser form too: the PDF in data, paymentInvoiceId naming the payment', async () => {
    const customer = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, customer.user.id, '45');
    const before = storedInvoices().length;

    const sent = await uploadForm(payment.id, {
      paymentInvoiceId: String(payment.id),
      data: pdfFile(pdfOf('from a form')),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ id: payment.id, invoice_uploaded: true });
    expect((await customerDownload(customer.auth, payment.id)).rawPayload.equals(pdfOf('from a form'))).toBe(
      true,
    );
    const atLimit = Buffer.concat([pdfOf('full'), Buffer.alloc(INVOICE_MAX_BYTES - pdfOf('full').length)]);
    expect((await uploadForm(payment.id, { data: pdfFile(atLimit) })).statusCode).toBe(200);
    expect(storedInvoices()).toHaveLength(before + 1);

    const refused: [Record<string, string | Blob>, Record<string, string[]>][] = [
      [
        { paymentInvoiceId: String(payment.id + 1), data: pdfFile(pdfOf('x')) },
        { paymentInvoiceId: [MESSAGES.dataNotValid] },
      ],
      [{ paymentInvoiceId: String(payment.id) }, { file: [STAFF_MONEY_MESSAGES.invoiceNotPdf] }],
      [{ data: new File(['<html>no</html>'], 'x.pdf') }, { file: [STAFF_MONEY_MESSAGES.invoiceNotPdf] }],
      [{ pdf: pdfFile(pdfOf('x')) }, { pdf: [MESSAGES.dataNotValid] }],
      [{ data: pdfFile(pdfOf('x')), other: 'x' }, { other: [MESSAGES.dataNotValid] }],
      [
        { data: pdfFile(Buffer.concat([atLimit, Buffer.from('!')])) },
        { file: [STAFF_MONEY_MESSAGES.invoiceTooLarge] },
      ],
    ];
    for (const [fields, errors] of refused) {
      const res = await uploadForm(payment.id, fields);
      expect(res.statusCode, Object.keys(fields).join()).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    const broken = await upload(
      payment.id,
      Buffer.from('--x\r\nnot a form'),
      admin.auth,
      'multipart/form-data; boundary=x',
    );
    expect(broken.statusCode).toBe(422);
    expect(storedInvoices()).toHaveLength(before + 1);
    expect((await customerDownload(customer.auth, payment.id)).rawPayload.equals(atLimit)).toBe(true);
  });

  it('never serves another user’s invoice', async () => {
    const owner = await makeUser(t.database.db);
    const stranger = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, owner.user.id, '30');
    const own = await makeTopUp(t.deps.db, stranger.user.id, '30');
    await upload(payment.id, pdfOf('private'));

    expect(
      (await t.call('GET', `payments/download-invoice/${payment.id}/bridge`, stranger.auth)).statusCode,
    ).toBe(404);
    // The stranger's own signed link does not open the owner's payment.
    const { ts, h } = (
      await t.call('GET', `payments/download-invoice/${own.id}/bridge`, stranger.auth)
    ).json();
    const swapped = await t.app.inject({
      url: `/api/private/v1/payments/download-invoice/${payment.id}?ts=${ts}&h=${h}`,
    });
    expect(swapped.statusCode).toBe(403);
    expect(swapped.body).not.toContain('private');
    expect((await t.call('GET', `payments?limit=100`, stranger.auth)).json().data).not.toContainEqual(
      expect.objectContaining({ id: payment.id }),
    );
  });

  it('lets a customer download an uploaded invoice of a payment not credited yet', async () => {
    const customer = await makeUser(t.database.db);
    const pending = await pendingPayment(customer.user.id);
    expect((await customerDownload(customer.auth, pending.id)).statusCode).toBe(409);
    await upload(pending.id, pdfOf('proforma'));
    expect((await customerDownload(customer.auth, pending.id)).rawPayload.equals(pdfOf('proforma'))).toBe(
      true,
    );
    // Deleting the payment (it moved no money) removes its file too.
    const before = storedInvoices().length;
    expect((await staffCall('DELETE', `payments/${pending.id}`)).statusCode).toBe(200);
    expect(storedInvoices()).toHaveLength(before - 1);
  });

  it('keeps one file when two uploads race', async () => {
    const { user } = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, user.id, '25');
    const before = storedInvoices().length;
    const results = await Promise.all([1, 2, 3, 4].map((n) => upload(payment.id, pdfOf(`race ${n}`))));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(storedInvoices()).toHaveLength(before + 1);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(storedInvoices()).toContain(row!.invoice_file!.split('/')[1]);
  });

  it('lets every staff member open a payment’s invoice, uploaded or generated, without writing anything', async () => {
    const customer = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, customer.user.id, '35');
    const support = await makeUser(t.database.db, { roles: ['support'] });
    const staffDownload = (id: number, auth: Headers = support.auth) =>
      staffCall('GET', `payments/invoice/${id}`, auth);

    const generated = await staffDownload(payment.id);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.headers['content-type']).toBe('application/pdf');
    expect(generated.headers['content-disposition']).toMatch(
      /^attachment; filename="storelift-INV-\d{4}-\d{6}\.pdf"$/,
    );
    expect(generated.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await upload(payment.id, pdfOf('uploaded'));
    expect((await staffDownload(payment.id)).rawPayload.equals(pdfOf('uploaded'))).toBe(true);
    expect(
      (await staffDownload(payment.id)).rawPayload.equals(
        (await customerDownload(customer.auth, payment.id)).rawPayload,
      ),
    ).toBe(true);

    const pending = await pendingPayment(customer.user.id);
    expect((await staffDownload(pending.id)).statusCode).toBe(409);
    expect((await staffDownload(999_999_999)).statusCode).toBe(404);
    expect((await staffDownload(payment.id, customer.auth)).statusCode).toBe(403);
    const audited = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target_type, 'payment'), eq(auditLog.target_id, String(payment.id))));
    expect(audited.map((row) => row.action)).toEqual(['payments.invoice-upload']);
  });

  it('is for the admin only: staff without payments.invoices are refused', async () => {
    const { user } = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, user.id, '25');
    for (const role of ['manager', 'support', 'ppc', 'marketer', 'user'] as const) {
      const staff = await makeUser(t.database.db, { roles: [role] });
      expect((await upload(payment.id, pdfOf('x'), staff.auth)).statusCode, role).toBe(403);
      expect((await staffCall('DELETE', `payments/invoice/${payment.id}`, staff.auth)).statusCode, role).toBe(
        403,
      );
    }
  });
});
