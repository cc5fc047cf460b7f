import { eq } from 'drizzle-orm';
import type { Role } from '@storelift/shared';
import type { Db } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createSession } from '../src/modules/auth/sessions.repo.js';
import { grantRoles } from '../src/modules/users/users.repo.js';

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
