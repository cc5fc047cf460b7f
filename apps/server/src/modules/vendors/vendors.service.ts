import {
  CAMPAIGN_MESSAGES,
  PRODUCT_TYPES,
  type Vendor,
  type VendorListQuery,
  type VendorProtocol,
  type VendorValues,
} from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { UnsafeUrlError, checkPublicUrl, type OutboundPolicy } from '../../lib/public-url.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { countryOrFail } from '../apps/apps.service.js';
import * as repo from './vendors.repo.js';
import { SANDBOX_SEED_KEY, type VendorRow } from './vendors.routing.js';
import { decimalOut } from './vendors.panel.js';

type VendorInput = VendorValues;

/**
 * The embedded sandbox vendor (providers/vendors/README.md): takes every campaign, delivered by the sandbox,
 * and only where sandboxes are allowed (in production without `SANDBOX=1` it is neither used nor offered).
 */
export const SANDBOX_VENDOR = {
  name: 'Sandbox vendor',
  seed_key: SANDBOX_SEED_KEY,
  store: null,
  country_id: null,
  mature: true,
  products: Object.values(PRODUCT_TYPES).filter((type) => type !== PRODUCT_TYPES.undefined),
  share: '100',
  is_active: true,
};

/** Seeds the sandbox vendor once, even when seeds run at the same time (kept as staff changed it afterwards). */
export async function seedVendors(db: Db) {
  await repo.seedVendor(db, SANDBOX_VENDOR);
}

export function findVendor(db: Queryable, id: number): Promise<VendorRow | undefined> {
  return repo.findVendor(db, id);
}

