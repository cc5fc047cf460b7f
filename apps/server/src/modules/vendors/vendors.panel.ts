import {
  CAMPAIGN_MESSAGES,
  formatMoney,
  parseMoney,
  type VendorCall,
  type VendorHealth,
  type VendorMapping,
  type vendorMappingsBodySchema,
  type VendorService,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import type { OutboundPolicy } from '../../lib/public-url.js';
import { panelClientOf } from '../../providers/vendors/create-vendor-provider.js';
import type { PanelCall, PanelClient } from '../../providers/vendors/panel-protocol.js';
import { VendorRejectedError, VendorUnreachableError } from '../../providers/vendors/vendor-provider.js';
import { audit } from '../audit/audit.js';
import { sandboxPanelUrl } from '../sandbox-panel/sandbox-panel.catalog.js';
import { countryOrFail } from '../apps/apps.service.js';
import { listProducts } from '../plans/products.service.js';
import * as repo from './vendors.repo.js';
import { SANDBOX_SEED_KEY } from './vendors.routing.js';

/*
 * Vendors over the resellers' panel protocol (providers/vendors/README.md): the panel client of a vendor (every
 * call logged in `vendor_calls`), its service list, the mapping of our products to its services, the calls made
 * for a campaign, and each vendor's health for the operations page.
 */

/** The vendor facts a panel client needs. */
export type PanelVendor = Pick<repo.VendorRow, 'id' | 'api_url' | 'api_key' | 'seed_key'>;

/**
 * Which addresses a vendor's panel may be at: public ones (and OUTBOUND_ALLOW's). The one exception: where
 * sandboxes are allowed, the seeded sandbox vendor pointed at exactly the server's own sandbox panel may call
 * the server's own address (the internal URL's host, usually 127.0.0.1); no other URL or vendor gets it.
 */
function policyFor(deps: Pick<Deps, 'config' | 'outbound'>, vendor: PanelVendor): OutboundPolicy {
  const own =
    deps.config.sandbox &&
    vendor.seed_key === SANDBOX_SEED_KEY &&
    vendor.api_url === sandboxPanelUrl(deps.config);
  if (!own) return deps.outbound;
  const host = new URL(deps.config.internalUrl).hostname.replace(/^\[|\]$/g, '');
  return {
    resolve: (name) => deps.outbound.resolve(name),
    allows: (address) => address === host || deps.outbound.allows(address),
  };
}

/**
 * Runs `work` with the vendor's panel client, then logs every call it made for the campaigns whose orders it
 * carries (none for a balance or service list; many for a status batch), whatever the outcome.
 */
export async function withPanel<T>(
  deps: Pick<Deps, 'db' | 'config' | 'outbound'>,
  vendor: PanelVendor,
  campaignIds: readonly number[],
  work: (panel: PanelClient) => Promise<T>,
): Promise<T> {
  const calls: PanelCall[] = [];
  const panel = panelClientOf(
    { url: vendor.api_url ?? '', key: vendor.api_key ?? '' },
    policyFor(deps, vendor),
    (call) => calls.push(call),
  );
  try {
    return await work(panel);
  } finally {
    await repo.insertCalls(
      deps.db,
      calls.map((call) => ({
        vendor_id: vendor.id,
        campaign_ids: [...new Set(campaignIds)],
        action: call.action,
        latency_ms: Math.round(call.latency_ms),
        outcome: call.outcome,
        error: call.error ?? null,
      })),
    );
  }
}

/** A vendor's money as the API answers it: a decimal string without trailing zeros past the cents. */
export function decimalOut(value: string | null): string | null {
  if (value === null) return null;
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

async function vendorOrFail(db: Queryable, id: number) {
  const vendor = await repo.findVendor(db, id);
  if (!vendor) throw new NotFoundError();
  return vendor;
}

function servicesView(vendor: repo.VendorRow) {
  return {
    data: (vendor.services ?? []) as VendorService[],
    currency: vendor.services_currency,
    loaded_at: vendor.services_loaded_at?.toISOString() ?? null,
  };
}

/** `GET vendors/{id}/services`: the service list as last loaded. */
export async function servicesOf(deps: Deps, id: number) {
  return servicesView(await vendorOrFail(deps.db, id));
}

/**
 * `POST vendors/{id}/services/load`: asks the vendor's panel for its services (and its balance, which gives
 * their currency and is kept as the last known balance) and stores the list. A vendor without a panel API, or a panel that refuses or cannot be reached,
 * is a 422 naming the panel's answer; the stored list stays as it was.
 */
export async function loadServices(deps: Deps, id: number, now = new Date()) {
  const vendor = await vendorOrFail(deps.db, id);
  if (vendor.protocol !== 'panel' || !vendor.api_url)
    throw ValidationError.field('api_url', CAMPAIGN_MESSAGES.vendorCannotDeliver);
  let loaded: { services: VendorService[]; balance: { balance: string; currency: string } | null };
  try {
    loaded = await withPanel(deps, vendor, [], async (panel) => {
      const services = await panel.services();
      // The balance gives the list's currency (a panel answers both in its one currency).
      const balance = await panel.balance().catch(() => null);
      return { services, balance };
    });
  } catch (error) {
    if (!(error instanceof VendorRejectedError || error instanceof VendorUnreachableError)) throw error;
    throw ValidationError.field('api_url', `The vendor's panel: ${error.message}`);
  }
  await deps.db.transaction(async (tx) => {
    await repo.lockVendor(tx, id);
    await repo.saveServices(tx, id, loaded.services, loaded.balance, now);
    await audit(tx, {
      action: 'vendors.update',
      target: { type: 'vendor', id },
      before: { services: vendor.services?.length ?? null },
      after: { services: loaded.services.length, services_currency: loaded.balance?.currency ?? null },
    });
  });
  return servicesOf(deps, id);
}

/** `GET vendors/{id}/mappings`: each mapping with its service as last loaded and our base price per 1000. */
export async function mappingsOf(deps: Deps, id: number): Promise<{ data: VendorMapping[] }> {
  const vendor = await vendorOrFail(deps.db, id);
  const services = new Map((vendor.services ?? []).map((service) => [service.service, service]));
  const rows = await repo.mappingsOf(deps.db, id);
  const stores = [...new Set(rows.map(({ mapping }) => mapping.store))];
  const lists = await Promise.all(stores.map((store) => listProducts(deps.db, store)));
  // Our base price per 1000 by store and product (a product price is per install).
  const prices = new Map(
    lists.flatMap((list) =>
      list.data.map((product) => [
        `${list.appstore}:${product.type}`,
        formatMoney(parseMoney(product.price) * 1000n),
      ]),
    ),
  );
  const data = rows.map(({ mapping, country }) => {
    const service = services.get(mapping.service);
    return {
      id: mapping.id,
      product_type: mapping.product_type,
      store: mapping.store,
      country,
      service: mapping.service,
      is_active: mapping.is_active,
      service_name: service?.name ?? null,
      rate: service?.rate ?? null,
      min: service?.min ?? null,
      max: service?.max ?? null,
      our_price: decimalOut(prices.get(`${mapping.store}:${mapping.product_type}`) ?? null),
    };
  });
  return { data };
}

/**
 * `PUT vendors/{id}/mappings`: replaces the vendor's mapping list (one per product, store and country or any:
 * a repeat is a 422 on its row).
 */
export async function putMappings(deps: Deps, id: number, body: z.output<typeof vendorMappingsBodySchema>) {
  const items = body.items;
  const seen = new Set<string>();
  const rows: Parameters<typeof repo.replaceMappings>[2] = [];
  for (const [index, item] of items.entries()) {
    const country = item.country
      ? await countryOrFail(deps.db, item.country.toUpperCase(), `items.${index}.country`)
      : null;
    const key = `${item.product_type}:${item.store}:${country?.id ?? 0}`;
    if (seen.has(key))
      throw ValidationError.field(`items.${index}`, 'This product, store and country are mapped twice');
    seen.add(key);
    rows.push({
      product_type: item.product_type,
      store: item.store,
      country_id: country?.id ?? null,
      service: item.service,
      is_active: item.is_active,
    });
  }
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockVendor(tx, id))) throw new NotFoundError();
    const before = (await repo.mappingsOf(tx, id)).map(auditMapping);
    await repo.replaceMappings(tx, id, rows);
    const after = (await repo.mappingsOf(tx, id)).map(auditMapping);
    await audit(tx, {
      action: 'vendors.update',
      target: { type: 'vendor', id },
      before: { mappings: before },
      after: { mappings: after },
    });
  });
  return mappingsOf(deps, id);
}

