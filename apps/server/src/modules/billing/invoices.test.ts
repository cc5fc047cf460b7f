import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeTopUp, makeUser } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** The invoice as its customer downloads it (through the signed link) or staff open it, as text lines. */
async function invoiceText(auth: Headers, paymentId: number, staff = false) {
  let pdf;
  if (staff) {
    pdf = await t.app.inject({ url: `/api/admin/v1/payments/invoice/${paymentId}`, headers: auth });
  } else {
    const bridge = await t.call('GET', `payments/download-invoice/${paymentId}/bridge`, auth);
    expect(bridge.statusCode, bridge.body).toBe(200);
    pdf = await t.app.inject({ url: bridge.json().url as string });
  }
  expect(pdf.headers['content-type']).toBe('application/pdf');
  // The text is drawn in an embedded font (glyph ids): pdf.js maps it back through the font's ToUnicode.
  const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
  const lines = [];
  for (let page = 1; page <= document.numPages; page += 1) {
    const { items } = await (await document.getPage(page)).getTextContent();
    for (const item of items) if ('str' in item && item.str.trim()) lines.push(item.str);
  }
  return lines;
}

describe('the generated invoice', () => {
  it('prints the company, the address lines and the VAT id of the profile under the name', async () => {
    const { auth, user } = await makeUser(t.database.db, { full_name: 'Олена Коваленко', country: 'DE' });
    const saved = await t.call('POST', 'users/profile', auth, {
      nickname: user.nickname,
      full_name: user.full_name,
      business_type: user.business_type,
      country: user.country,
      phone: user.phone,
      company: 'Kovalenko Apps GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      vat_id: 'de123456789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const payment = await makeTopUp(t.deps.db, user.id, '40');

    const lines = await invoiceText(auth, payment.id);
    const billTo = lines.slice(lines.indexOf('Bill to'));
    expect(billTo.slice(0, 7)).toEqual([
      'Bill to',
      'Олена Коваленко',
      'Kovalenko Apps GmbH',
      'Hauptstraße 1',
      '10115 Berlin',
      'DE',
      user.email,
    ]);
    expect(billTo[7]).toBe('VAT ID: DE123456789');
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    expect(await invoiceText(admin.auth, payment.id, true)).toEqual(lines);
  });

  it('prints no company, address or VAT ID line for a profile without them', async () => {
    const { auth, user } = await makeUser(t.database.db, { country: 'US' });
    const payment = await makeTopUp(t.deps.db, user.id, '15');
    const lines = await invoiceText(auth, payment.id);
    const billTo = lines.slice(lines.indexOf('Bill to'));
    expect(billTo.slice(0, 5)).toEqual(['Bill to', 'Test User', 'US', user.email, 'Description']);
    expect(lines.join('\n')).not.toContain('VAT ID');
  });
});
