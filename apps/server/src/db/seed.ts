import { inArray } from 'drizzle-orm';
import { ADMIN_ROUTE_ROLES, COUNTRIES, ROLES, TEXT_LANGUAGES, type Role } from '@storelift/shared';
import { hashPassword } from '../lib/passwords.js';
import { newSigningSecret } from '../lib/signing.js';
import { seedMoneyDemo, seedMoneyReference } from '../modules/billing/billing.seed.js';
import { seedDemoOrder } from '../modules/campaigns/campaigns.seed.js';
import { seedDemoApps } from '../modules/keywords/demo-data.js';
import { seedDemoCampaigns } from '../modules/statistics/statistics.seed.js';
import { seedVendors } from '../modules/vendors/vendors.service.js';
import { findUserByEmail, grantRoles } from '../modules/users/users.repo.js';
import type { Deps } from '../deps.js';
import type { Db } from './client.js';
import { countries, languages, modules, roleGrants, roles, settings, users } from './schema/index.js';

/** Reference rows every installation needs: roles, permission modules and grants, countries, languages. */
export async function seedReference(db: Db) {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(modules)
    .values(
      Object.keys(ADMIN_ROUTE_ROLES).map((route) => {
        const name = route.replace('/admin/', '');
        return { name, namespace: 'admin', permission_name: `admin.${name}` };
      }),
    )
    .onConflictDoNothing();
  const roleRows = await db.select().from(roles);
  const moduleRows = await db.select().from(modules);
  const grants = moduleRows.flatMap((module) => {
    const allowed: readonly string[] =
      ADMIN_ROUTE_ROLES[`/admin/${module.name}` as keyof typeof ADMIN_ROUTE_ROLES] ?? [];
    return roleRows
      .filter((role) => allowed.includes(role.name))
      .map((role) => ({ role_id: role.id, module_id: module.id }));
  });
  if (grants.length) await db.insert(roleGrants).values(grants).onConflictDoNothing();

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
  if (demoUser) await seedDemoApps(db, demoUser.id);
  if (demoUser) await seedDemoCampaigns(db, demoUser.id);
  await seedMoneyDemo(db);
  // Last: it is paid from the balance the money demo gives.
  await seedDemoOrder(deps, email);
}

async function seedDemoAccounts(db: Db) {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.some((row) => row.email === account.email));
  if (!missing.length) return;
  const password_hash = await hashPassword(DEMO_PASSWORD);
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