const auditMapping = ({ mapping, country }: { mapping: repo.MappingRow; country: string | null }) => ({
  product_type: mapping.product_type,
  store: mapping.store,
  country,
  service: mapping.service,
  is_active: mapping.is_active,
});

/** `GET campaigns/{id}/vendor-calls` (staff): the calls made to panels for a campaign, newest first. */
export async function callsOf(deps: Deps, campaignId: number, page: number, limit: number) {
  const { rows, total } = await repo.pageCalls(deps.db, campaignId, page, limit);
  const data: VendorCall[] = rows.map(({ call, vendor }) => ({
    id: call.id,
    vendor_id: call.vendor_id,
    vendor,
    action: call.action,
    latency_ms: call.latency_ms,
    outcome: call.outcome as VendorCall['outcome'],
    error: call.error,
    created_at: call.created_at.toISOString(),
  }));
  return { data, meta: pageMeta(total, page, limit) };
}

/** `GET operations/vendors`: each vendor's last known balance, open panel orders and failed calls of 24 h. */
export async function vendorHealth(deps: Deps, now = new Date()): Promise<{ data: VendorHealth[] }> {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const rows = await repo.healthRows(deps.db, since, deps.config.sandbox, SANDBOX_SEED_KEY);
  return {
    data: rows.map(({ vendor, open, failed }) => ({
      vendor_id: vendor.id,
      vendor: vendor.name,
      protocol: vendor.protocol as VendorHealth['protocol'],
      is_active: vendor.is_active,
      balance: decimalOut(vendor.balance),
      currency: vendor.balance_currency,
      balance_at: vendor.balance_at?.toISOString() ?? null,
      balance_threshold: decimalOut(vendor.balance_threshold),
      open_orders: open,
      failures_24h: failed,
    })),
  };
}
