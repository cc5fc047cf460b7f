import { and, asc, count, desc, eq, ilike, not, sql, type SQL } from 'drizzle-orm';
import type { MarketingActionKind } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { escapeLike } from '../../lib/query-helpers.js';
import { prepared } from '../../db/prepared.js';
import { billingProfiles, marketingActions, pricePlans } from '../../db/schema/index.js';
import { holdsStaffRole } from '../users/users.repo.js';

export type MarketingActionRow = typeof marketingActions.$inferSelect;
export type NewMarketingAction = typeof marketingActions.$inferInsert;

/** Who a running action is looked up for: the customer, and for a discount the campaign's store, country, product. */
export interface Audience {
  userId: number;
  country: string;
  store?: number;
  product?: number;
}

/** A PostgreSQL array literal of validated codes or numbers (no quoting needed). */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

const runsAt = (at: SQL | string): SQL =>
  sql`${marketingActions.is_active} and ${marketingActions.starts_at} <= ${at} and (${marketingActions.ends_at} is null or ${marketingActions.ends_at} > ${at})`;

/** An audience as SQL values: the placeholders of the prepared statement the match runs in. */
export interface AudienceSql {
  type: SQL;
  /** A timestamptz. */
  at: SQL;
  userId: SQL;
  /** The country code, upper case. */
  country: SQL;
  store?: SQL;
  product?: SQL;
}

/**
 * Which actions run for an audience: of its type, running at its time, for its country, plan, store and product
 * (an empty list or a null store of the action admits everyone), and never for a staff account.
 */
function runningFor(db: Queryable, audience: AudienceSql): SQL {
  const plan = sql`(select ${billingProfiles.price_plan_id} from ${billingProfiles} where ${billingProfiles.user_id} = ${audience.userId})`;
  return and(
    eq(marketingActions.type, audience.type),
    runsAt(audience.at),
    not(holdsStaffRole(db, audience.userId)),
    sql`(${marketingActions.countries} = '{}' or ${audience.country} = any(${marketingActions.countries}))`,
    sql`(${marketingActions.price_plans} = '{}' or ${plan} = any(${marketingActions.price_plans}))`,
    audience.store
      ? sql`(${marketingActions.store} is null or ${marketingActions.store} = ${audience.store})`
      : undefined,
    audience.product
      ? sql`(${marketingActions.products} = '{}' or ${audience.product}::smallint = any(${marketingActions.products}))`
      : undefined,
  )!;
}

/** The latest started of the running actions wins. */
const LATEST_FIRST = [desc(marketingActions.starts_at), desc(marketingActions.id)];

/**
 * The action of `type` running at `at` for the audience (runningFor), the latest started first. Every checkout
 * reads it: built once per database and shape (its values placeholders), each connection plans each of the four
 * shapes once.
 */
