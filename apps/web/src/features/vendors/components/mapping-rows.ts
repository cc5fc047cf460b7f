import {
  MONEY_SCALE,
  PRODUCT_TYPES,
  type Money,
  type VendorMapping,
  type VendorMappingsBody,
  type VendorService,
} from '@storelift/shared';
import type { ApiError } from '../../../lib/api';
import { fieldErrorTexts } from '../../../lib/messages';
import { vendorAmount } from '../../../lib/vendor-money';

/** The products a panel vendor delivers (a CPI campaign runs on an ad network, not a vendor). */
export const MAPPABLE_PRODUCTS = Object.values(PRODUCT_TYPES).filter(
  (type) => type !== PRODUCT_TYPES.undefined && type !== PRODUCT_TYPES.cpi,
);

/** One row of the mapping editor; the fields carry the body's names, so the server's field errors find them. */
export interface MappingRow {
  /** Stable while editing (React key); a saved row's is its id. */
  key: string;
  /** The saved mapping this row started from; null for a row added here. */
  saved: VendorMapping | null;
  /** '' until picked. */
  product_type: string;
  store: '1' | '2';
  /** Country code; '' = any country. */
  country: string;
  /** The vendor's service id; '' until picked. */
  service: string;
  is_active: boolean;
}

/** The saved mappings as editor rows. */
export function mappingRows(mappings: readonly VendorMapping[]): MappingRow[] {
  return mappings.map((mapping) => ({
    key: `saved-${mapping.id}`,
    saved: mapping,
    product_type: String(mapping.product_type),
    store: mapping.store === 2 ? '2' : '1',
    country: mapping.country?.toUpperCase() ?? '',
    service: mapping.service,
    is_active: mapping.is_active,
  }));
}

let added = 0;

/** A new row: Google Play, any country, active, nothing picked yet. */
export function newMappingRow(): MappingRow {
  added += 1;
  return {
    key: `new-${added}`,
    saved: null,
    product_type: '',
    store: '1',
    country: '',
    service: '',
    is_active: true,
  };
}

/** The body of `PUT vendors/{id}/mappings`, row for row (a 422's `items.{n}` is the row at n). */
export function mappingsBody(rows: readonly MappingRow[]): VendorMappingsBody {
  return {
    items: rows.map((row) => ({
      // An empty product stays invalid (NaN) for the server to name, rather than a default.
      product_type: row.product_type === '' ? Number.NaN : Number(row.product_type),
      store: Number(row.store) as 1 | 2,
      country: row.country === '' ? null : row.country,
      service: row.service,
      is_active: row.is_active,
    })),
  };
}

const FIELDS = ['product_type', 'store', 'country', 'service', 'is_active'] as const;
export type MappingField = (typeof FIELDS)[number];
/** Field messages by row key. */
export type RowErrors = Record<string, Partial<Record<MappingField, string>>>;

/**
 * A 422's field messages by row (`items.{n}.{field}` is the row at n, in the interface language); the rest (the
 * list's own, such as too many rows) for the error modal.
 */
export function rowErrorsOf(
  error: ApiError,
  rows: readonly MappingRow[],
): { byRow: RowErrors; other: string[] } {
  const byRow: RowErrors = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrorTexts(error))) {
    const match = /^items\.(\d+)\.(\w+)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    const field = FIELDS.find((name) => name === match?.[2]);
    if (row && field) byRow[row.key] = { ...byRow[row.key], [field]: messages[0] };
    else other.push(...messages);
  }
  return { byRow, other };
}

/** What the editor finds wrong before sending: a field left unpicked, or a row repeating an earlier row's target. */
export type RowProblem = 'pickProduct' | 'pickService' | 'duplicate';

/**
 * The rows' problems the editor can tell without the server, by row key and field: no product or no service picked,
 * or the product, store and country of an earlier row (only one mapping may exist for each).
 */
export function rowProblems(
  rows: readonly MappingRow[],
): Record<string, Partial<Record<MappingField, RowProblem>>> {
  const problems: Record<string, Partial<Record<MappingField, RowProblem>>> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const found: Partial<Record<MappingField, RowProblem>> = {};
    if (row.product_type === '') found.product_type = 'pickProduct';
    if (row.service === '') found.service = 'pickService';
    const target = `${row.product_type}|${row.store}|${row.country}`;
    if (row.product_type !== '' && seen.has(target)) found.country = 'duplicate';
    seen.add(target);
    if (Object.keys(found).length) problems[row.key] = found;
  }
  return problems;
}

/** What is shown beside a row: the picked service's name, rate, min and max, and our price per 1000. */
export interface RowFigures {
  name: string | null;
  rate: string | null;
  min: number | null;
  max: number | null;
  ourPrice: string | null;
}

/**
 * The figures beside a row: the service's from the loaded list (else as the saved mapping had them); our price is
 * the server's for the saved target, so it shows once a changed product, store or country is saved.
 */
export function rowFigures(row: MappingRow, services: readonly VendorService[]): RowFigures {
  const service = services.find((entry) => entry.service === row.service);
  const saved = row.saved;
  const sameService = saved !== null && saved.service === row.service;
  const sameTarget =
    saved !== null &&
    String(saved.product_type) === row.product_type &&
    String(saved.store) === row.store &&
    (saved.country?.toUpperCase() ?? '') === row.country;
  return {
    name: service?.name ?? (sameService ? saved.service_name : null),
    rate: service?.rate ?? (sameService ? saved.rate : null),
    min: service?.min ?? (sameService ? saved.min : null),
    max: service?.max ?? (sameService ? saved.max : null),
    ourPrice: sameTarget ? saved.our_price : null,
  };
}

/**
 * Our margin per 1000 on a row: our price − the vendor's rate, and that as a percent of our price (two places).
 * Null when either is unknown, or when the vendor quotes in a currency other than ours (USD).
 */
export function marginOf(
  ourPrice: string | null,
  rate: string | null,
  currency: string | null,
): { amount: Money; percent: Money | null } | null {
  const price = vendorAmount(ourPrice);
  const cost = vendorAmount(rate);
  if (price === null || cost === null || (currency !== null && currency.toUpperCase() !== 'USD')) return null;
  const amount = price - cost;
  if (price === 0n) return { amount, percent: null };
  // percent (Money-scaled, rounded half away from zero to 2 places) = amount × 100 / price.
  const hundredths = (amount < 0n ? -amount : amount) * 100n * 100n;
  const rounded = ((hundredths * 2n) / price + 1n) / 2n;
  const percent = rounded * (MONEY_SCALE / 100n);
  return { amount, percent: amount < 0n ? -percent : percent };
}
