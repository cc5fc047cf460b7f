import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SETTINGS_MESSAGES, type Product } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { directInstallsBody, makeApp, makeTopUp, makeUser, registerBody } from '../../../test/factories.js';
import { waitForMail } from '../../../test/outbox.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../../providers/payments/sandbox/sandbox-provider.js';
import { readOutbox } from '../mail/dev-mailbox.routes.js';
import { auditLog, emailTemplates, paymentSystems, payments } from '../../db/schema/index.js';
import { balancesOf } from '../ledger/ledger.js';
import { checkLedger } from '../ledger/ledger-check.js';
import { renderTemplate } from '../mail/mail.templates.js';
import { mailCreditedPayments } from '../billing/payment-mail.js';

type Auth = { authorization: string };
let t: TestApp;
let admin: Auth;
let manager: Auth;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await makeUser(t.deps.db, { roles: ['admin', 'user'] })).auth;
  manager = (await makeUser(t.deps.db, { roles: ['manager', 'user'] })).auth;
});
afterAll(() => t.close());

const staff = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Auth = admin, payload?: object) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });

const auditRows = (action: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('PUT paysystems/{id} (admin)', () => {
  const body = {
    description: 'Cards, Apple Pay, Google Pay',
    min_amount: '25',
    max_amount: '2000.50',
    fee: '2.5',
    vat: null,
    bonus: false,
    bonus_max_amount: null,
    confirmations: 0,
  };

  it('edits the options, audited; the next quote and checkout follow them', async () => {
    const res = await staff('PUT', 'paysystems/33', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SETTINGS_MESSAGES.paysystemSaved,
      data: { id: 33, min_amount: '25.0000', max_amount: '2000.5000', fee: '2.5000', bonus: false },
    });
    const [row] = await auditRows('paysystems.update');
    expect(row).toMatchObject({ target_type: 'paysystem', target_id: '33' });
    expect(row!.before).toMatchObject({ min_amount: '10.0000', fee: '3.0000', bonus: true });
    expect(row!.after).toMatchObject({ min_amount: '25.0000', fee: '2.5000', bonus: false });

    const customer = await makeUser(t.deps.db);
    const quote = await t.call('GET', 'checkout/quote?amount=100&paysystem_id=33', customer.auth);
    expect(quote.json().data).toMatchObject({ amount: '100.0000', fee: '2.5000', total: '102.5000' });
    const below = await t.call('POST', 'checkout', customer.auth, { amount: 20, paysystem_id: 33 });
    expect(below.statusCode).toBe(422);
    // The same body again changes nothing and writes no audit row.
    await staff('PUT', 'paysystems/33', admin, body);
    expect(await auditRows('paysystems.update')).toHaveLength(1);
  });

  it('refuses bad input with 422 naming the field, lower roles with 403, a missing system with 404', async () => {
    const [before] = await t.deps.db.select().from(paymentSystems).where(eq(paymentSystems.id, 30));
    const cases: [object, string][] = [
      [{ min_amount: '500', max_amount: '100' }, 'max_amount'],
      [{ fee: '101' }, 'fee'],
      [{ fee: 0.1 + 0.2 }, 'fee'],
      [{ vat: '-1' }, 'vat'],
      [{ min_amount: '1e3' }, 'min_amount'],
      [{ confirmations: 1.5 }, 'confirmations'],
      [{ confirmations: 101 }, 'confirmations'],
      [{ description: 'bad\u0000text' }, 'description'],
      [{ bonus_max_amount: '0' }, 'bonus_max_amount'],
    ];
    for (const [change, field] of cases) {
      const res = await staff('PUT', 'paysystems/30', admin, { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(errorsOf(res)), JSON.stringify(change)).toContain(field);
    }
    expect((await staff('PUT', 'paysystems/30', manager, body)).statusCode).toBe(403);
    expect((await staff('PUT', 'paysystems/999', admin, body)).statusCode).toBe(404);
    const [after] = await t.deps.db.select().from(paymentSystems).where(eq(paymentSystems.id, 30));
    expect(after).toEqual(before);
  });

  it('a system switched off disappears from the top-up and refuses a checkout', async () => {
    const customer = await makeUser(t.deps.db);
    const ids = async () =>
      ((await t.call('GET', 'paysystems', customer.auth)).json().data as { id: number }[]).map((s) => s.id);
    expect(await ids()).toContain(33);
    await staff('PUT', 'paysystems/change-is-active-paysystem', admin, { id: 33, is_active: false });
    expect(await ids()).not.toContain(33);
    const refused = await t.call('POST', 'checkout/33/auth', customer.auth, { amount: 200 });
    expect(refused.statusCode).toBe(422);
    await staff('PUT', 'paysystems/change-is-active-paysystem', admin, { id: 33, is_active: true });
    expect(await ids()).toContain(33);
  });
});

describe('GET and PUT products (admin)', () => {
  const priceOf = (list: Product[], type: number, plan?: string) => {
    const product = list.find((row) => row.type === type)!;
    return plan ? product.pricetags.find((tag) => tag.name === plan)!.price : product.price;
  };

  it('lists the seeded price list per store with each plan’s pricetag', async () => {
    const play = await staff('GET', 'products');
    expect(play.statusCode).toBe(200);
    expect(play.json()).toMatchObject({ appstore: 1, meta: { total: 7 } });
    const list = play.json().data as Product[];
    expect(priceOf(list, 1)).toBe('0.1200');
    expect(priceOf(list, 1, 'Bronze')).toBe('0.1140');
    expect(priceOf(list, 4, 'VIP')).toBe('0.1500');
    const ios = (await staff('GET', 'products?appstore=2')).json();
    expect(priceOf(ios.data, 5)).toBe('3.5000');
    expect((await staff('GET', 'products', manager)).statusCode).toBe(403);
    expect((await staff('GET', 'products?appstore=3')).statusCode).toBe(422);
  });

  it('a price change prices the next quote, never a campaign already charged, its refund included', async () => {
    const { user, auth } = await makeUser(t.deps.db);
    await makeApp(t.deps, user.id);
    await makeTopUp(t.deps.db, user.id, '500');
    const order = await t.call('POST', 'campaigns', auth, directInstallsBody({ installs: 10, days: 3 }));
    expect(order.statusCode, order.body).toBe(201);
    const campaign = order.json().data;
    expect(campaign).toMatchObject({ price: '3.6000' });
    expect((await balancesOf(t.deps.db, user.id)).main).toBe('496.4000');

    const changed = await staff('PUT', 'products', admin, {
      appstore: 1,
      products: [{ type: 1, price: '0.5', pricetags: [{ priceplan_id: 1, price: '0.4' }] }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(SETTINGS_MESSAGES.productsSaved);
    expect(priceOf(changed.json().data, 1)).toBe('0.5000');
    expect(priceOf(changed.json().data, 1, 'Base')).toBe('0.4000');
    expect(priceOf(changed.json().data, 1, 'Bronze')).toBe('0.1140');
    const [row] = await auditRows('products.update');
    expect(row!.before).toMatchObject({ 1: { price: '0.1200', Base: '0.1200' } });
    expect(row!.after).toMatchObject({ 1: { price: '0.5000', Base: '0.4000' } });

    const quote = await t.call(
      'POST',
      'campaigns/quote',
      auth,
      directInstallsBody({ installs: 10, days: 3 }),
    );
    expect(quote.json().data).toMatchObject({ unit_price: '0.4000', price: '12.0000' });
    const kept = (await t.call('GET', `campaigns/${campaign.id}`, auth)).json().data;
    expect(kept).toMatchObject({ price: '3.6000', unit_price: '0.1200' });
    // Canceled before any delivery: the refund is what it was charged, not the new price.
    const canceled = await t.call('GET', `campaigns/${campaign.id}/cancel`, auth);
    expect(canceled.json().data.status).toBe('canceled');
    expect((await balancesOf(t.deps.db, user.id)).main).toBe('500.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);

    await staff('PUT', 'products', admin, {
      appstore: 1,
      products: [{ type: 1, price: '0.12', pricetags: [{ priceplan_id: 1, price: '0.12' }] }],
    });
    const again = await t.call(
      'POST',
      'campaigns/quote',
      auth,
      directInstallsBody({ installs: 10, days: 3 }),
    );
    expect(again.json().data.unit_price).toBe('0.1200');
  });

  it('two saves at once apply one after the other, each audited against the one before', async () => {
    const put = (price: string) =>
      staff('PUT', 'products', admin, {
        appstore: 2,
        products: [{ type: 7, price, pricetags: [{ priceplan_id: 3, price }] }],
      });
    const answers = await Promise.all([put('1.7'), put('1.9')]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = (await auditRows('products.update'))
      .filter((row) => row.target_id === '2')
      .sort((a, b) => a.id - b.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.before).toEqual(rows[0]!.after);
    const last = (rows[1]!.after as Record<string, { price: string; Silver: string }>)[7]!;
    const list = (await staff('GET', 'products?appstore=2')).json().data as Product[];
    expect(priceOf(list, 7)).toBe(last.price);
    expect(priceOf(list, 7, 'Silver')).toBe(last.Silver);
  });

  it('refuses bad input with 422 and lower roles with 403, changing nothing', async () => {
    const before = (await staff('GET', 'products')).json().data;
    const product = { type: 1, price: '0.2', pricetags: [] };
    const cases: object[] = [
      { appstore: 3, products: [product] },
      { appstore: 1, products: [] },
      { appstore: 1, products: [{ ...product, type: 0 }] },
      { appstore: 1, products: [{ ...product, type: 3 }] },
      { appstore: 1, products: [product, product] },
      { appstore: 1, products: [{ ...product, price: '0' }] },
      { appstore: 1, products: [{ ...product, price: 0.1 + 0.2 }] },
      { appstore: 1, products: [{ ...product, price: '10000.01' }] },
      { appstore: 1, products: [{ ...product, pricetags: [{ priceplan_id: 999, price: '1' }] }] },
      {
        appstore: 1,
        products: [
          {
            ...product,
            pricetags: [
              { priceplan_id: 1, price: '1' },
              { priceplan_id: 1, price: '2' },
            ],
          },
        ],
      },
    ];
    for (const body of cases) {
      const res = await staff('PUT', 'products', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await staff('PUT', 'products', manager, { appstore: 1, products: [product] })).statusCode).toBe(
      403,
    );
    expect((await staff('GET', 'products')).json().data).toEqual(before);
  });
});

describe('e-mail templates (admin)', () => {
  const body = {
    name: 'verify',
    locale: 'en-US',
    subject: 'Welcome to Storelift, {{name}}',
    body: 'Hi {{ name }},\n\nplease confirm {{email}} for us.',
    action: 'Confirm now',
    footer: 'Thanks!',
  };

  it('lists every mail in the four languages with its placeholders', async () => {
    const res = await staff('GET', 'email-templates');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; locale: string; placeholders: string[] }[];
    expect(data.map((row) => `${row.name}/${row.locale}`).sort()).toEqual(
      ['notice', 'password-changed', 'payment-credited', 'reset', 'transfer', 'verify'].flatMap((name) =>
        ['en-US', 'es-ES', 'ru-RU', 'uk-UA'].map((l) => `${name}/${l}`),
      ),
    );
    expect(data.find((row) => row.name === 'verify')!.placeholders).toEqual(['name', 'email', 'link']);
    expect(data.find((row) => row.name === 'payment-credited')!.placeholders).toContain('amount');
    expect((await staff('GET', 'email-templates', manager)).statusCode).toBe(403);
  });

  it('previews with sample data and saves nothing', async () => {
    const res = await staff('POST', 'email-templates/preview', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ subject: 'Welcome to Storelift, Alex' });
    expect(res.json().data.html).toContain('<p>Hi Alex,</p><p>please confirm alex@example.com for us.</p>');
    const [stored] = await t.deps.db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.name, 'verify'), eq(emailTemplates.locale, 'en-US')));
    expect(stored!.subject).toBe('Confirm your e-mail for Storelift');
  });

  it('refuses an unknown placeholder with 422 naming it, bad input, and lower roles', async () => {
    const unknown = await staff('PUT', 'email-templates', admin, {
      ...body,
      body: 'Your {{balance}} and {{link}}',
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)).toEqual({ body: ['Unknown placeholder: balance'] });
    const preview = await staff('POST', 'email-templates/preview', admin, { ...body, subject: '{{ x }}' });
    expect(errorsOf(preview)).toEqual({ subject: ['Unknown placeholder: x'] });
    for (const bad of [
      { ...body, name: 'payout' },
      { ...body, locale: 'de-DE' },
      { ...body, subject: '' },
      { ...body, subject: 'a\u0007b' },
      { ...body, body: 'x'.repeat(5001) },
    ]) {
      expect((await staff('PUT', 'email-templates', admin, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await staff('PUT', 'email-templates', manager, body)).statusCode).toBe(403);
    expect((await staff('POST', 'email-templates/preview', manager, body)).statusCode).toBe(403);
    expect(await auditRows('email-templates.update')).toHaveLength(0);
  });

  it('the mailer sends the edited template, audited, with values escaped in HTML', async () => {
    const saved = await staff('PUT', 'email-templates', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(SETTINGS_MESSAGES.templateSaved);
    const [row] = await auditRows('email-templates.update');
    expect(row).toMatchObject({ target_type: 'email-template', target_id: 'verify/en-US' });
    expect(row!.before).toMatchObject({ subject: 'Confirm your e-mail for Storelift' });

    const started = Date.now();
    const signup = registerBody();
    expect((await t.call('POST', 'register', {}, signup)).statusCode).toBe(201);
    const mail = await waitForMail(t.config.dataDir, signup.email as string, { after: started - 1000 });
    expect(mail.subject).toBe(`Welcome to Storelift, ${signup.nickname}`);
    expect(mail.text).toContain(`please confirm ${signup.email} for us.`);
    expect(mail.text).toMatch(/Confirm now: http:\/\/\S+\/email\/verify\?token=/);
    expect(mail.html).toContain('>Confirm now</a>');
  });

  it('mails a credited top-up once, from its template in the customer’s language', async () => {
    const { user, auth } = await makeUser(t.deps.db, { locale: 'es-ES' });
    const checkout = await t.call('POST', 'checkout', auth, { amount: 120, paysystem_id: 30 });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, checkout.json().data.id));
    const body = JSON.stringify(newSandboxEvent('payment.paid', row!.uuid, row!.total));
    const secret = await signingSecret(t.deps.db);
    const started = Date.now();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: SANDBOX_CALLBACK_PATH,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, body),
        },
        payload: body,
      });
    expect((await send()).json().status).toBe('credited');
    expect((await send()).json().status).toBe('unchanged');
    // The credited-mail job's run (every minute), twice: the second finds it mailed.
    await mailCreditedPayments(t.deps);
    await mailCreditedPayments(t.deps);
    const mail = await waitForMail(t.config.dataDir, user.email, { after: started - 1000 });
    expect(mail.subject).toBe('Tu pago de 120.00 se ha acreditado');
    expect(mail.text).toContain('con Card se ha acreditado en tu saldo principal. Bono de pago: 0.00.');
    expect(mail.text).toMatch(/Mis transacciones: http:\/\/\S+\/my-transactions/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const outbox = await readOutbox(`${t.config.dataDir}/outbox`);
    expect(outbox.filter((entry) => entry.to === user.email)).toHaveLength(1);
  });

  it('escapes the template and the values apart, so neither adds markup', () => {
    const mail = renderTemplate(
      { subject: '{{name}}', body: '<b>Hi</b> {{name}}', action: 'Go & see', footer: '' },
      { name: '<script>x</script>', email: 'a@b.c', link: 'https://x.test/?a=1&b="2"' },
    );
    expect(mail.html).toBe(
      '<p>&#60;b&#62;Hi&#60;/b&#62; &#60;script&#62;x&#60;/script&#62;</p>' +
        '<p><a href="https://x.test/?a=1&#38;b=&#34;2&#34;">Go &#38; see</a></p>',
    );
    expect(mail.subject).toBe('<script>x</script>');
  });
});
