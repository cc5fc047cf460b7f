import { and, count, desc, eq, isNull, not } from 'drizzle-orm';
import { NOTICE_MESSAGES, type CampaignMessage, type campaignMessageBodySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { campaignMessages, campaigns, users } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { notify } from './notify.js';

type Body = z.output<typeof campaignMessageBodySchema>;
type Row = typeof campaignMessages.$inferSelect;

/** Staff are shown as support to the customer; the customer by their nickname. */
const STAFF_AUTHOR = 'Support';

const view = (row: Row, author: string | null): CampaignMessage => ({
  id: row.id,
  campaign_id: row.campaign_id,
  from: row.from_staff ? 'staff' : 'customer',
  author: row.from_staff ? STAFF_AUTHOR : (author ?? ''),
  text: row.text,
  created_at: row.created_at.toISOString(),
});

/** The campaign's owner; 404 when there is no such campaign or (`ownerId` given) it is another's. */
async function ownerOf(db: Queryable, campaignId: number, ownerId?: number) {
  const [row] = await db
    .select({ user_id: campaigns.user_id })
    .from(campaigns)
    .where(
      ownerId === undefined
        ? eq(campaigns.id, campaignId)
        : and(eq(campaigns.id, campaignId), eq(campaigns.user_id, ownerId)),
    );
  if (!row) throw new NotFoundError();
  return row.user_id;
}

/**
 * A page of a campaign's thread, newest first; reading it marks the other side's messages read. `ownerId`
 * restricts it to the customer's own campaign (staff read any).
 */
export async function thread(
  db: Db,
  campaignId: number,
  reader: { staff: boolean; ownerId?: number },
  page: { page: number; limit: number },
) {
  await ownerOf(db, campaignId, reader.ownerId);
  const where = eq(campaignMessages.campaign_id, campaignId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: campaignMessages, author: users.nickname })
      .from(campaignMessages)
      .leftJoin(users, eq(users.id, campaignMessages.author_id))
      .where(where)
      .orderBy(desc(campaignMessages.created_at), desc(campaignMessages.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ value: count() }).from(campaignMessages).where(where),
  ]);
  await db
    .update(campaignMessages)
    .set({ read_at: new Date() })
    .where(and(where, eq(campaignMessages.from_staff, !reader.staff), isNull(campaignMessages.read_at)));
  return {
    data: rows.map(({ row, author }) => view(row, author)),
    meta: pageMeta(total?.value ?? 0, page.page, page.limit),
  };
}

/** The customer writes on their own campaign's thread; staff see it as unread on the orders page. */
export async function customerWrites(db: Db, userId: number, campaignId: number, body: Body) {
  await ownerOf(db, campaignId, userId);
  const [row] = await db
    .insert(campaignMessages)
    .values({ campaign_id: campaignId, author_id: userId, from_staff: false, text: body.text })
    .returning();
  const [author] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return { data: view(row!, author?.nickname ?? null), message: NOTICE_MESSAGES.messageSent };
}

/** Staff answer on a campaign's thread: the customer gets a notice about it. */
export async function staffWrites(db: Db, actorId: number, campaignId: number, body: Body) {
  const row = await db.transaction(async (tx) => {
    const ownerId = await ownerOf(tx, campaignId);
    const [created] = await tx
      .insert(campaignMessages)
      .values({ campaign_id: campaignId, author_id: actorId, from_staff: true, text: body.text })
      .returning();
    await notify(tx, {
      userId: ownerId,
      type: 'campaign_message',
      key: 'campaignMessage',
      params: { id: campaignId },
      campaignId,
    });
    await audit(tx, {
      action: 'campaign-messages.send',
      target: { type: 'campaign', id: campaignId, userId: ownerId },
      after: { text: body.text },
    });
    return created!;
  });
  return { data: view(row, null), message: NOTICE_MESSAGES.messageSent };
}

/** Staff: the campaigns whose customer wrote messages nobody on staff has read yet (at most 500). */
export async function unreadByCampaign(db: Db) {
  const rows = await db
    .select({ campaign_id: campaignMessages.campaign_id, unread: count() })
    .from(campaignMessages)
    .where(and(not(campaignMessages.from_staff), isNull(campaignMessages.read_at)))
    .groupBy(campaignMessages.campaign_id)
    .orderBy(desc(campaignMessages.campaign_id))
    .limit(500);
  return { data: rows };
}
