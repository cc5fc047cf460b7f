/**
 * The vendor port (docs/architecture.md, Providers): a vendor takes a campaign's order, reports how far it has
 * delivered, and is told to pause, resume or cancel. Two implementations: the embedded sandbox
 * (`sandbox-vendor.ts`) and a vendor's HTTP API (`http-vendor.ts`). Protocol and rules: README.md.
 */

/** One day of an order's plan: what is planned and what is delivered already (by any vendor). */
export interface VendorOrderDay {
  day: number;
  installs_total: number;
  installs_actual: number;
}

/** What a vendor receives when a campaign is placed with it. */
export interface VendorOrder {
  /** Our reference of this placement; the vendor's idempotency key (placing it twice is one order). */
  id: string;
  campaign_id: number;
  /** 1 Google Play, 2 App Store. */
  store: number;
  package: string;
  /** ISO country code. */
  country: string;
  product_type: number;
  /** When the campaign started (ISO 8601): day d runs from `started_at` + (d − 1) days for one day. */
  started_at: string;
  days: number;
  /** 0 spread over the day, 1 instant (within the day's first hour). */
  delivery_type: number;
  keywords: string[];
  orders: { id: number; type: number; keyword: string | null; sequence: VendorOrderDay[] }[];
}

export type VendorState = 'running' | 'paused' | 'completed' | 'failed';

/** A vendor's report: the installs delivered per order day so far (counts of the whole day, never less). */
export interface VendorReport {
  state: VendorState;
  /** Why it failed, when it did. */
  reason?: string | undefined;
  orders: { id: number; days: { day: number; installs_actual: number }[] }[];
}

export type VendorControl = 'pause' | 'resume' | 'cancel';

/** The vendor refused (an HTTP 4xx, or a `failed` answer): the campaign fails. */
export class VendorRejectedError extends Error {
  override name = 'VendorRejectedError';
}

/** The vendor could not be reached (network, timeout, 5xx, unreadable answer): tried again on the next tick. */
export class VendorUnreachableError extends Error {
  override name = 'VendorUnreachableError';
}

/** How long a vendor may stay unreachable before its campaign fails. */
export const VENDOR_UNREACHABLE_LIMIT_MS = 60 * 60_000;

export interface VendorProvider {
  /** Places the order; answers the vendor's reference of it. */
  place(order: VendorOrder): Promise<{ ref: string }>;
  /** The vendor's report on an order it took. */
  progress(ref: string): Promise<VendorReport>;
  /** Pauses, resumes or cancels an order it took. */
  control(ref: string, action: VendorControl): Promise<void>;
}
