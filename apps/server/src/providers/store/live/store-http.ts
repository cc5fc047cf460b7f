import { StoreError } from '../store-provider.js';
import type { RateLimiter } from './rate-limiter.js';

/** The fetch the live provider calls; tests pass one that serves recorded responses. */
export type FetchFn = (url: string, init?: RequestInit) => Promise<Response>;

/** Requests to one store: each waits for the store's rate limiter and gives up after a timeout. */
export class StoreHttp {
  constructor(
    private readonly fetchFn: FetchFn,
    private readonly limiter: RateLimiter,
    private readonly timeoutMs: number,
  ) {}

  /** The response, whatever its status; a network failure or timeout becomes a StoreError. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    await this.limiter.take();
    try {
      return await this.fetchFn(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new StoreError(`Store request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The body of a 2xx response as text; other statuses become a StoreError. */
  async text(url: string, init: RequestInit = {}): Promise<string> {
    const response = await this.request(url, init);
    if (!response.ok) throw new StoreError(`Store answered ${response.status} for ${url}`, response.status);
    return response.text();
  }

  /** The body of a 2xx response parsed as JSON. */
  async json(url: string, init: RequestInit = {}): Promise<unknown> {
    const text = await this.text(url, init);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new StoreError(`Store answered something other than JSON for ${url}`);
    }
  }
}
