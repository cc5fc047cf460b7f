/**
 * The resellers' panel protocol ("API v2"), as reseller panels publish it: one POST endpoint,
 * `application/x-www-form-urlencoded`, every call with `key` and `action`. Storelift speaks it both ways: as a
 * client of a vendor's panel (`panel-client.ts`) and as a panel for its own customers (`POST /api/v2`). These are
 * the protocol's shapes after a sloppy answer has been read (numbers as strings, `{error}` with HTTP 200): money
 * stays a decimal string, never a float.
 */

export const PANEL_STATUSES = [
  'Pending',
  'In progress',
  'Processing',
  'Completed',
  'Partial',
  'Canceled',
] as const;
export type PanelStatus = (typeof PANEL_STATUSES)[number];

/** At most this many orders in one `status` call with `orders`. */
export const PANEL_STATUS_BATCH = 100;

/** One entry of `action=services`. */
export interface PanelService {
  service: string;
  name: string;
  type: string;
  category: string;
  /** Price per 1000, a decimal string in the panel's currency. */
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
}

/** `action=add`. */
export interface PanelAddRequest {
  service: string;
  link: string;
  quantity: number;
  /** Drip-feed: `runs` parts `interval` minutes apart. */
  runs?: number | undefined;
  interval?: number | undefined;
  /** Custom comments (review texts), sent one per line. */
  comments?: string[] | undefined;
  keywords?: string | undefined;
}

/** One order's `action=status`. */
export interface PanelOrderStatus {
  /** What the order cost us, a decimal string; null when the panel does not say. */
  charge: string | null;
  start_count: number | null;
  status: PanelStatus;
  remains: number;
  currency: string | null;
}

/** `action=status` with `orders`: per order id, its status or the panel's error for it. */
export type PanelStatusMap = Record<string, PanelOrderStatus | { error: string }>;

/** One entry of a call log: every call to a panel is recorded (vendor, action, latency, outcome). */
export interface PanelCall {
  action: string;
  latency_ms: number;
  outcome: 'ok' | 'refused' | 'unreachable';
  /** The panel's `{error}` text or why it was unreadable (never the key). */
  error?: string | undefined;
}

/**
 * A vendor's panel. A `{error}` answer (any HTTP status) rejects with `VendorRejectedError` carrying the panel's
 * text; a network error, timeout, 5xx or unreadable answer (an HTML error page) with `VendorUnreachableError`.
 */
export interface PanelClient {
  services(): Promise<PanelService[]>;
  add(request: PanelAddRequest): Promise<{ order: string }>;
  status(order: string): Promise<PanelOrderStatus>;
  /** Up to `PANEL_STATUS_BATCH` orders in one call. */
  statuses(orders: string[]): Promise<PanelStatusMap>;
  balance(): Promise<{ balance: string; currency: string }>;
  refill(order: string): Promise<{ refill: string }>;
  refillStatus(refill: string): Promise<{ status: string }>;
  /** Per order id: canceled, or the panel's error for it. */
  cancel(orders: string[]): Promise<Record<string, { ok: true } | { error: string }>>;
}
