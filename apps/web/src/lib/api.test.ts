import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  abortAllRequests,
  ApiError,
  api,
  isAbortError,
  setAuthFailureHandler,
  setMaintenanceHandler,
  startEarly,
} from './api';
import { setToken } from './token';

interface Call {
  url: string;
  init: RequestInit;
  respond: (status: number, body?: unknown) => void;
}

let calls: Call[] = [];

/** A fetch that answers only when the test says so, and rejects like a browser when aborted. */
function controllableFetch() {
  return vi.fn((url: string, init: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      calls.push({
        url,
        init,
        respond: (status, body) =>
          resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })),
      });
    });
  });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', controllableFetch());
});

afterEach(() => {
  abortAllRequests();
  setAuthFailureHandler(() => {});
  setMaintenanceHandler(() => {});
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('aborts an earlier GET to the same endpoint when a new one starts', async () => {
    const first = api.get('users', { base: 'admin', query: { page: 1 } });
    const second = api.get('users', { base: 'admin', query: { page: 2 } });
    await expect(first).rejects.toSatisfy(isAbortError);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    calls[1]?.respond(200, { page: 2 });
    await expect(second).resolves.toEqual({ page: 2 });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/v1/users?page=1',
      '/api/admin/v1/users?page=2',
    ]);
  });

  it('keeps GETs to different endpoints, and to the same path of another base, running', async () => {
    const countries = api.get('country');
    const languages = api.get('languages');
    const adminCountry = api.get('country', { base: 'admin' });
    calls.forEach((call, index) => call.respond(200, { index }));
    await expect(countries).resolves.toEqual({ index: 0 });
    await expect(languages).resolves.toEqual({ index: 1 });
    await expect(adminCountry).resolves.toEqual({ index: 2 });
  });

  it.each([
    'keywords/keywordRank',
    'keywords/chartRank',
    'keywords/chartRanksMany',
    'campaigns/cpi-ad-assets',
  ])('lets repeated GETs of %s run in parallel', async (path) => {
    const first = api.get(path, { query: { id: 1 } });
    const second = api.get(path, { query: { id: 2 } });
    calls[0]?.respond(200, 'a');
    calls[1]?.respond(200, 'b');
    await expect(first).resolves.toBe('a');
    await expect(second).resolves.toBe('b');
  });

  it('never aborts POSTs', async () => {
    const first = api.post('me', undefined);
    const second = api.post('me', undefined);
    calls[0]?.respond(200, 1);
    calls[1]?.respond(200, 2);
    await expect(first).resolves.toBe(1);
    await expect(second).resolves.toBe(2);
  });

  it('aborts when the caller signal (TanStack Query) aborts', async () => {
    const controller = new AbortController();
    const request = api.get('constants', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toSatisfy(isAbortError);
  });

  it('sends the bearer token, JSON and the query without empty values', async () => {
    setToken('secret');
    const request = api.post(
      'login',
      { email: 'a@b.test' },
      {
        query: { a: 1, b: '', c: undefined },
      },
    );
    const call = calls[0]!;
    call.respond(200, {});
    await request;
    const headers = call.init.headers as Record<string, string>;
    expect(call.url).toBe('/api/private/v1/login?a=1');
    expect(headers.Authorization).toBe('Bearer secret');
    expect(headers['Content-Type']).toBe('application/json');
    expect(call.init.body).toBe('{"email":"a@b.test"}');
  });

  it('throws ApiError with status, message and field errors', async () => {
    const request = api.post('register', {});
    calls[0]?.respond(422, { message: 'Data is not valid', errors: { email: ['E-mail is not valid'] } });
    const error = await request.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Data is not valid',
      errors: { email: ['E-mail is not valid'] },
    });
  });

  it('turns a 401 into a session end and a 403 "Email verify failed" into a logout', async () => {
    const handler = vi.fn();
    setAuthFailureHandler(handler);
    const unauthenticated = api.get('constants');
    calls[0]?.respond(401, { message: 'Unauthenticated' });
    await expect(unauthenticated).rejects.toMatchObject({ status: 401 });
    const unverified = api.get('languages');
    calls[1]?.respond(403, { status: 'Email verify failed', message: 'Your account is not activated.' });
    await expect(unverified).rejects.toMatchObject({ status: 403 });
    const forbidden = api.get('country');
    calls[2]?.respond(403, { message: 'You are not allowed to do this' });
    await expect(forbidden).rejects.toMatchObject({ status: 403 });
    expect(handler.mock.calls).toEqual([['unauthenticated'], ['unverified']]);
  });

  it('leaves auth failures to the caller when asked', async () => {
    const handler = vi.fn();
    setAuthFailureHandler(handler);
    const me = api.post('me', undefined, { handleAuthFailure: false });
    calls[0]?.respond(401, { message: 'Unauthenticated' });
    await expect(me).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a 503 anywhere into the maintenance page, sign-in and the session check included', async () => {
    const handler = vi.fn();
    setMaintenanceHandler(handler);
    const login = api.post('login', {});
    calls[0]?.respond(503, { message: 'Maintenance is in progress' });
    await expect(login).rejects.toMatchObject({ status: 503, message: 'Maintenance is in progress' });
    const me = api.post('me', undefined, { handleAuthFailure: false });
    calls[1]?.respond(503, { message: 'Maintenance is in progress' });
    await expect(me).rejects.toMatchObject({ status: 503 });
    const failing = api.get('constants');
    calls[2]?.respond(500, { message: 'Something went wrong, please try again later' });
    await expect(failing).rejects.toMatchObject({ status: 500 });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('answers the JSON body exactly as the server sent it', async () => {
    // The server checked it against the shared contract already; the client does not parse it again.
    const sent = { data: [{ id: 1, title: ' kept as sent ', extra: null }], meta: { total: 1 } };
    const request = api.get('campaigns');
    calls[0]?.respond(200, sent);
    await expect(request).resolves.toStrictEqual(sent);
  });

  it('abortAllRequests aborts everything in flight', async () => {
    const a = api.get('constants');
    const b = api.post('logout', undefined);
    abortAllRequests();
    await expect(a).rejects.toSatisfy(isAbortError);
    await expect(b).rejects.toSatisfy(isAbortError);
  });

  describe('early calls', () => {
    it('hands an early call to the first request of the same call, once, and asks again after that', async () => {
      setToken('secret');
      startEarly('campaigns', { query: { status: 'all', page: 1 } });
      startEarly('campaigns', { query: { status: 'all', page: 1 } });
      startEarly('me', { method: 'POST' });
      expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
        'GET /api/private/v1/campaigns?status=all&page=1',
        'POST /api/private/v1/me',
      ]);
      calls[0]?.respond(200, { rows: 10 });
      calls[1]?.respond(200, { user: 1 });
      await expect(api.get('campaigns', { query: { status: 'all', page: 1 } })).resolves.toEqual({
        rows: 10,
      });
      await expect(api.post('me', undefined)).resolves.toEqual({ user: 1 });
      expect(calls).toHaveLength(2);
      const again = api.get('campaigns', { query: { status: 'all', page: 1 } });
      expect(calls).toHaveLength(3);
      calls[2]?.respond(200, { rows: 9 });
      await expect(again).resolves.toEqual({ rows: 9 });
    });

    it('is not taken by another query, body or token', async () => {
      setToken('first');
      startEarly('campaigns', { query: { page: 1 } });
      startEarly('campaigns/get-filters', { method: 'POST', body: {} });
      calls.forEach((call) => call.respond(200, 'early'));
      const ownCall = async (request: Promise<unknown>) => {
        calls.at(-1)?.respond(200, 'own');
        return request;
      };
      await expect(ownCall(api.get('campaigns', { query: { page: 2 } }))).resolves.toBe('own');
      await expect(ownCall(api.post('campaigns/get-filters', { a: 1 }))).resolves.toBe('own');
      setToken('second');
      await expect(ownCall(api.get('campaigns', { query: { page: 1 } }))).resolves.toBe('own');
      expect((calls.at(-1)?.init.headers as Record<string, string>).Authorization).toBe('Bearer second');
      expect(calls).toHaveLength(5);
    });

    it('gives the taker the failure, or its own abort', async () => {
      startEarly('constants');
      startEarly('languages');
      const failing = api.get('constants');
      calls[0]?.respond(422, { message: 'Data is not valid' });
      await expect(failing).rejects.toMatchObject({ status: 422, message: 'Data is not valid' });
      const controller = new AbortController();
      const aborted = api.get('languages', { signal: controller.signal });
      controller.abort();
      await expect(aborted).rejects.toSatisfy(isAbortError);
    });
  });
});
