import { and, count, desc, eq, isNull, not } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { campaignMessages, campaigns, users } from '../../db/schema/index.js';

export type MessageRow = typeof campaignMessages.$inferSelect;

/** The campaign's owner (`ownerId` given: only when it is theirs); none when there is no such campaign. */
export async function campaignOwner(db: Queryable, campaignId: number, ownerId?: number) {
  const [row] = await db
    .select({ user_id: campaigns.user_id })
    .from(campaigns)
    .where(
      ownerId === undefined
        ? eq(campaigns.id, campaignId)
        : and(eq(campaigns.id, campaignId), eq(campaigns.user_id, ownerId)),
    );
  return row?.user_id;
}

/** A page of a campaign's messages with their authors' nicknames, newest first, and how many there are. */
export async function messagesPage(db: Db, campaignId: number, page: number, limit: number) {
  const where = eq(campaignMessages.campaign_id, campaignId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: campaignMessages, author: users.nickname })
      .from(campaignMessages)
      .leftJoin(users, eq(users.id, campaignMessages.author_id))
      .where(where)
      .orderBy(desc(campaignMessages.created_at), desc(campaignMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(campaignMessages).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Marks read the campaign's messages from staff (`fromStaff`) or from the customer. */
export async function markMessagesRead(db: Db, campaignId: number, fromStaff: boolean) {
  await db
    .update(campaignMessages)
    .set({ read_at: new Date() })
    .where(
      and(
        eq(campaignMessages.campaign_id, campaignId),
        eq(campaignMessages.from_staff, fromStaff),
        isNull(campaignMessages.read_at),
      ),
    );
}

export async function insertMessage(
  db: Queryable,
  values: { campaignId: number; authorId: number; fromStaff: boolean; text: string },
): Promise<MessageRow> {
  const [row] = await db
    .insert(campaignMessages)
    .values({
      campaign_id: values.campaignId,
      author_id: values.authorId,
      from_staff: values.fromStaff,
      text: values.text,
    })
    .returning();
  return row!;
}

export async function nicknameOf(db: Db, userId: number) {
  const [author] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return author?.nickname ?? null;
}

/** The campaigns with customer messages nobody on staff has read yet, with how many (at most 500). */
export function unreadCustomerMessages(db: Db) {
  return db
    .select({ campaign_id: campaignMessages.campaign_id, unread: count() })
    .from(campaignMessages)
    .where(and(not(campaignMessages.from_staff), isNull(campaignMessages.read_at)))
    .groupBy(campaignMessages.campaign_id)
    .orderBy(desc(campaignMessages.campaign_id))
    .limit(500);
}
