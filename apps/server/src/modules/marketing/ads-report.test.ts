import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MARKETING_MESSAGES, MESSAGES, type AdsReportRow } from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';
import { formBody } from '../../../test/forms.js';
import { adsSpend, auditLog, billingProfiles, payments, reflinks, users } from '../../db/schema/index.js';
import { ensureBillingProfile } from '../plans/profiles.repo.js';

type Headers = Record<string, string>;
let t: TestApp;
let marketer: Headers;
let reflinkId: number;

beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  marketer = (await makeUser(t.deps.db, { roles: ['marketer'] })).auth;
  const [reflink] = await t.deps.db
    .insert(reflinks)
    .values({ name: 'Search ads', code: 'GADS-1' })
    .returning();
  reflinkId = reflink!.id;
  // Two sign-ups through the reflink today, one of whom paid 300.
  for (const paid of ['300', null]) {
    const { user } = await makeUser(t.deps.db);
    await ensureBillingProfile(t.deps.db, user.id);
    await t.deps.db
      .update(billingProfiles)
      .set({ reflink_id: reflinkId })
      .where(eq(billingProfiles.user_id, user.id));
    if (paid) await makeTopUp(t.deps.db, user.id, paid);
  }
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const upload = (csv: string | Buffer, headers: Headers = marketer, type = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/google-ads-report',
    headers: { ...headers, 'content-type': type },
    payload: csv,
  });
const staff = (method: HttpMethod, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers: marketer, ...(payload && { payload }) });

