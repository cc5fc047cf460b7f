import { and, asc, between, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import {
  apiIdempotencyKeys,
  apiUsageDaily,
  billingProfiles,
  settings,
  users,
} from '../../db/schema/index.js';

/** One call to pay for: who, which operation, its price from the table, and whether the token is a test one. */
export interface Spend {
  userId: number;
  operation: string;
  cost: number;
  test: boolean;
}

/** Both drivers (node-postgres, PGlite) answer raw statements as `{ rows }`. */
interface SpendRow {
  remaining: number;
  auto_refresh: boolean;
}

/**
 * Pays for a call and counts it in the day's usage, in one statement. The credits move only when enough are
 * left (a conditional UPDATE: concurrent calls queue on the row and each sees the others' spending), free
 * ones first, never below zero. Undefined when they are not enough: nothing spent, nothing counted. A test
 * token and a free operation spend nothing and only count the call.
 */
export async function spendCredits(db: Queryable, { userId, operation, cost, test }: Spend) {
  const paid = test ? 0 : cost;
  const [row] = await rowsOf<SpendRow>(
    db,
    sql`
    with spent as (
      update ${billingProfiles}
      set api_credits = api_credits - least(api_credits, ${paid}::int),
        api_paid_credits = api_paid_credits - (${paid}::int - least(api_credits, ${paid}::int))
      where user_id = ${userId} and api_credits + api_paid_credits >= ${paid}::int
      returning api_credits + api_paid_credits as remaining, api_auto_refresh as auto_refresh
    ), counted as (
      insert into ${apiUsageDaily} (user_id, day, operation, calls, test_calls, credits)
      select ${userId}, (now() at time zone 'utc')::date, ${operation}, ${test ? 0 : 1}, ${test ? 1 : 0}, ${paid}::int
      from spent
      on conflict (user_id, day, operation) do update set
        calls = ${apiUsageDaily.calls} + excluded.calls,
        test_calls = ${apiUsageDaily.test_calls} + excluded.test_calls,
        credits = ${apiUsageDaily.credits} + excluded.credits
    )
    select remaining, auto_refresh from spent`,
    { prepared: true },
  );
  return row && { remaining: Number(row.remaining), autoRefresh: row.auto_refresh };
}

/** The user's calls and credits per day and operation from `from` to `to`, newest day first. */
export function usageRows(db: Queryable, userId: number, from: string, to: string) {
  return db
    .select({
      day: apiUsageDaily.day,
      operation: apiUsageDaily.operation,
      calls: apiUsageDaily.calls,
      test_calls: apiUsageDaily.test_calls,
      credits: apiUsageDaily.credits,
    })
    .from(apiUsageDaily)
    .where(and(eq(apiUsageDaily.user_id, userId), between(apiUsageDaily.day, from, to)))
    .orderBy(desc(apiUsageDaily.day), asc(apiUsageDaily.operation));
}

/** The user's free and paid credits left, or undefined without a billing profile. */
export async function creditsLeft(db: Queryable, userId: number) {
  const [profile] = await db
    .select({ free: billingProfiles.api_credits, paid: billingProfiles.api_paid_credits })
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId));
  return profile;
}

/** The lookup of an idempotency key, prepared once per database: every order with a key makes it first. */
function idempotencyKeyQuery(db: Db) {
  return db
    .select({ fingerprint: apiIdempotencyKeys.fingerprint, campaignId: apiIdempotencyKeys.campaign_id })
    .from(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.user_id, sql.placeholder('userId')),
        eq(apiIdempotencyKeys.key, sql.placeholder('key')),
      ),
    )
    .prepare('api_idempotency_key');
}
const idempotencyKeyQueries = new WeakMap<Db, ReturnType<typeof idempotencyKeyQuery>>();

/** The order an idempotency key of the user was first used for (and its body's fingerprint), or undefined. */
export async function idempotencyKeyOf(db: Db, userId: number, key: string) {
  let query = idempotencyKeyQueries.get(db);
  if (!query) idempotencyKeyQueries.set(db, (query = idempotencyKeyQuery(db)));
  const [row] = await query.execute({ userId, key });
  return row;
}

/**
 * The claim of an idempotency key for a new order, written in the campaign's insert statement (no round trip
 * of its own). A concurrent order's claim of the same key waits on the unique index and fails once this
 * commits.
 */
export function idempotencyKeyClaim(claim: { userId: number; key: string; fingerprint: string }) {
  return (campaignId: SQL) => sql`insert into ${apiIdempotencyKeys} (user_id, key, fingerprint, campaign_id)
    values (${claim.userId}, ${claim.key}, ${claim.fingerprint}, ${campaignId})`;
}

/** The lookup of an API token's owner, prepared once per database: every call makes it. */
function callerQuery(db: Db) {
  const hash = sql.placeholder('hash');
  return db
    .select({
      userId: billingProfiles.user_id,
      test: sql<boolean>`${billingProfiles.api_test_token_hash} is not distinct from ${hash}`,
      remaining: sql<number>`${billingProfiles.api_credits} + ${billingProfiles.api_paid_credits}`,
      autoRefresh: billingProfiles.api_auto_refresh,
      maintenance: sql<boolean>`exists (select 1 from ${settings}
        where ${settings.key} = 'maintenance' and ${settings.value} = 'true'::jsonb)`,
    })
    .from(billingProfiles)
    .innerJoin(users, eq(users.id, billingProfiles.user_id))
    .where(
      and(
        or(eq(billingProfiles.api_token_hash, hash), eq(billingProfiles.api_test_token_hash, hash)),
        eq(users.is_active, true),
        isNull(users.deleted_at),
        isNotNull(users.email_verified_at),
      ),
    )
    .prepare('public_api_caller');
}
const callerQueries = new WeakMap<Db, ReturnType<typeof callerQuery>>();

/**
 * The live owner of an API token by the token's hash (live or test): whether it is the test token, the
 * credits left, auto refresh, and whether the site is in maintenance; or undefined.
 */
export async function callerOfTokenHash(db: Db, hash: string) {
  let query = callerQueries.get(db);
  if (!query) callerQueries.set(db, (query = callerQuery(db)));
  const [row] = await query.execute({ hash });
  return row;
}
