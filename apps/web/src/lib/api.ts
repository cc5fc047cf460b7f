import { MESSAGES, type ErrorResponse } from '@storelift/shared';
import { currentLocale } from './i18n';
import { getToken } from './token';

/** A message's code and the values of its template, which the client translates (docs/contract.md). */
export interface ErrorCodeOf {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * A failed call: the HTTP status, the server's message and, for 422, messages per field; beside them the
 * message's code and values, and per field the same (`fieldCodes`, parallel to `errors`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly body: unknown;
  readonly code: string | undefined;
  readonly params: ErrorCodeOf['params'];
  readonly fieldCodes: Record<string, ErrorCodeOf[]> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string[]>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
    const coded = body as Pick<ErrorResponse, 'code' | 'params' | 'error_codes'> | undefined;
    this.code = typeof coded === 'object' ? coded?.code : undefined;
    this.params = typeof coded === 'object' ? coded?.params : undefined;
    this.fieldCodes = typeof coded === 'object' ? coded?.error_codes : undefined;
  }
}

export type ApiBase = 'private' | 'admin';
const BASES: Record<ApiBase, string> = { private: '/api/private/v1/', admin: '/api/admin/v1/' };

/** GET endpoints that may run several times at once (customer-area §7); every other GET supersedes the last. */
export const PARALLEL_GET_ENDPOINTS: readonly string[] = [
  'keywords/keywordRank',
  'keywords/chartRank',
  'keywords/chartRanksMany',
  'campaigns/cpi-ad-assets',
];

export type AuthFailure = 'unauthenticated' | 'unverified';
let authFailureHandler: (reason: AuthFailure) => void = () => {};

/** Registers what a 401, or a 403 "Email verify failed", does to the session (wired in main.tsx). */
export function setAuthFailureHandler(handler: (reason: AuthFailure) => void): void {
  authFailureHandler = handler;
}

let maintenanceHandler: () => void = () => {};

/** Registers what a 503 (maintenance, customer-area §8) does: the app shows its /503 page (main.tsx). */
export function setMaintenanceHandler(handler: () => void): void {
  maintenanceHandler = handler;
}

const latestGet = new Map<string, AbortController>();
const pending = new Set<AbortController>();

/** Aborts every request in flight (on logout). */
export function abortAllRequests(): void {
  for (const controller of pending) controller.abort(new DOMException('Session ended', 'AbortError'));
  pending.clear();
  latestGet.clear();
  early.clear();
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  base?: ApiBase;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The caller's signal (TanStack Query passes one); aborting it aborts the request. */
  signal?: AbortSignal;
  /**
   * When false, a 401 or unverified 403 is only thrown, not turned into a logout and a redirect:
   * the route guard uses it for `me`, where it redirects by itself.
   */
  handleAuthFailure?: boolean;
  /** Answer the body as a file (a CSV export) instead of parsing JSON. */
  asFile?: boolean;
}

