import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MESSAGES,
  PAGES_MESSAGES,
  RESELLER_TEMPLATE_DEFAULTS,
  type ResellerTemplate,
} from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { billingProfiles, resellerEmailTemplates } from '../../db/schema/index.js';
import { billingProfileOf } from '../plans/profiles.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const URL = '/api/private/v1/users/profile/email-templates';
const get = (auth: Headers, url = URL) => t.app.inject({ method: 'GET', url, headers: auth });
const put = (auth: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: URL, headers: auth, payload });

/** A user on the Reseller Base plan (id 8). */
async function makeReseller() {
  const reseller = await makeUser(t.deps.db);
  await billingProfileOf(t.deps.db, reseller.user.id);
  await t.deps.db
    .update(billingProfiles)
    .set({ price_plan_id: 8 })
    .where(eq(billingProfiles.user_id, reseller.user.id));
  return reseller;
}
const templateOf = async (auth: Headers, key: string) =>
  ((await get(auth)).json().data as ResellerTemplate[]).find((row) => row.key === key)!;

describe('reseller e-mail templates', () => {
  it('lists the kinds with their placeholders and sample values', async () => {
    const { auth } = await makeUser(t.deps.db);
    const res = await get(auth, `${URL}/list`);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().data as { key: string; placeholders: { name: string; sample: string }[] }[];
    expect(kinds.map((kind) => kind.key)).toEqual(Object.keys(RESELLER_TEMPLATE_DEFAULTS));
    expect(kinds[0]!.placeholders).toContainEqual({ name: 'client_name', sample: 'Alex Morgan' });
  });

  it('shows the defaults, and refuses a user who is not on a reseller plan (403, nothing saved)', async () => {
    const { user, auth } = await makeUser(t.deps.db);
    const read = (await get(auth)).json();
    expect(read.editable).toBe(false);
    expect(read.data).toHaveLength(3);
    expect(read.data.every((row: ResellerTemplate) => row.is_default)).toBe(true);
    const res = await put(auth, { key: 'order_confirmation', subject: 'Hi', body: 'Body' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PAGES_MESSAGES.templatesResellerOnly);
    const rows = await t.deps.db
      .select()
      .from(resellerEmailTemplates)
      .where(eq(resellerEmailTemplates.user_id, user.id));
    expect(rows).toEqual([]);
  });

  it('saves a reseller’s text, resets it to the default, and never shows it to another user', async () => {
    const reseller = await makeReseller();
    const other = await makeReseller();
    expect((await get(reseller.auth)).json().editable).toBe(true);
    const saved = await put(reseller.auth, {
      key: 'campaign_report',
      subject: 'Report {{order_id}}',
      body: 'Dear {{ client_name }},\n<b>{{installs_delivered}}</b> installs.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PAGES_MESSAGES.templateSaved,
      data: { key: 'campaign_report', subject: 'Report {{order_id}}', is_default: false },
    });
    expect(await templateOf(reseller.auth, 'campaign_report')).toMatchObject({ is_default: false });
    // The other reseller still has the default: templates are per user, and no request names another user.
    expect(await templateOf(other.auth, 'campaign_report')).toMatchObject({
      is_default: true,
      subject: RESELLER_TEMPLATE_DEFAULTS.campaign_report.subject,
    });
    // Saving again updates the one row.
    await put(reseller.auth, { key: 'campaign_report', subject: 'Second', body: 'Text' });
    expect(await templateOf(reseller.auth, 'campaign_report')).toMatchObject({ subject: 'Second' });

    const reset = await put(reseller.auth, { key: 'campaign_report', reset: true });
    expect(reset.json()).toMatchObject({ message: PAGES_MESSAGES.templateReset, data: { is_default: true } });
    expect(await templateOf(reseller.auth, 'campaign_report')).toMatchObject({
      is_default: true,
      body: RESELLER_TEMPLATE_DEFAULTS.campaign_report.body,
    });
  });

  it('refuses unknown placeholders, a missing field, an unknown kind and control characters (422)', async () => {
    const reseller = await makeReseller();
    const unknown = await put(reseller.auth, {
      key: 'order_confirmation',
      subject: 'Order {{order_id}}',
      body: 'Installs delivered: {{installs_delivered}}',
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown).body).toEqual([
      PAGES_MESSAGES.templatePlaceholderUnknown.replace('{{name}}', '{{installs_delivered}}'),
    ]);
    const missing = await put(reseller.auth, { key: 'order_confirmation', subject: 'Only a subject' });
    expect(errorsOf(missing).body).toEqual([MESSAGES.required]);
    expect((await put(reseller.auth, { key: 'welcome', subject: 'a', body: 'b' })).statusCode).toBe(422);
    expect(
      (await put(reseller.auth, { key: 'order_confirmation', subject: 'a\u0000', body: 'b' })).statusCode,
    ).toBe(422);
    expect((await templateOf(reseller.auth, 'order_confirmation')).is_default).toBe(true);
  });

  it('needs a session', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await put({}, { key: 'order_confirmation', reset: true })).statusCode).toBe(401);
  });
});
