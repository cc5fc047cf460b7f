import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, PAYMENT_SYSTEMS } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from './build-test-app.js';
import { ControllableStore, makeUser } from './factories.js';
import { logger } from '../src/lib/logger.js';
import { SandboxProvider } from '../src/providers/payments/sandbox/sandbox-provider.js';

/*
 * A store or payment provider that fails is logged with what was asked and answered as unavailable; a bug
 * of ours behind the same call (a TypeError) is not passed off as the provider's: it stays a 500.
 */

/** The controllable store, whose search can also hit a bug of ours. */
class BuggyStore extends ControllableStore {
  buggy = false;
  override async search(...args: Parameters<ControllableStore['search']>) {
    if (this.buggy) throw new TypeError("Cannot read properties of undefined (reading 'title')");
    return super.search(...args);
  }
}

const store = new BuggyStore();
let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ workers: false, storeProvider: store });
  auth = (await makeUser(t.deps.db)).auth;
});
afterAll(() => t.close());
afterEach(() => {
  store.failing = false;
  store.buggy = false;
});

describe('store failures', () => {
  it('logs a store outage with its context and answers "store unavailable"', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    store.failing = true;
    const res = await t.call('GET', 'apps/search?appstore=1&country=US&keyword=fitness', auth);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).keyword).toEqual([MESSAGES.storeUnavailable]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ call: 'search', keyword: 'fitness', country: 'US', err: expect.any(Error) }),
      expect.any(String),
    );

    const suggests = await t.call('GET', 'keywords/suggests?keyword=fit&appstore=1&country=US', auth);
    expect(suggests.json()).toEqual({ data: [], message: MESSAGES.keywordsLoadFailed });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ call: 'suggest', keyword: 'fit' }),
      expect.any(String),
    );
  });

  it('does not pass a bug of ours off as the store being down', async () => {
    store.buggy = true;
    const res = await t.call('GET', 'apps/search?appstore=1&country=US&keyword=fitness', auth);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MESSAGES.somethingWrong, code: 'somethingWrong' });
  });
});

describe('payment provider failures', () => {
  const checkout = () => t.call('POST', 'checkout', auth, { amount: 50, paysystem_id: PAYMENT_SYSTEMS.card });

  it('logs a provider failure with the payment and answers "payment system unavailable"', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    vi.spyOn(SandboxProvider.prototype, 'createCheckout').mockRejectedValue(
      new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }),
    );
    const res = await checkout();
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).paysystem_id).toEqual([MESSAGES.paysystemUnavailable]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ call: 'createCheckout', provider: 'sandbox', paymentId: expect.any(Number) }),
      expect.any(String),
    );
  });

  it('does not pass a bug of ours off as the provider being down', async () => {
    vi.spyOn(SandboxProvider.prototype, 'createCheckout').mockRejectedValue(
      new TypeError("Cannot read properties of undefined (reading 'url')"),
    );
    expect((await checkout()).statusCode).toBe(500);
  });
});
