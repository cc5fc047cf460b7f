import { z } from 'zod';
import {
  PUBLIC_ONLY,
  UnsafeUrlError,
  publicRequest,
  type OutboundAnswer,
  type OutboundPolicy,
} from '../../lib/public-url.js';
import {
  VendorRejectedError,
  VendorUnreachableError,
  type VendorControl,
  type VendorOrder,
  type VendorProvider,
  type VendorReport,
} from './vendor-provider.js';

/** How long one call to a vendor's API may take. */
export const VENDOR_TIMEOUT_MS = 10_000;

export interface HttpVendorOptions {
  /** The vendor's API base URL (`api_url`). */
  url: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | null | undefined;
  timeoutMs?: number;
  /** Which addresses may be called (tests only; default public only). */
  policy?: OutboundPolicy | undefined;
}

const placedSchema = z.object({ ref: z.union([z.string().min(1).max(200), z.number()]).optional() });

const reportSchema = z.object({
  state: z.enum(['running', 'paused', 'completed', 'failed']),
  reason: z.string().max(500).optional(),
  orders: z
    .array(
      z.object({
        id: z.number().int(),
        days: z.array(z.object({ day: z.number().int(), installs_actual: z.number().int().min(0) })),
      }),
    )
    .default([]),
});

/**
 * A vendor's HTTP API (README.md, protocol): `POST /orders`, `GET /orders/{ref}`,
 * `POST /orders/{ref}/{pause|resume|cancel}`, JSON both ways, to a public address only (checked on each call,
 * redirects not followed). A 4xx answer or a refused address is a refusal (`VendorRejectedError`); a network
 * error, timeout, 5xx or unreadable answer is `VendorUnreachableError`. Errors name the status, never the
 * remote body.
 */
export class HttpVendor implements VendorProvider {
  private readonly base: string;

  constructor(private readonly options: HttpVendorOptions) {
    this.base = options.url.replace(/\/+$/, '');
  }

  async place(order: VendorOrder) {
    const answer = placedSchema.safeParse(await this.call('POST', '/orders', order));
    if (!answer.success) throw new VendorUnreachableError('The vendor answered the order unreadably');
    return { ref: String(answer.data.ref ?? order.id) };
  }

  async progress(ref: string): Promise<VendorReport> {
    const answer = reportSchema.safeParse(await this.call('GET', `/orders/${encodeURIComponent(ref)}`));
    if (!answer.success) throw new VendorUnreachableError('The vendor answered the progress unreadably');
    return answer.data;
  }

  async control(ref: string, action: VendorControl) {
    await this.call('POST', `/orders/${encodeURIComponent(ref)}/${action}`, {});
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    let res: OutboundAnswer;
    try {
      res = await publicRequest(`${this.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body && { 'content-type': 'application/json' }),
          ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
        },
        ...(body && { body: JSON.stringify(body) }),
        timeoutMs: this.options.timeoutMs ?? VENDOR_TIMEOUT_MS,
        policy: this.options.policy ?? PUBLIC_ONLY,
      });
    } catch (error) {
      // Our own wording only: what the remote end says never reaches the campaign's history.
      if (error instanceof UnsafeUrlError)
        throw new VendorRejectedError(`The vendor's API address is refused: ${error.message}`);
      throw new VendorUnreachableError('The vendor is unreachable (no answer)');
    }
    if (res.status >= 400 && res.status < 500)
      throw new VendorRejectedError(`The vendor refused the request (HTTP ${res.status})`);
    if (res.status < 200 || res.status >= 300)
      throw new VendorUnreachableError(`The vendor answered HTTP ${res.status}`);
    try {
      return res.body ? JSON.parse(res.body) : {};
    } catch {
      throw new VendorUnreachableError('The vendor answered something other than JSON');
    }
  }
}
