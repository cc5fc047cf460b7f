import { NOTICE_MESSAGES, type CampaignMessage, type campaignMessageBodySchema } from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import {
  campaignOwner,
  insertMessage,
  markMessagesRead,
  messagesPage,
  nicknameOf,
  unreadCustomerMessages,
  type MessageRow,
} from './campaign-messages.repo.js';
import { notify } from './notify.js';

type Body = z.output<typeof campaignMessageBodySchema>;
/** Staff are shown as support to the customer; the customer by their nickname. */
const STAFF_AUTHOR = 'Support';

const view = (row: MessageRow, author: string | null): CampaignMessage => ({
  id: row.id,
  campaign_id: row.campaign_id,
  from: row.from_staff ? 'staff' : 'customer',
  author: row.from_staff ? STAFF_AUTHOR : (author ?? ''),
  text: row.text,
  created_at: row.created_at.toISOString(),
});

/** The campaign's owner; 404 when there is no such campaign or (`ownerId` given) it is another's. */
async function ownerOf(db: Queryable, campaignId: number, ownerId?: number) {
  const owner = await campaignOwner(db, campaignId, ownerId);
  if (owner === undefined) throw new NotFoundError();
  return owner;
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
  const { rows, total } = await messagesPage(db, campaignId, page.page, page.limit);
  await markMessagesRead(db, campaignId, !reader.staff);
  return {
    data: rows.map(({ row, author }) => view(row, author)),
    meta: pageMeta(total, page.page, page.limit),
  };
}

/** The customer writes on their own campaign's thread; staff see it as unread on the orders page. */
export async function customerWrites(db: Db, userId: number, campaignId: number, body: Body) {
  await ownerOf(db, campaignId, userId);
  const row = await insertMessage(db, { campaignId, authorId: userId, fromStaff: false, text: body.text });
  return { data: view(row, await nicknameOf(db, userId)), message: NOTICE_MESSAGES.messageSent };
}

/** Staff answer on a campaign's thread: the customer gets a notice about it. */
export async function staffWrites(db: Db, actorId: number, campaignId: number, body: Body) {
  const row = await db.transaction(async (tx) => {
    const ownerId = await ownerOf(tx, campaignId);
    const created = await insertMessage(tx, {
      campaignId,
      authorId: actorId,
      fromStaff: true,
      text: body.text,
    });
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
    return created;
  });
  return { data: view(row, null), message: NOTICE_MESSAGES.messageSent };
}

/** Staff: the campaigns whose customer wrote messages nobody on staff has read yet (at most 500). */
export async function unreadByCampaign(db: Db) {
  return { data: await unreadCustomerMessages(db) };
}
