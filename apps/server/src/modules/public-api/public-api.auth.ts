import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { billingProfiles, settings, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';

/** Who calls the public API: the token's owner (the rate limit counts per owner), whether it is the test token, and the credits left. */
export interface ApiCaller {
  userId: number;
  test: boolean;
  remaining: number;
  autoRefresh: boolean;
  maintenance: boolean;
}

/** The API token of a request: `Authorization: Bearer …` or `X-Api-Key` (never a session or a cookie). */
export function tokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  const key = request.headers['x-api-key'];
  return (Array.isArray(key) ? key[0] : key)?.trim() ?? '';
}

/** One prepared statement per database for the lookup every call makes. */
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

/** The live owner of an API token (live or test), or undefined. */
export async function findApiCaller(db: Db, token: string): Promise<ApiCaller | undefined> {
  let query = callerQueries.get(db);
  if (!query) callerQueries.set(db, (query = callerQuery(db)));
  const [row] = await query.execute({ hash: hashToken(token) });
  return row && { ...row, remaining: Number(row.remaining) };
}
