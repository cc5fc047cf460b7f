import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { vendorMappings, vendors } from '../../db/schema/index.js';
import { SANDBOX_PANEL_SERVICES, sandboxPanelUrl } from '../sandbox-panel/sandbox-panel.catalog.js';
import { seedPanelVendor } from './vendors.seed.js';

/*
 * The demo's panel vendor: the seeded sandbox vendor speaks the panel protocol to the server's own sandbox panel,
 * over HTTP, through the one exception the outbound rule makes (production's rule otherwise: no test policy).
 */
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({ workers: false, listen: true });
  admin = (await makeUser(t.deps.db, { roles: ['admin'] })).auth;
});
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers: admin });
const sandboxVendor = async () =>
  (await t.deps.db.select().from(vendors).where(eq(vendors.seed_key, 'sandbox')))[0]!;

describe('the demo panel vendor', () => {
  it('turns the seeded sandbox vendor into a panel vendor of the own sandbox panel, once', async () => {
    await seedPanelVendor(t.deps);
    const vendor = await sandboxVendor();
    expect(vendor).toMatchObject({
      protocol: 'panel',
      api_url: sandboxPanelUrl(t.config),
      api_key: t.config.vendorSandboxPanelKey,
      services_currency: 'USD',
      balance_currency: 'USD',
    });
    expect(vendor.services).toHaveLength(SANDBOX_PANEL_SERVICES.length);
    expect(Number(vendor.balance)).toBeGreaterThan(0);
    const mappings = await t.deps.db
      .select()
      .from(vendorMappings)
      .where(eq(vendorMappings.vendor_id, vendor.id));
    expect(mappings).toHaveLength(
      SANDBOX_PANEL_SERVICES.reduce((sum, each) => sum + each.product_types.length, 0),
    );
    // Staff changed it afterwards (here: its key): a later seed leaves it alone.
    await t.deps.db.update(vendors).set({ api_key: 'changed' }).where(eq(vendors.id, vendor.id));
    await seedPanelVendor(t.deps);
    expect((await sandboxVendor()).api_key).toBe('changed');
    await t.deps.db
      .update(vendors)
      .set({ api_key: t.config.vendorSandboxPanelKey })
      .where(eq(vendors.id, vendor.id));
  });

  it('reaches the own address for exactly that vendor and URL, and for no other', async () => {
    const vendor = await sandboxVendor();
    const loaded = await staff('POST', `vendors/${vendor.id}/services/load`);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().data).toHaveLength(SANDBOX_PANEL_SERVICES.length);

    // Another vendor at the very same URL (the API refuses to save it: written here directly) is refused.
    const [copy] = await t.deps.db
      .insert(vendors)
      .values({ name: 'Copy', protocol: 'panel', api_url: vendor.api_url, api_key: vendor.api_key })
      .returning();
    const refused = await staff('POST', `vendors/${copy!.id}/services/load`);
    expect(refused.statusCode).toBe(422);
    // And the sandbox vendor pointed elsewhere on the own address is refused too.
    await t.deps.db
      .update(vendors)
      .set({ api_url: `${t.config.internalUrl}/api/health` })
      .where(eq(vendors.id, vendor.id));
    expect((await staff('POST', `vendors/${vendor.id}/services/load`)).statusCode).toBe(422);
  });

  it('does nothing where sandboxes are not allowed', async () => {
    const before = await sandboxVendor();
    await seedPanelVendor({ ...t.deps, config: { ...t.config, sandbox: false } });
    expect(await sandboxVendor()).toEqual(before);
  });
});
