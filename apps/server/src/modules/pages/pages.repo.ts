import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContactMessageStatus, StartingStep } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { contactMessages, users } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import { oneOfUserOwned, pageOfUserOwned, userSearch } from '../users/users.repo.js';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** The user's personal manager's nickname and e-mail, if assigned. */
export async function personalManagerOf(db: Db, userId: number) {
  const manager = alias(users, 'manager');
  const [row] = await db
    .select({ nickname: manager.nickname, email: manager.email })
    .from(users)
    .innerJoin(manager, eq(manager.id, users.manager_id))
    .where(eq(users.id, userId));
  return row;
}

export async function senderOf(db: Db, userId: number) {
  const [sender] = await db
    .select({ email: users.email, nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  return sender;
}

export async function insertContactMessage(
  db: Db,
  userId: number,
  body: { subject: string; message: string },
) {
  await db.insert(contactMessages).values({ user_id: userId, subject: body.subject, message: body.message });
}

export interface ContactMessageQuery {
  user_id?: number | undefined;
  status?: ContactMessageStatus | undefined;
  search?: string | undefined;
  page: number;
  limit: number;
}

/** A page of contact messages with their senders, newest first, of everyone or of one user; and how many. */
export async function pageContactMessages(db: Db, query: ContactMessageQuery) {
  const where = and(
    query.user_id ? eq(contactMessages.user_id, query.user_id) : undefined,
    query.status ? eq(contactMessages.status, query.status) : undefined,
    query.search ? userSearch(query.search) : undefined,
  );
  return pageOfUserOwned(db, contactMessages, where, query);
}

/** A contact message, locked for its change. */
export async function lockContactMessage(tx: Queryable, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function updateContactMessage(
  tx: Queryable,
  id: number,
  values: Pick<ContactMessageRow, 'status' | 'note' | 'handled_by' | 'handled_at'>,
) {
  await tx.update(contactMessages).set(values).where(eq(contactMessages.id, id));
}

/** A contact message with its sender. */
export async function contactMessageWithSender(db: Db, id: number) {
  const found = await oneOfUserOwned(db, contactMessages, id);
  return found && { message: found.row, user: found.user };
}

/** Which first steps of the account are done, each read from what the account holds (one query). */
export async function startingStepsOf(db: Db, userId: number) {
  const [row] = await rowsOf<Record<StartingStep, boolean>>(
    db,
    sql`
    select
      (u.email_verified_at is not null) as email_verified,
      exists (select 1 from apps a where a.user_id = u.id) as app_added,
      exists (select 1 from keywords k join apps a on a.id = k.app_id where a.user_id = u.id) as keywords_tracked,
      exists (select 1 from payments p where p.user_id = u.id and p.status = 'credited') as topped_up,
      exists (select 1 from campaigns c where c.user_id = u.id) as campaign_created
    from users u where u.id = ${userId}`,
  );
  return row;
}