export async function runningAction(
  db: Queryable,
  type: MarketingActionKind,
  audience: Audience,
  at = new Date(),
): Promise<MarketingActionRow | undefined> {
  const byStore = audience.store !== undefined;
  const byProduct = audience.product !== undefined;
  const name = `marketing_running_${byStore ? 1 : 0}${byProduct ? 1 : 0}`;
  const query = prepared(db, name, () =>
    db
      .select()
      .from(marketingActions)
      .where(
        runningFor(db, {
          type: sql`${sql.placeholder('type')}`,
          at: sql`${sql.placeholder('at')}::timestamptz`,
          userId: sql`${sql.placeholder('userId')}`,
          country: sql`${sql.placeholder('country')}`,
          store: byStore ? sql`${sql.placeholder('store')}` : undefined,
          product: byProduct ? sql`${sql.placeholder('product')}` : undefined,
        }),
      )
      .orderBy(...LATEST_FIRST)
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({
    type,
    at: at.toISOString(),
    userId: audience.userId,
    country: audience.country.toUpperCase(),
    store: audience.store,
    product: audience.product,
  });
  return row;
}

/** What a campaign discount takes of its running action. */
export type RunningDiscountAction = Pick<MarketingActionRow, 'id' | 'name' | 'text' | 'tiers'>;

/**
 * The running campaign action of a full audience (store and product too) as a scalar subquery answering a JSON
 * `RunningDiscountAction` or null, for a statement that reads it beside others (an order's target).
 */
export function runningDiscountActionSql(db: Queryable, audience: Required<Omit<AudienceSql, 'type'>>): SQL {
  return sql`(select json_build_object('id', a.id, 'name', a.name, 'text', a.text, 'tiers', a.tiers) from (${db
    .select({
      id: marketingActions.id,
      name: marketingActions.name,
      text: marketingActions.text,
      tiers: marketingActions.tiers,
    })
    .from(marketingActions)
    .where(runningFor(db, { ...audience, type: sql`'campaign'` }))
    .orderBy(...LATEST_FIRST)
    .limit(1)}) a)`;
}

/**
 * Another active action of the same type whose dates and audience meet this one's (two empty lists, or a
 * list and an empty one, or two lists sharing a value meet), or undefined.
 */
export async function overlappingAction(
  db: Queryable,
  action: Pick<
    NewMarketingAction,
    'type' | 'starts_at' | 'ends_at' | 'store' | 'countries' | 'products' | 'price_plans'
  >,
  exceptId?: number,
) {
  const countries = arrayLiteral(action.countries ?? []);
  const products = arrayLiteral(action.products ?? []);
  const plans = arrayLiteral(action.price_plans ?? []);
  const ends = action.ends_at ? action.ends_at.toISOString() : 'infinity';
  const [row] = await db
    .select({ id: marketingActions.id, name: marketingActions.name })
    .from(marketingActions)
    .where(
      and(
        eq(marketingActions.type, action.type),
        eq(marketingActions.is_active, true),
        exceptId === undefined ? undefined : sql`${marketingActions.id} <> ${exceptId}`,
        sql`${marketingActions.starts_at} < ${ends}::timestamptz`,
        sql`coalesce(${marketingActions.ends_at}, 'infinity') > ${action.starts_at.toISOString()}::timestamptz`,
        action.store == null
          ? undefined
          : sql`(${marketingActions.store} is null or ${marketingActions.store} = ${action.store})`,
        sql`(${marketingActions.countries} = '{}' or ${countries}::text[] = '{}' or ${marketingActions.countries} && ${countries}::text[])`,
        sql`(${marketingActions.products} = '{}' or ${products}::smallint[] = '{}' or ${marketingActions.products} && ${products}::smallint[])`,
        sql`(${marketingActions.price_plans} = '{}' or ${plans}::integer[] = '{}' or ${marketingActions.price_plans} && ${plans}::integer[])`,
      ),
    )
    .limit(1);
  return row;
}

/** Two saves at once cannot both pass the overlap check: saves take turns for the transaction. */
export async function lockActions(tx: Queryable) {
  await tx.execute(sql`lock table ${marketingActions} in share row exclusive mode`);
}

export interface ActionFilters {
  type?: MarketingActionKind;
  country?: string;
  current?: boolean;
  search?: string;
}

function whereOf(filters: ActionFilters, now: Date) {
  return and(
    filters.type ? eq(marketingActions.type, filters.type) : undefined,
    filters.country ? sql`${filters.country} = any(${marketingActions.countries})` : undefined,
    filters.current ? runsAt(now.toISOString()) : undefined,
    filters.search ? ilike(marketingActions.name, `%${escapeLike(filters.search)}%`) : undefined,
  );
}

const ORDER = {
  starts_at: marketingActions.starts_at,
  name: sql`lower(${marketingActions.name})`,
  created_at: marketingActions.created_at,
};

/** A page of actions by the list's filters. */
export async function listActions(
  db: Queryable,
  filters: ActionFilters,
  order: { by: keyof typeof ORDER; direction: 'asc' | 'desc' },
  page: { page: number; limit: number },
  now = new Date(),
) {
  const where = whereOf(filters, now);
  const direction = order.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(marketingActions)
      .where(where)
      .orderBy(direction(ORDER[order.by]), direction(marketingActions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ value: count() }).from(marketingActions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The countries and products the actions name, for the list's filters. */
export async function usedValues(db: Queryable) {
  const [row] = await db
    .select({
      countries: sql<
        string[]
      >`coalesce(array(select distinct unnest(${marketingActions.countries}) from ${marketingActions} order by 1), '{}')`,
      products: sql<
        number[]
      >`coalesce(array(select distinct unnest(${marketingActions.products}) from ${marketingActions} order by 1), '{}')`,
    })
    .from(sql`(select 1) one`);
  return { countries: row?.countries ?? [], products: (row?.products ?? []).map(Number) };
}

export async function findAction(db: Queryable, id: number, forUpdate = false) {
  const query = db.select().from(marketingActions).where(eq(marketingActions.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertAction(db: Queryable, values: NewMarketingAction) {
  const [row] = await db.insert(marketingActions).values(values).returning();
  return row!;
}

export async function updateAction(db: Queryable, id: number, values: Partial<NewMarketingAction>) {
  const [row] = await db
    .update(marketingActions)
    .set({ ...values, updated_at: new Date() })
    .where(eq(marketingActions.id, id))
    .returning();
  return row;
}

export async function deleteAction(db: Queryable, id: number) {
  const [row] = await db.delete(marketingActions).where(eq(marketingActions.id, id)).returning();
  return row;
}

/** The price plans an action may name, in their order: id and name. */
export function pricePlanChoices(db: Queryable) {
  return db.select({ id: pricePlans.id, name: pricePlans.name }).from(pricePlans).orderBy(pricePlans.sort);
}

/** The ids of the price plans. */
export async function pricePlanIds(db: Queryable): Promise<Set<number>> {
  return new Set((await db.select({ id: pricePlans.id }).from(pricePlans)).map((row) => row.id));
}
