import type { Deps } from '../../deps.js';
import { vendorMappings, vendors } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { SANDBOX_PANEL_SERVICES, sandboxPanelUrl } from '../sandbox-panel/sandbox-panel.catalog.js';
import { sandboxPanelCall } from '../sandbox-panel/sandbox-panel.service.js';
import { SANDBOX_SEED_KEY } from './vendors.routing.js';

/**
 * The demo's panel vendor (where sandboxes are allowed): the seeded sandbox vendor, while it is still as the
 * seed made it (no API of its own), becomes a `panel` vendor of the server's own sandbox panel
 * (modules/sandbox-panel) with the panel's service list, its balance and a mapping of every product it delivers
 * (any country). Staff can change it afterwards; the seed then leaves it alone. Never in production.
 */
export async function seedPanelVendor(deps: Deps, now = new Date()) {
  if (!deps.config.sandbox) return;
  const { db, config } = deps;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.seed_key, SANDBOX_SEED_KEY));
  if (!vendor || vendor.api_url !== null) return;
  const services = SANDBOX_PANEL_SERVICES.map(
    ({ appstore: _store, product_types: _types, ...service }) => service,
  );
  // The server is not listening yet: the balance is asked of the sandbox panel's own service, not over HTTP.
  const balance = (await sandboxPanelCall(deps, {
    key: config.vendorSandboxPanelKey,
    action: 'balance',
  })) as {
    balance?: string;
    currency?: string;
  };
  await db.transaction(async (tx) => {
    await tx
      .update(vendors)
      .set({
        protocol: 'panel',
        api_url: sandboxPanelUrl(config),
        api_key: config.vendorSandboxPanelKey,
        services,
        services_currency: 'USD',
        services_loaded_at: now,
        balance: balance.balance ?? null,
        balance_currency: balance.currency ?? null,
        balance_at: balance.balance ? now : null,
        updated_at: now,
      })
      .where(eq(vendors.id, vendor.id));
    await tx
      .insert(vendorMappings)
      .values(
        SANDBOX_PANEL_SERVICES.flatMap((service) =>
          service.product_types.map((type) => ({
            vendor_id: vendor.id,
            product_type: type,
            store: service.appstore,
            country_id: null,
            service: service.service,
          })),
        ),
      )
      .onConflictDoNothing();
  });
}