/** The views of some vendor rows, with their country and per-country switches. */
async function viewsOf(db: Queryable, rows: VendorRow[]): Promise<Vendor[]> {
  if (!rows.length) return [];
  const switches = await repo.switchesOf(
    db,
    rows.map((row) => row.id),
  );
  const refs = await repo.countryRefs(
    db,
    rows.flatMap((row) => (row.country_id === null ? [] : [row.country_id])),
  );
  return rows.map((row) => ({
    id: row.id,
    store: row.store,
    vendor: row.name,
    country: refs.find((ref) => ref.id === row.country_id) ?? null,
    mature: row.mature,
    products: row.products,
    share: row.share,
    is_active: row.is_active,
    api_url: row.api_url,
    has_api_key: !!row.api_key,
    protocol: row.protocol as VendorProtocol,
    balance: decimalOut(row.balance),
    balance_currency: row.balance_currency,
    balance_at: row.balance_at?.toISOString() ?? null,
    balance_threshold: decimalOut(row.balance_threshold),
    countries: switches
      .filter((s) => s.vendor_id === row.id)
      .map((s) => ({ country: s.country, is_active: s.is_active })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

async function viewOf(db: Queryable, id: number): Promise<Vendor> {
  const row = await findVendor(db, id);
  if (!row) throw new NotFoundError();
  return (await viewsOf(db, [row]))[0]!;
}

/** `GET vendors/{id}`: one vendor offered (404 for the sandbox vendor where sandboxes are not allowed). */
export async function getVendor(db: Db, id: number, sandbox: boolean) {
  const row = await findVendor(db, id);
  if (!row || (!sandbox && row.seed_key === SANDBOX_SEED_KEY)) throw new NotFoundError();
  return { data: (await viewsOf(db, [row]))[0]! };
}

/** `GET vendors/get-list`: every vendor offered, short (the sandbox vendor only where sandboxes are allowed). */
export async function shortList(db: Db, sandbox: boolean) {
  return { data: await repo.shortListRows(db, sandbox, SANDBOX_SEED_KEY) };
}

/**
 * `GET vendors`: a page of the vendors offered, searched by name, filtered by store (a store filter keeps
 * the all-stores vendors).
 */
export async function listVendors(db: Db, query: VendorListQuery, sandbox: boolean) {
  const { rows, total } = await repo.pageVendors(db, query, sandbox, SANDBOX_SEED_KEY);
  return { data: await viewsOf(db, rows), meta: pageMeta(total, query.page, query.limit) };
}

async function valuesOf(db: Db, body: VendorInput, policy: OutboundPolicy) {
  if (body.api_url) await requirePublicApi(body.api_url, policy);
  const country = body.country === null ? null : await countryOrFail(db, body.country.toUpperCase());
  return {
    store: body.store,
    name: body.vendor,
    country_id: country?.id ?? null,
    mature: body.mature,
    products: [...new Set(body.products)].sort((a, b) => a - b),
    share: body.share.toFixed(2),
    is_active: body.is_active,
    // Omitted: unchanged (the staff form does not send them); "" or null: none.
    ...(body.api_url !== undefined && { api_url: body.api_url || null }),
    ...(body.api_key !== undefined && { api_key: body.api_key || null }),
    protocol: body.protocol,
    ...(body.balance_threshold !== undefined && { balance_threshold: body.balance_threshold }),
  };
}

/** What the audit log keeps of a vendor (never its API key). */
const auditView = (row: VendorRow) => ({
  name: row.name,
  store: row.store,
  country_id: row.country_id,
  mature: row.mature,
  products: row.products,
  share: row.share,
  is_active: row.is_active,
  api_url: row.api_url,
  protocol: row.protocol,
  balance_threshold: row.balance_threshold,
});

/** The vendor locked for a change (404 when there is none). */
async function lockVendor(tx: Queryable, id: number): Promise<VendorRow> {
  const row = await repo.lockVendor(tx, id);
  if (!row) throw new NotFoundError();
  return row;
}

/** 422 on `api_url` unless it is a public http(s) address (checked again on every call). */
async function requirePublicApi(url: string, policy: OutboundPolicy) {
  try {
    await checkPublicUrl(url, policy);
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    throw ValidationError.field('api_url', CAMPAIGN_MESSAGES.vendorApiUrlNotPublic);
  }
}

/** `POST vendors`. */
export async function createVendor(db: Db, body: VendorInput, policy: OutboundPolicy) {
  const values = await valuesOf(db, body, policy);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertVendor(tx, values);
    await audit(tx, {
      action: 'vendors.create',
      target: { type: 'vendor', id: row.id },
      after: auditView(row),
    });
    return row.id;
  });
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}

/** `PUT vendors/{id}`: every field again (the form sends the whole vendor). */
export async function updateVendor(db: Db, id: number, body: VendorInput, policy: OutboundPolicy) {
  const values = await valuesOf(db, body, policy);
  await db.transaction(async (tx) => {
    const before = await lockVendor(tx, id);
    const row = await repo.updateVendor(tx, id, values);
    await audit(tx, {
      action: 'vendors.update',
      target: { type: 'vendor', id },
      before: auditView(before),
      after: auditView(row),
    });
  });
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}

/**
 * `DELETE vendors/{id}`: its campaigns lose their vendor (`vendor_id` null); a running one's HTTP order is
 * closed and the sandbox goes on delivering it where sandboxes are allowed.
 */
export async function deleteVendor(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const before = await lockVendor(tx, id);
    await repo.deleteVendor(tx, id);
    await audit(tx, { action: 'vendors.delete', target: { type: 'vendor', id }, before: auditView(before) });
  });
  return { message: CAMPAIGN_MESSAGES.vendorDeleted, count: 1 };
}

/** `PUT vendors/change-admin-vendors-activity`. */
export async function setVendorActive(db: Db, id: number, isActive: boolean) {
  await db.transaction(async (tx) => {
    const before = await lockVendor(tx, id);
    await repo.updateVendor(tx, id, { is_active: isActive });
    await audit(tx, {
      action: 'vendors.activity',
      target: { type: 'vendor', id },
      before: { is_active: before.is_active },
      after: { is_active: isActive },
    });
  });
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}

/** `PUT vendors/change-admin-country-vendors-activity`: the vendor's switch for one country. */
export async function setVendorCountryActive(db: Db, id: number, code: string, isActive: boolean) {
  const country = await countryOrFail(db, code.toUpperCase());
  await db.transaction(async (tx) => {
    await lockVendor(tx, id);
    const current = await repo.countrySwitch(tx, id, country.id);
    await repo.setCountrySwitch(tx, id, country.id, isActive);
    await repo.updateVendor(tx, id, {});
    await audit(tx, {
      action: 'vendors.country-activity',
      target: { type: 'vendor', id },
      // A country without a switch of its own is active.
      before: { country: country.code, is_active: current?.is_active ?? true },
      after: { country: country.code, is_active: isActive },
    });
  });
  return { data: await viewOf(db, id), message: CAMPAIGN_MESSAGES.vendorSaved };
}
