import { Readable } from 'node:stream';
import type { StoreHttp } from './store-http.js';

/** The part of got's request options the hook reads. */
interface GotRequest {
  url: URL;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
}

// Headers fetch sets itself, or that would make got decode a body fetch has already decoded.
const DROPPED_REQUEST = new Set(['accept-encoding', 'content-length', 'host', 'connection']);
const DROPPED_RESPONSE = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie']);

/**
 * got `requestOptions` for google-play-scraper that send its requests through our fetch, so Google Play
 * shares the live provider's rate limit, timeout and (in tests) recorded responses. got's documented
 * way to do this: a `beforeRequest` hook that returns a response-like stream short-circuits the request.
 */
export function gotRequestOptions(http: StoreHttp) {
  const viaFetch = async (request: GotRequest) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !DROPPED_REQUEST.has(name.toLowerCase())) {
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
    }
    const response = await http.request(request.url.toString(), {
      method: request.method,
      headers,
      body: typeof request.body === 'string' ? request.body : undefined,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const responseHeaders: Record<string, string | string[]> = { 'content-length': String(body.length) };
    response.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE.has(name)) responseHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) responseHeaders['set-cookie'] = cookies;
    return Object.assign(Readable.from([body], { objectMode: false }), {
      statusCode: response.status,
      statusMessage: response.statusText,
      headers: responseHeaders,
      url: request.url.toString(),
    });
  };
  // got retries on its own otherwise; our limiter already paces the calls and errors surface as is.
  return { retry: { limit: 0 }, hooks: { beforeRequest: [viaFetch] } };
}
