import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { REVIEW_GUARANTEE, centsText, formatMoney, minMoney, parseMoney } from '@storelift/shared';
import { guaranteedReviews, reviewGuarantees } from '../../../db/schema/index.js';
import type { Deps } from '../../../deps.js';
import { eachOnItsOwn } from '../../../lib/batches.js';
import type { Tx } from '../../ledger/ledger.js';
import { findVendor } from '../../vendors/vendors.service.js';
import { notify } from '../../notices/notify.js';
import { emitEvent } from '../../webhooks/webhooks.events.js';
import { refundCharged } from './campaigns.lifecycle.js';
import * as repo from '../campaigns.repo.js';

/*
 * The review guarantee's checks (docs/campaigns.md, Review guarantee): for 3 weeks after completion a job asks
 * the store whether each delivered review is still shown; when fewer than 90 of each 100 stay, the missing ones
 * are ordered again from the sandbox vendor at no charge or, where it cannot deliver them, refunded through the
 * ledger. Each refill and refund is a `guarantee.event` webhook.
 */

/** Whether the vendor of a campaign can deliver a refill: the embedded sandbox can; a vendor's HTTP API has no refill order. */
async function canRefill(tx: Tx, deps: Deps, row: repo.CampaignRow) {
  if (!deps.config.sandbox) return false;
  const vendor = row.vendor_id ? await findVendor(tx, row.vendor_id) : undefined;
  return !vendor?.api_url;
}

/** Checks one campaign's reviews at `now` (at most its guarantee's end), then refills or refunds what is missing. */
async function checkOne(deps: Deps, campaignId: number, now: Date) {
  if (!deps.store.canCheckReviews) return;
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    const [guarantee] = await tx
      .select()
      .from(reviewGuarantees)
      .where(eq(reviewGuarantees.campaign_id, campaignId))
      .for('update');
    if (!row || !guarantee || (guarantee.checked_at && guarantee.checked_at >= guarantee.until)) return;
    const at = new Date(Math.min(now.getTime(), guarantee.until.getTime()));
    const shown = await tx
      .select()
      .from(guaranteedReviews)
      .where(and(eq(guaranteedReviews.campaign_id, campaignId), isNull(guaranteedReviews.gone_at)))
      .orderBy(asc(guaranteedReviews.id));
    const gone: number[] = [];
    for (const review of shown) if (!(await deps.store.reviewVisible(review, at))) gone.push(review.id);
    if (gone.length)
      await tx.update(guaranteedReviews).set({ gone_at: at }).where(inArray(guaranteedReviews.id, gone));
    const stayed = shown.length - gone.length;
    const required = Math.ceil((guarantee.delivered * REVIEW_GUARANTEE.keepPercent) / 100);
    const missing = guarantee.delivered - stayed;
    const values: Partial<typeof reviewGuarantees.$inferInsert> = { checked_at: at };
    if (stayed < required && missing > 0) {
      const event = {
        campaign_id: row.id,
        until: guarantee.until.toISOString(),
        delivered: guarantee.delivered,
        stayed,
      };
      if (await canRefill(tx, deps, row)) {
        await tx.insert(guaranteedReviews).values(
          Array.from({ length: missing }, () => ({
            campaign_id: row.id,
            delivered_at: at,
            is_refill: true,
          })),
        );
        values.refilled = guarantee.refilled + missing;
        await emitEvent(tx, row.user_id, 'guarantee.event', { ...event, kind: 'refill', count: missing });
        await notify(tx, {
          userId: row.user_id,
          type: 'reviews',
          key: 'guaranteeRefilled',
          params: { id: row.id, count: missing },
          campaignId: row.id,
        });
      } else {
        const open = (await repo.chargesOf(tx, row)).reduce((sum, charge) => sum + charge.open, 0n);
        const amount = minMoney(parseMoney(row.unit_price) * BigInt(missing), open);
        if (amount > 0n) {
          await refundCharged(tx, row, amount, { key: 'guaranteeNotKept', params: { count: missing } });
          // As every refund: off what the campaign is charged and off its app's promotion.
          const charged = formatMoney(parseMoney(row.charged) - amount);
          await repo.updateCampaign(tx, row.id, { charged }, [], formatMoney(-amount));
        }
        // Refunded reviews leave the guarantee: later checks count from what stayed.
        values.delivered = stayed;
        values.refunded = guarantee.refunded + missing;
        values.refunded_amount = formatMoney(parseMoney(guarantee.refunded_amount) + amount);
        await emitEvent(tx, row.user_id, 'guarantee.event', {
          ...event,
          kind: 'refund',
          count: missing,
          amount: formatMoney(amount),
        });
        await notify(tx, {
          userId: row.user_id,
          type: 'reviews',
          key: 'guaranteeRefunded',
          params: { id: row.id, count: missing, amount: centsText(amount) },
          campaignId: row.id,
        });
      }
    }
    await tx.update(reviewGuarantees).set(values).where(eq(reviewGuarantees.campaign_id, campaignId));
  });
}

/** The `campaigns.guarantee` job: checks every guarantee not over yet (the last check runs at its end). */
export async function checkGuarantees(deps: Deps, now = new Date()) {
  const due = await deps.db
    .select({ id: reviewGuarantees.campaign_id })
    .from(reviewGuarantees)
    .where(
      sql`${reviewGuarantees.checked_at} is null or ${reviewGuarantees.checked_at} < ${reviewGuarantees.until}`,
    );
  await eachOnItsOwn(due, (each) => checkOne(deps, each.id, now), {
    what: 'campaigns.guarantee',
    contextOf: (each) => ({ campaignId: each.id }),
  });
}
