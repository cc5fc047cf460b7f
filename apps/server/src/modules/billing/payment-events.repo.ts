import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { billingProfiles, bonusGrants, reflinks, transactions } from '../../db/schema/index.js';

/*
 * The queries of a payment's crediting and refund (payment-events.ts): the payer's running totals on the
 * billing profile, and the ledger rows a payment left behind, found by their reference to it.
 */

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

/** Adds a credited payment and its referral commission to the payer's totals: the new total and plan. */
export async function addToTotals(db: Queryable, userId: number, amount: string, commission: string) {
  const [profile] = await db
    .update(billingProfiles)
    .set({
      total_payments: sql`${billingProfiles.total_payments} + ${amount}`,
      referral_earned: sql`${billingProfiles.referral_earned} + ${commission}::numeric`,
    })
    .where(eq(billingProfiles.user_id, userId))
    .returning({ total: billingProfiles.total_payments, planId: billingProfiles.price_plan_id });
  return profile!;
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