function buildUrl(path: string, base: ApiBase, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${BASES[base]}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/** Links an outer signal to our controller (AbortSignal.any is missing in some test DOMs). */
function follow(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(status: number, body: unknown): Promise<ApiError> {
  const parsed = await import('./contracts').then(
    ({ errorResponseSchema }) => errorResponseSchema.safeParse(body),
    () => ({ success: false as const }),
  );
  if (parsed.success) return new ApiError(status, parsed.data.message, parsed.data.errors, body);
  return new ApiError(
    status,
    status === 503 ? MESSAGES.maintenance : MESSAGES.somethingWrong,
    undefined,
    body,
  );
}

/** True when the error is the abort of a superseded or cancelled request, which callers ignore. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The method, headers and body of a call as fetch takes them. */
function requestInit(method: string, body: unknown): RequestInit & { headers: Record<string, string> } {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server sends reference texts (payment systems, plans) in the interface language; the queries of
  // those answers carry the same currentLocale() in their keys.
  headers['Accept-Language'] = currentLocale();
  // A FormData body (a file upload) sets its own multipart type with the boundary; a file (an invoice PDF) is
  // sent as the body itself, with its own type; anything else as JSON.
  const form = body instanceof FormData ? body : undefined;
  const file = body instanceof Blob ? body : undefined;
  if (body !== undefined && !form)
    headers['Content-Type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  return {
    method,
    headers,
    body: form ?? file ?? (body === undefined ? undefined : JSON.stringify(body)),
    credentials: 'include',
  };
}

/**
 * Calls started before the code that reads them has loaded: with a stored session the entry starts the user
 * check and the page's first queries at once (main.tsx), rather than after the layout's and the page's chunks.
 * Keyed by everything that shapes the answer; the first `apiRequest` of the same call takes the answer.
 */
const early = new Map<string, { response?: Promise<Response> }>();
/** An early call nobody took by then is forgotten (and a new one may start). */
const EARLY_MS = 10_000;

function earlyKey(url: string, init: ReturnType<typeof requestInit>): string | undefined {
  if (typeof init.body !== 'string' && init.body !== undefined) return undefined;
  const { Authorization = '', 'Accept-Language': language } = init.headers;
  return [init.method, url, Authorization, language, init.body ?? ''].join(' ');
}

/** Starts a JSON call now, for the first `apiRequest` of the same call to take (see `early`); once per call. */
export function startEarly(
  path: string,
  options: Pick<RequestOptions, 'method' | 'base' | 'query' | 'body'> = {},
) {
  const url = buildUrl(path, options.base ?? 'private', options.query);
  const init = requestInit(options.method ?? 'GET', options.body);
  const key = earlyKey(url, init);
  if (key === undefined || early.has(key)) return;
  const response = fetch(url, init);
  // An unanswered call is not an unhandled rejection: whoever takes it sees the failure.
  response.catch(() => {});
  early.set(key, { response });
  setTimeout(() => early.delete(key), EARLY_MS);
}

/** The answer of an early call of the same key, once; it ends with the taker's signal. */
function takeEarly(key: string | undefined, signal: AbortSignal): Promise<Response> | undefined {
  const started = key === undefined ? undefined : early.get(key);
  const response = started?.response;
  if (!started || !response) return undefined;
  started.response = undefined;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Calls the API and answers its JSON as sent; throws ApiError on failure. `T` is the answer's type from the
 * shared contracts: the server checks every answer against that schema before sending it, so it is not parsed
 * again here (that would put zod and the answer schemas into every page's code).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const base = options.base ?? 'private';
  const url = buildUrl(path, base, options.query);
  const controller = new AbortController();
  const unfollow = follow(options.signal, controller);

  const endpoint = `${base}:${path.replace(/^\/+/, '')}`;
  const supersedes = method === 'GET' && !PARALLEL_GET_ENDPOINTS.includes(path.replace(/^\/+/, ''));
  if (supersedes) {
    latestGet.get(endpoint)?.abort(new DOMException('Superseded by a newer request', 'AbortError'));
    latestGet.set(endpoint, controller);
  }
  pending.add(controller);

  const init = requestInit(method, options.body);
  try {
    let response: Response;
    try {
      response = await (takeEarly(earlyKey(url, init), controller.signal) ??
        fetch(url, { ...init, signal: controller.signal }));
    } catch (error) {
      if (controller.signal.aborted) {
        throw controller.signal.reason instanceof DOMException
          ? controller.signal.reason
          : new DOMException('Aborted', 'AbortError');
      }
      throw new ApiError(0, MESSAGES.somethingWrong, undefined, error);
    }
    const body = options.asFile && response.ok ? await response.blob() : await readBody(response);
    if (!response.ok) {
      const error = await toApiError(response.status, body);
      if (response.status === 503) maintenanceHandler();
      if (options.handleAuthFailure !== false) {
        if (response.status === 401) authFailureHandler('unauthenticated');
        else if (response.status === 403 && isUnverified(error)) authFailureHandler('unverified');
      }
      throw error;
    }
    return body as T;
  } finally {
    unfollow();
    pending.delete(controller);
    if (supersedes && latestGet.get(endpoint) === controller) latestGet.delete(endpoint);
  }
}

/** The 403 that means "e-mail not verified" (customer-area §8). */
export function isUnverified(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.body as { status?: unknown } | undefined;
  return body?.status === 'Email verify failed';
}

/** Shorthands for the common verbs; `T` is the answer's type (a type of the shared contracts). */
export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** GET of a file (a CSV export) with the session's token: the body as a Blob. */
  file: (path: string, options: Omit<RequestOptions, 'method' | 'body' | 'asFile'> = {}) =>
    apiRequest<Blob>(path, { ...options, method: 'GET', asFile: true }),
};

/** Hands a downloaded file to the browser under the given name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