describe('Google Ads report', () => {
  it('loads a spend file, answers unknown codes, and sets spend beside registrations, payments and revenue', async () => {
    const csv = [
      'Type,Code,From,To,Amount',
      `1,gads-1,${today()},${today()},150.00`,
      `1,NOPE-9,${today()},${today()},10`,
      `1,NOPE-9,2024-01-01,2024-01-31,10`,
      `1,GADS-1,2024-01-01,2024-01-31,40.5`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MARKETING_MESSAGES.reportFormSent,
      added: 2,
      dontExistsRefCodes: ['NOPE-9'],
    });

    const list = (await staff('GET', 'google-ads-report')).json();
    expect(list.meta.total).toBe(2);
    const [recent, old] = list.data as AdsReportRow[];
    expect(recent).toMatchObject({
      code: 'GADS-1',
      amount: '150.0000',
      registrations: 2,
      payments: 1,
      revenue: '300.0000',
      roas: '2.0000',
    });
    expect(old).toMatchObject({ from: '2024-01-01', amount: '40.5000', registrations: 0, revenue: '0.0000' });
    expect(list.totals).toEqual({ amount: '190.5000', revenue: '300.0000', roas: '1.5700' });

    // Uploading a period again replaces its amount.
    const again = await upload(`type,code,from,to,amount\n1,GADS-1,${today()},${today()},100`);
    expect(again.json()).toMatchObject({ message: MARKETING_MESSAGES.reportRowsAdded, added: 1 });
    const edited = await staff('PUT', `google-ads-report/${recent!.id}`, { amount: '120' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ amount: '120.0000', roas: '2.5000' });
    expect((await staff('PUT', `google-ads-report/${recent!.id}`, { amount: '-1' })).statusCode).toBe(422);
    expect((await staff('DELETE', `google-ads-report/${old!.id}`)).statusCode).toBe(200);
    expect((await staff('DELETE', `google-ads-report/${old!.id}`)).statusCode).toBe(404);
    expect((await staff('GET', 'google-ads-report')).json().meta.total).toBe(1);
    const audited = await t.deps.db.select().from(auditLog).where(eq(auditLog.target_type, 'ads_spend'));
    expect(audited.map((row) => row.action).sort()).toEqual([
      'ads-report.delete',
      'ads-report.update',
      'ads-report.upload',
      'ads-report.upload',
    ]);
  });

  it('refuses a malformed file with 422 naming its lines, and loads nothing', async () => {
    const before = (await t.deps.db.select().from(adsSpend)).length;
    const cases: [string, string][] = [
      ['', MARKETING_MESSAGES.reportEmpty],
      ['code,amount\nGADS-1,5', MARKETING_MESSAGES.reportColumns],
      ['type,code,from,to,amount', MARKETING_MESSAGES.reportEmpty],
      [
        `type,code,from,to,amount\n1,GADS-1,${today()},${today()},5\n1,GADS-1,2024-02-30,2024-03-01,5`,
        'Line 3',
      ],
      [`type,code,from,to,amount\n1,GADS-1,${today()},${today()},lots`, 'Line 2'],
      ['type,code,from,to,amount\n1,"GADS-1,2024-01-01', 'Line'],
      [`type,code,from,to,amount\n1,GA\u0000DS,${today()},${today()},5`, 'Line 2'],
    ];
    for (const [csv, message] of cases) {
      const res = await upload(csv);
      expect(res.statusCode, csv).toBe(422);
      expect(errorsOf(res).file!.join(' '), csv).toContain(message);
    }
    expect((await t.deps.db.select().from(adsSpend)).length).toBe(before);
    // Too many lines, and a body that is not CSV at all.
    const many = ['type,code,from,to,amount', ...Array(5001).fill(`1,GADS-1,${today()},${today()},1`)].join(
      '\n',
    );
    expect(errorsOf(await upload(many)).file).toEqual([MARKETING_MESSAGES.reportTooManyRows]);
    expect((await upload('{}', marketer, 'application/json')).statusCode).toBe(422);
    expect((await upload('x'.repeat(1024 * 1024 + 10))).statusCode).toBe(413);
  });

  it('takes a browser form too: the CSV in file', async () => {
    const send = async (fields: Record<string, string | Blob>) => {
      const { payload, type } = await formBody(fields);
      return upload(payload, marketer, type);
    };
    const csv = (amount: string) => `type,code,from,to,amount\n1,GADS-1,2024-03-01,2024-03-31,${amount}`;
    const csvFile = (text: string) => new File([text], 'spend.csv', { type: 'text/csv' });

    const sent = await send({ file: csvFile(csv('70')) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ added: 1, dontExistsRefCodes: [] });
    const [row] = await t.deps.db.select().from(adsSpend).where(eq(adsSpend.date_from, '2024-03-01'));
    expect(row!.amount).toBe('70.0000');

    const refused: [Record<string, string | Blob>, Record<string, string[]>][] = [
      [{}, { file: [MARKETING_MESSAGES.reportFileMissing] }],
      [{ note: 'x', file: csvFile(csv('1')) }, { file: [MESSAGES.dataNotValid] }],
      [{ data: csvFile(csv('1')) }, { data: [MESSAGES.dataNotValid] }],
      [{ file: csvFile('x'.repeat(1024 * 1024 + 1)) }, { file: [MARKETING_MESSAGES.reportFileTooLarge] }],
      [{ file: csvFile('code,amount\nGADS-1,5') }, { file: [MARKETING_MESSAGES.reportColumns] }],
    ];
    for (const [fields, errors] of refused) {
      const res = await send(fields);
      expect(res.statusCode, Object.keys(fields).join()).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    const [after] = await t.deps.db.select().from(adsSpend).where(eq(adsSpend.date_from, '2024-03-01'));
    expect(after!.amount).toBe('70.0000');
  });

  it('counts revenue on UTC days whatever the database session’s time zone', async () => {
    const [reflink] = await t.deps.db
      .insert(reflinks)
      .values({ name: 'UTC days', code: 'GADS-UTC' })
      .returning();
    const { user } = await makeUser(t.deps.db);
    await ensureBillingProfile(t.deps.db, user.id);
    await t.deps.db
      .update(billingProfiles)
      .set({ reflink_id: reflink!.id })
      .where(eq(billingProfiles.user_id, user.id));
    await makeTopUp(t.deps.db, user.id, '50');
    // 05:00 UTC on 10 March 2026 is still the 9th in Pacific time: revenue counts it on the 10th.
    const at = new Date('2026-03-10T05:00:00Z');
    await t.deps.db.update(users).set({ created_at: at }).where(eq(users.id, user.id));
    await t.deps.db.update(payments).set({ credited_at: at }).where(eq(payments.user_id, user.id));
    await upload(
      'type,code,from,to,amount\n1,GADS-UTC,2026-03-09,2026-03-09,10\n1,GADS-UTC,2026-03-10,2026-03-10,10',
    );
    await t.deps.db.execute(sql`set time zone 'America/Los_Angeles'`);
    try {
      const rows = (await staff('GET', 'google-ads-report?search=GADS-UTC')).json().data as AdsReportRow[];
      expect(rows.map((row) => [row.from, row.registrations, row.revenue])).toEqual([
        ['2026-03-10', 1, '50.0000'],
        ['2026-03-09', 0, '0.0000'],
      ]);
    } finally {
      await t.deps.db.execute(sql`set time zone 'UTC'`);
    }
  });

  it('is closed to a manager and to customers', async () => {
    const manager = (await makeUser(t.deps.db, { roles: ['manager'] })).auth;
    const customer = (await makeUser(t.deps.db)).auth;
    for (const headers of [manager, customer]) {
      expect(
        (await upload('type,code,from,to,amount\n1,GADS-1,2024-01-01,2024-01-01,1', headers)).statusCode,
      ).toBe(403);
    }
  });
});
