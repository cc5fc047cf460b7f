import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { adminUsersQuerySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import {
  accounts,
  apps,
  billingProfiles,
  campaigns,
  countries,
  pricePlans,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { dayRange, escapeLike } from '../../lib/query-helpers.js';

type Query = z.output<typeof adminUsersQuerySchema>;

/** Campaign statuses that hold the customer's money or may still spend it: a user with one is not deleted. */
export const RUNNING_STATUSES = ['active', 'pause', 'pending', 'delayed', 'moderation'] as const;

/** What the staff list shows of a user: the row with plan, manager and referral code. */
const listColumns = {
  user: users,
  plan_id: pricePlans.id,
  plan_name: pricePlans.name,
  referral_code: billingProfiles.referral_code,
  manager_nickname: sql<string | null>`(select m.nickname from users m where m.id = ${users.manager_id})`,
  manager_email: sql<string | null>`(select m.email from users m where m.id = ${users.manager_id})`,
};

const holdsRole = (db: Queryable, name: string) =>
  exists(
    db
      .select({ one: userRoles.user_id })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(and(eq(userRoles.user_id, users.id), eq(roles.name, name))),
  );

function listFilters(db: Queryable, query: Query): SQL | undefined {
  // A deleted user leaves the list (their ledger rows stay); `GET users?id=` still finds them.
  const filters: (SQL | undefined)[] = [isNull(users.deleted_at)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const id = /^\d{1,9}$/.test(query.search) ? Number(query.search) : null;
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(users.nickname, pattern),
        ilike(users.full_name, pattern),
        sql`upper(${billingProfiles.referral_code}) = ${query.search.toUpperCase()}`,
        id === null ? undefined : eq(users.id, id),
      ),
    );
  }
  if (query.role) filters.push(holdsRole(db, query.role));
  if (query.priceplan_id) filters.push(eq(billingProfiles.price_plan_id, query.priceplan_id));
  if (query.verified !== undefined)
    filters.push(query.verified ? isNotNull(users.email_verified_at) : isNull(users.email_verified_at));
  if (query.active !== undefined) filters.push(eq(users.is_active, query.active));
  if (query.manager_id) filters.push(eq(users.manager_id, query.manager_id));
  const { from, to } = dayRange(query.from, query.to);
  if (from) filters.push(gte(users.created_at, from));
  if (to) filters.push(lt(users.created_at, to));
  return and(...filters);
}

/** The list's columns with the joins they need. */
const selectListRows = (db: Db) =>
  db
    .select(listColumns)
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.user_id, users.id))
    .leftJoin(pricePlans, eq(pricePlans.id, billingProfiles.price_plan_id));

/** One page of users matching the staff list's search and filters, with the total. */
export async function pageUsers(db: Db, query: Query) {
  const where = listFilters(db, query);
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectListRows(db)
      .where(where)
      .orderBy(direction(users[query.orderBy]), direction(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ value: count() })
      .from(users)
      .leftJoin(billingProfiles, eq(billingProfiles.user_id, users.id))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
export type ListRow = Awaited<ReturnType<typeof selectListRows>>[number];

/** One user as the list shows them (deleted too), or undefined. */
export async function findListRow(db: Db, id: number): Promise<ListRow | undefined> {
  const [row] = await selectListRows(db).where(eq(users.id, id));
  return row;
}

/** The totals, referrer and counts user details shows beside the row. */
export async function userExtras(db: Queryable, id: number) {
  const referrers = aliasedTable(users, 'referrer');
  const [profile] = await db
    .select({
      total_payments: billingProfiles.total_payments,
      total_spent: billingProfiles.total_spent,
      referrer_id: referrers.id,
      referrer_nickname: referrers.nickname,
      referrer_email: referrers.email,
      referrals: sql<number>`(select count(*)::int from ${billingProfiles} r where r.referrer_id = ${id})`,
      apps: sql<number>`(select count(*)::int from ${apps} where ${apps.user_id} = ${id})`,
    })
    .from(billingProfiles)
    .leftJoin(referrers, eq(referrers.id, billingProfiles.referrer_id))
    .where(eq(billingProfiles.user_id, id));
  return profile;
}

/** The users holding the manager role, by nickname. */
export function listManagers(db: Queryable) {
  return db
    .select({ id: users.id, nickname: users.nickname, email: users.email })
    .from(users)
    .where(and(isNull(users.deleted_at), holdsRole(db, 'manager')))
    .orderBy(asc(users.nickname));
}

/** Whether the user holds the manager role and is not deleted. */
export async function isManager(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at), holdsRole(db, 'manager')));
  return row !== undefined;
}

