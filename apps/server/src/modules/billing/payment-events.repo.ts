import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { billingProfiles, bonusGrants, payments, reflinks, transactions } from '../../db/schema/index.js';
import { columnList, rowOf, rowsOf } from '../../db/sql-rows.js';
import { isUuid, type PaymentRow } from './payments.repo.js';

/*
 * The queries of a payment's crediting and refund (payment-events.ts): the payer's running totals on the
 * billing profile, and the ledger rows a payment left behind, found by their reference to it. Those of every
 * provider's notification are prepared templates (docs/money.md, Performance): building Drizzle queries and
 * planning them cost more than running them.
 */

/** A payment as a provider's notice names it: by our id, our uuid, or the provider's own id. */
export type EventPaymentRef = { id: number } | { uuid: string } | { providerRef: string };

/** What crediting needs to know of the payer: their referrer, and whether a reflink bonus is still to claim. */
export interface PayerFacts {
  referrerId: number | null;
  reflinkOpen: boolean;
}

/**
 * The payment a notice names, locked for the rest of the transaction (notices serialize on it), with its payer's
 * facts read in the same statement (undefined when the payer has no billing profile yet). The reflink flag may be
 * stale by the time it is used, which only costs a claim that finds nothing: a claimed bonus is never unclaimed.
 */
export async function lockForEvent(
  tx: Queryable,
  provider: PaymentRow['provider'],
  ref: EventPaymentRef,
): Promise<{ payment: PaymentRow; payer: PayerFacts | undefined } | undefined> {
  if ('uuid' in ref && !isUuid(ref.uuid)) return undefined;
  const where =
    'id' in ref
      ? sql`p.id = ${ref.id}`
      : 'uuid' in ref
        ? sql`p.uuid = ${ref.uuid}`
        : sql`p.provider = ${provider} and p.provider_ref = ${ref.providerRef}`;
  const [raw] = await rowsOf(
    tx,
    sql`select ${columnList(payments, 'p')}, bp.user_id as payer_profile, bp.referrer_id as payer_referrer,
          bp.reflink_id is not null and bp.reflink_bonus_at is null as payer_reflink_open
        from ${payments} p left join ${billingProfiles} bp on bp.user_id = p.user_id
        where ${where} for update of p`,
    { prepared: true },
  );
  if (!raw) return undefined;
  const payer =
    raw.payer_profile === null
      ? undefined
      : { referrerId: raw.payer_referrer as number | null, reflinkOpen: raw.payer_reflink_open === true };
  return { payment: rowOf(payments, raw), payer };
}

/**
 * Marks a locked payment credited, in one statement with what goes with it: the payer's running total and
 * referral commission (a regular payment: `totals`, answering the new total and plan) and `writes` (the notice,
 * the webhook event), each a data-modifying part of the statement. One round trip instead of four on the path
 * every provider's notification takes.
 */
export async function markCredited(
  tx: Queryable,
  payment: PaymentRow,
  values: { creditedAt: Date; receivedAt: Date; confirmations: number },
  also: { totals?: { amount: string; commission: string }; writes: SQL[] },
): Promise<{ payment: PaymentRow; payerTotal: string | null; payerPlanId: number | null }> {
  const parts = also.writes.map((write, index) => sql`${sql.identifier(`write${index}`)} as (${write})`);
  if (also.totals) {
    parts.unshift(sql`totals as (
      update ${billingProfiles} set total_payments = total_payments + ${also.totals.amount}::numeric,
        referral_earned = referral_earned + ${also.totals.commission}::numeric
      where user_id = ${payment.user_id} returning total_payments, price_plan_id)`);
  }
  const payer = also.totals
    ? sql`(select total_payments from totals) as payer_total, (select price_plan_id from totals) as payer_plan`
    : sql`null::numeric as payer_total, null::int as payer_plan`;
  const [raw] = await rowsOf(
    tx,
    sql`with ${sql.join(parts, sql`, `)}
        update ${payments} set status = 'credited', credited_at = ${values.creditedAt},
          received_at = ${values.receivedAt}, confirmations = ${values.confirmations},
          details = ${payment.details}, bonus = ${payment.bonus}
        where id = ${payment.id} returning ${columnList(payments)}, ${payer}`,
    { prepared: true },
  );
  return {
    payment: rowOf(payments, raw!),
    payerTotal: raw!.payer_total as string | null,
    payerPlanId: raw!.payer_plan as number | null,
  };
}

/**
 * Marks the reflink bonus of the user's sign-up reflink taken and answers that bonus; undefined when it was
 * taken before or there is none. One conditional update, so two payments credited at once cannot both take it.
 */
export async function claimReflinkBonus(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<string | undefined> {
  const [claimed] = await db
    .update(billingProfiles)
    .set({ reflink_bonus_at: now })
    .where(
      and(
        eq(billingProfiles.user_id, userId),
        isNull(billingProfiles.reflink_bonus_at),
        isNotNull(billingProfiles.reflink_id),
      ),
    )
    .returning({
      bonus: sql<string>`(select ${reflinks.bonus} from ${reflinks} where ${reflinks.id} = ${billingProfiles.reflink_id})`,
    });
  return claimed?.bonus ?? undefined;
}

/** Takes a refunded payment's amount off the payer's running total (never below 0). */
export async function subtractFromTotal(db: Queryable, userId: number, amount: string) {
  await db
    .update(billingProfiles)
    .set({ total_payments: sql`greatest(${billingProfiles.total_payments} - ${amount}, 0)` })
    .where(eq(billingProfiles.user_id, userId));
}

/** Takes a withdrawn commission off the user's referral earnings. */
export async function subtractReferralEarned(db: Queryable, userId: number, amount: string) {
  await db
    .update(billingProfiles)
    .set({ referral_earned: sql`${billingProfiles.referral_earned} - ${amount}` })
    .where(eq(billingProfiles.user_id, userId));
}

/** The referral commission a payment paid: its referrer and amount. */
export async function commissionOf(db: Queryable, paymentId: number) {
  const [row] = await db
    .select({ user_id: transactions.user_id, amount: transactions.amount })
    .from(transactions)
    .where(
      sql`${transactions.reference_type} = 'payment' and ${transactions.reference_id} = ${String(paymentId)} and ${transactions.type} = 'referral_commission'`,
    );
  return row;
}

/** The bonus grant of a payment's payment bonus, with what is left of it. */
export async function bonusGrantOf(db: Queryable, paymentId: number) {
  const [grant] = await db
    .select({ id: bonusGrants.id, remaining: bonusGrants.remaining })
    .from(bonusGrants)
    .innerJoin(transactions, eq(transactions.id, bonusGrants.transaction_id))
    .where(
      sql`${transactions.type} = 'payment_bonus' and ${transactions.reference_type} = 'payment' and ${transactions.reference_id} = ${String(paymentId)}`,
    );
  return grant;
}
