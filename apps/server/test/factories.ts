import { and, eq } from 'drizzle-orm';
import {
  APP_STORES,
  PAYMENT_SYSTEMS,
  formatMoney,
  parseMoney,
  type App,
  type AppStore,
  type BonusTier,
  type Role,
} from '@storelift/shared';
import type { Db } from '../src/db/client.js';
import { countries, keywords, marketingActions, users } from '../src/db/schema/index.js';
import type { Deps } from '../src/deps.js';
import { addApp } from '../src/modules/apps/apps.service.js';
import { insertKeywords } from '../src/modules/keywords/keywords.repo.js';
import { DEMO_APPS } from '../src/providers/store/offline/demo-apps.js';
import { OfflineStoreProvider } from '../src/providers/store/offline/offline-store-provider.js';
import { StoreError, type StoreProvider } from '../src/providers/store/store-provider.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createSession } from '../src/modules/sessions/sessions.repo.js';
import { grantRoles } from '../src/modules/users/users.repo.js';
import { creditLocked } from '../src/modules/billing/payment-events.js';
import { insertPayment } from '../src/modules/billing/payments.repo.js';

export const PASSWORD = 'Secret123!';
let sequence = 0;
const passwordHash = hashPassword(PASSWORD);

/** A verified user with the given roles (default `user`) and a signed-in token. */
export async function makeUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { roles?: Role[] } = {},
) {
  const { roles = ['user'], ...values } = overrides;
  sequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${sequence}-${Date.now()}@example.com`,
      password_hash: await passwordHash,
      nickname: `user${sequence}x${Date.now() % 100000}`,
      full_name: 'Test User',
      business_type: 'developer',
      country: 'US',
      phone: '15550100',
      email_verified_at: new Date(),
      ...values,
    })
    .returning();
  await grantRoles(db, user!.id, roles);
  const token = await createSession(db, user!.id);
  return { user: user!, token, auth: { authorization: `Bearer ${token}` } };
}

export async function reloadUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A valid sign-up body; override fields to test each rule. */
export function registerBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `new${sequence}-${Date.now()}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    nickname: `newbie${sequence}x${Date.now() % 100000}`,
    full_name: 'New Customer',
    business_type: 'developer',
    country: 'ua',
    phone: '380501112233',
    terms: true,
    adult: true,
    ...overrides,
  };
}

/** A store provider over the offline catalog whose answers a test can change: fail, or remove an app. */
export class ControllableStore implements StoreProvider {
  readonly name = 'offline' as const;
  private readonly offline = new OfflineStoreProvider();
  /** Every call throws a StoreError while set. */
  failing = false;
  /** Packages that lookups answer as removed from the store. */
  readonly removed = new Set<string>();
  /** Whether it reads reviews as the offline catalog does; false plays a store that cannot (no simulation). */
  canCheckReviews = true;

  private check() {
    if (this.failing) throw new StoreError('store down (test)', 503);
  }
  async lookup(appstore: AppStore, packageId: string, country: string) {
    this.check();
    const app = await this.offline.lookup(appstore, packageId, country);
    return app && this.removed.has(packageId) ? { ...app, banned: true } : app;
  }
  async search(...args: Parameters<StoreProvider['search']>) {
    this.check();
    return this.offline.search(...args);
  }
  async suggest(...args: Parameters<StoreProvider['suggest']>) {
    this.check();
    return this.offline.suggest(...args);
  }
  async recommendedKeywords(...args: Parameters<StoreProvider['recommendedKeywords']>) {
    this.check();
    return this.offline.recommendedKeywords(...args);
  }
  async keywordStats(...args: Parameters<StoreProvider['keywordStats']>) {
    this.check();
    return this.offline.keywordStats(...args);
  }
  async recentReviews(...args: Parameters<StoreProvider['recentReviews']>) {
    this.check();
    return this.offline.recentReviews(...args);
  }
}

/** An app the user tracks, added through the service (default: the offline fitness app on Google Play, US). */
export async function makeApp(
  deps: Deps,
  userId: number,
  overrides: Partial<{ appstore: AppStore; package: string; country: string }> = {},
): Promise<App> {
  const body = {
    appstore: APP_STORES.GOOGLE_PLAY as AppStore,
    package: DEMO_APPS.googlePlay.fitness as string,
    country: 'US',
    ...overrides,
  };
  return (await addApp(deps, userId, body)).data;
}

/** Keywords of an app in a country (default its main one) as rows, not checked yet (no store calls). */
export async function makeKeywords(deps: Deps, app: App, texts: string[], country = app.country.code) {
  const [countryRow] = await deps.db.select().from(countries).where(eq(countries.code, country));
  await insertKeywords(
    deps.db,
    texts.map((keyword) => ({ app_id: app.id, country_id: countryRow!.id, keyword })),
  );
  const rows = await deps.db
    .select()
    .from(keywords)
    .where(and(eq(keywords.app_id, app.id), eq(keywords.country_id, countryRow!.id)));
  return rows.filter((row) => texts.includes(row.keyword));
}

/**
 * A credited top-up of `amount` (card, no fee) straight through the crediting path, with an optional
 * payment bonus: the quick way to give a test user money.
 */
export async function makeTopUp(
  db: Db,
  userId: number,
  amount: string,
  options: { bonus?: string; paysystemId?: number } = {},
) {
  return db.transaction(async (tx) => {
    const payment = await insertPayment(tx, {
      user_id: userId,
      paysystem_id: options.paysystemId ?? PAYMENT_SYSTEMS.card,
      amount: formatMoney(parseMoney(amount)),
      total: formatMoney(parseMoney(amount)),
      bonus: formatMoney(parseMoney(options.bonus ?? '0')),
      status: 'received',
      provider: 'sandbox',
    });
    return (await creditLocked(tx, payment))!;
  });
}

/** A running payment bonus marketing action (default: the demo tiers, 10 % from 2,000, 15 % from 7,000). */
export async function makeBonusAction(
  db: Db,
  tiers: BonusTier[] = [
    { from: '2000.0000', percent: '10.0000' },
    { from: '7000.0000', percent: '15.0000' },
  ],
) {
  const [row] = await db
    .insert(marketingActions)
    .values({ type: 'payment', name: 'Test bonus', starts_at: new Date(Date.now() - 60_000), tiers })
    .returning();
  return row!;
}

/** A valid direct-installs order (10 installs a day for 3 days of the demo fitness app in the US). */
export const directInstallsBody = (overrides: Record<string, unknown> = {}) => ({
  productType: 1,
  packageId: DEMO_APPS.googlePlay.fitness,
  appstore: 1,
  country: 'US',
  days: 3,
  installs: 10,
  deliveryType: 0,
  ...overrides,
});