/** Role ids by name, for the names that exist. */
export async function roleIdsByName(db: Queryable, names: string[]) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, names));
}

/** Replaces the user's roles. */
export async function setRoles(db: Queryable, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.user_id, userId));
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((role_id) => ({ user_id: userId, role_id })));
}

/** Whether any of the user's balances holds money. */
export async function hasMoney(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.user_id, userId), sql`${accounts.balance} > 0`))
    .limit(1);
  return row !== undefined;
}

/** Whether the user has a campaign in a running status. */
export async function hasRunningCampaigns(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.user_id, userId), inArray(campaigns.status, [...RUNNING_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** One page of the user's tracked apps, newest first. */
export async function pageUserApps(db: Queryable, userId: number, page: number, limit: number) {
  const where = eq(apps.user_id, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: apps.id,
        appstore: apps.appstore,
        package: apps.package,
        title: apps.title,
        icon: apps.icon,
        is_alive: apps.is_alive,
        country: countries.code,
        created_at: apps.created_at,
      })
      .from(apps)
      .innerJoin(countries, eq(countries.id, apps.country_id))
      .where(where)
      .orderBy(desc(apps.created_at), desc(apps.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(apps).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export type UserChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'nickname'
    | 'full_name'
    | 'business_type'
    | 'country'
    | 'gender'
    | 'phone'
    | 'messenger_type'
    | 'messenger_id'
    | 'manager_id'
    | 'eu_payee'
  >
>;

/** The user's price plan as their billing profile names it (null without a profile). */
export async function planIdOf(db: Queryable, userId: number): Promise<number | null> {
  const [profile] = await db
    .select({ price_plan_id: billingProfiles.price_plan_id })
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId));
  return profile?.price_plan_id ?? null;
}

/** Writes the user's changed fields; answers the row after. */
export async function updateUserFields(db: Queryable, id: number, changes: UserChanges) {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(users.id, id))
    .returning();
  return updated!;
}

/** Soft-deletes the user. */
export async function markUserDeleted(db: Queryable, id: number) {
  await db.update(users).set({ deleted_at: new Date(), updated_at: new Date() }).where(eq(users.id, id));
}

export async function setUserActive(db: Queryable, id: number, active: boolean) {
  await db.update(users).set({ is_active: active, updated_at: new Date() }).where(eq(users.id, id));
}

/** The id of the user (not deleted) a staff member names by id or e-mail. */
export async function liveUserIdByIdOrEmail(db: Queryable, value: string): Promise<number | undefined> {
  const where = /^\d{1,9}$/.test(value) ? eq(users.id, Number(value)) : eq(users.email, value.toLowerCase());
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(where, isNull(users.deleted_at)));
  return row?.id;
}

/** Locks the user's billing profile and answers its referrer (undefined without a profile). */
export async function lockReferrerOf(db: Queryable, userId: number) {
  const [profile] = await db
    .select({ referrer_id: billingProfiles.referrer_id })
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId))
    .for('update');
  return profile;
}

/** Walking up the referrers from `userId` (50 steps at most) meets `referralId`. */
export async function referrerChainReaches(db: Queryable, userId: number, referralId: number) {
  const [loop] = await rowsOf<{ found: boolean }>(
    db,
    sql`
      with recursive up(id, depth) as (
        select referrer_id, 1 from billing_profiles where user_id = ${userId}
        union all
        select p.referrer_id, up.depth + 1 from billing_profiles p join up on p.user_id = up.id
        where up.depth < 50
      )
      select exists (select 1 from up where id = ${referralId}) as found`,
  );
  return loop?.found === true;
}

export async function setReferrer(db: Queryable, userId: number, referrerId: number | null) {
  await db
    .update(billingProfiles)
    .set({ referrer_id: referrerId })
    .where(eq(billingProfiles.user_id, userId));
}
