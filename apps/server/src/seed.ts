import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { COUNTRIES, ROLES, TEXT_LANGUAGES, type Role } from '@storelift/shared';
import { hashPassword } from './lib/passwords.js';
import { newSigningSecret } from './modules/core-settings/signing-secret.js';
import { seedMoneyDemo, seedMoneyReference } from './modules/billing/billing.seed.js';
import { seedDemoOrder } from './modules/campaigns/campaigns.seed.js';
import { seedDemoApps } from './modules/keywords/demo-data.js';
import { seedDemoCampaigns } from './modules/statistics/statistics.seed.js';
import { seedDemoImpact } from './modules/impact/impact.seed.js';
import { seedDemoMarket } from './modules/pacing/pacing.seed.js';
import { seedVendors } from './modules/vendors/vendors.service.js';
import { seedPanelVendor } from './modules/vendors/vendors.seed.js';
import { seedDemoGoogleAdsAccount } from './modules/sandbox-google-ads/sandbox-google-ads.seed.js';
import { seedPermissions } from './modules/permissions/permissions.seed.js';
import { findUserByEmail, grantRoles } from './modules/users/users.repo.js';
import { revokeUserSessions } from './modules/sessions/sessions.repo.js';
import type { Deps } from './deps.js';
import type { Db } from './db/client.js';
import {
  clientSales,
  clientSalesHistory,
  countries,
  languages,
  roles,
  settings,
  users,
} from './db/schema/index.js';

/** Reference rows every installation needs: roles, permission modules, functions and grants, countries, languages. */
export async function seedReference(db: Db) {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedPermissions(db);

  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  await db
    .insert(countries)
    .values(
      COUNTRIES.map((country) => ({
        code: country.code,
        name: names.of(country.code) ?? country.code,
        geo: country.geo,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(languages)
    .values(TEXT_LANGUAGES.map((language) => ({ ...language })))
    .onConflictDoNothing();
  await db
    .insert(settings)
    .values([
      { key: 'maintenance', value: false },
      { key: 'signing_secret', value: newSigningSecret() },
    ])
    .onConflictDoNothing();
  await seedMoneyReference(db);
  await seedVendors(db);
}

export const DEMO_PASSWORD = 'Demo12345!';

/** Demo accounts, verified: e-mail, nickname and roles. */
export const DEMO_ACCOUNTS: { email: string; nickname: string; roles: Role[] }[] = [
  { email: 'user@storelift.test', nickname: 'demo-user', roles: ['user'] },
  { email: 'admin@storelift.test', nickname: 'demo-admin', roles: ['admin', 'user'] },
  ...(['manager', 'support', 'ppc', 'marketer'] as const).map((role) => ({
    email: `${role}@storelift.test`,
    nickname: `demo-${role}`,
    roles: [role, 'user'] as Role[],
  })),
];

/**
 * Adds the demo accounts that are missing, and gives user@storelift.test tracked apps, keywords and rank
 * history up to today (running it again only adds the days since the last run), finished campaigns, money
 * and, once, a running campaign.
 */
export async function seedDemo(deps: Deps) {
  const { db } = deps;
  await seedDemoAccounts(db);
  const email = DEMO_ACCOUNTS[0]!.email;
  const demoUser = await findUserByEmail(db, email);
  if (demoUser) await seedDemoClient(db, demoUser.id);
  if (demoUser) await seedDemoApps(db, demoUser.id);
  if (demoUser) await seedDemoCampaigns(db, demoUser.id);
  // After the campaigns and the rank history: their keywords' ranks move around them.
  if (demoUser) await seedDemoImpact(db, demoUser.id);
  // Other customers' delivered keyword campaigns (an account that cannot sign in): the pacing model's history.
  await seedDemoMarket(db);
  await seedMoneyDemo(db);
  await seedPanelVendor(deps);
  await seedDemoGoogleAdsAccount(deps);
  // Last: it is paid from the balance the money demo gives.
  await seedDemoOrder(deps, email);
}

const DEMO_EMAILS = DEMO_ACCOUNTS.map((account) => account.email);

/**
 * The demo customer is the demo manager's client, so the dashboard shows a personal manager and the sales
 * report a client with a status; once, a later start keeps what staff changed.
 */
async function seedDemoClient(db: Db, userId: number) {
  const manager = await findUserByEmail(db, 'manager@storelift.test');
  if (!manager) return;
  const [assigned] = await db
    .update(users)
    .set({ manager_id: manager.id })
    .where(and(eq(users.id, userId), isNull(users.manager_id)))
    .returning({ id: users.id });
  if (assigned) {
    const sale = {
      user_id: userId,
      status: 'negotiating' as const,
      note: 'Buys direct installs monthly; asked about CPI.',
    };
    await db
      .insert(clientSales)
      .values({ ...sale, updated_by: manager.id })
      .onConflictDoNothing();
    await db.insert(clientSalesHistory).values({ ...sale, author_id: manager.id });
  }
}
/** The password hash of a retired demo account: not an argon2 hash, so no password ever matches it. */
const RETIRED_HASH = '!demo-data-off';

/**
 * Without demo data the demo accounts must not open with their published password (a database that once
 * had demo data, then serves production): their password stops matching and their sessions end.
 */
export async function retireDemoAccounts(db: Db) {
  const retired = await db
    .update(users)
    .set({ password_hash: RETIRED_HASH })
    .where(and(inArray(users.email, DEMO_EMAILS), ne(users.password_hash, RETIRED_HASH)))
    .returning({ id: users.id });
  for (const { id } of retired) await revokeUserSessions(db, id);
}

async function seedDemoAccounts(db: Db) {
  const existing = await db
    .select({ email: users.email, password_hash: users.password_hash })
    .from(users)
    .where(inArray(users.email, DEMO_EMAILS));
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.some((row) => row.email === account.email));
  const retired = existing.some((row) => row.password_hash === RETIRED_HASH);
  if (!missing.length && !retired) return;
  const password_hash = await hashPassword(DEMO_PASSWORD);
  // Demo data is back on: accounts retired meanwhile open with the demo password again.
  if (retired) {
    await db
      .update(users)
      .set({ password_hash })
      .where(and(inArray(users.email, DEMO_EMAILS), eq(users.password_hash, RETIRED_HASH)));
  }
  for (const account of missing) {
    const [row] = await db
      .insert(users)
      .values({
        email: account.email,
        password_hash,
        nickname: account.nickname,
        full_name: `Demo ${account.roles[0]}`,
        business_type: 'developer',
        country: 'US',
        phone: '15550100',
        email_verified_at: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) await grantRoles(db, row.id, account.roles);
  }
}
