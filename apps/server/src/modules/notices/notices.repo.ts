import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { NoticeType } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import { noticeEmailTypes, noticeTemplates, notices, notifications, users } from '../../db/schema/index.js';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;
export type TemplateRow = typeof noticeTemplates.$inferSelect;
export type TemplateValues = Pick<typeof noticeTemplates.$inferInsert, 'name' | 'text'>;

/** A page of a user's notices (or only the unread ones), newest first, and how many there are. */
export async function noticesPage(db: Db, userId: number, page: number, limit: number, onlyUnread: boolean) {
  const mine = eq(notices.user_id, userId);
  const where = onlyUnread ? and(mine, isNull(notices.viewed_at)) : mine;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.created_at), desc(notices.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(notices).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** How many of the user's notices are unread. */
export async function unreadCount(db: Db, userId: number) {
  const [unread] = await db
    .select({ value: count() })
    .from(notices)
    .where(and(eq(notices.user_id, userId), isNull(notices.viewed_at)));
  return unread?.value ?? 0;
}

/** Marks one of the user's notices viewed, once; answers the notice (none when it is not theirs). */
export async function markViewed(db: Db, userId: number, id: number): Promise<NoticeRow | undefined> {
  await db
    .update(notices)
    .set({ viewed_at: new Date() })
    .where(and(eq(notices.id, id), eq(notices.user_id, userId), isNull(notices.viewed_at)));
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), eq(notices.user_id, userId)));
  return row;
}

/** The user's pinned notifications still shown, newest first (20 at most). */
export function activeNotifications(db: Db, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.active, true)))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(20);
}

/** Hides one of the user's notifications; false when it is not theirs. */
export async function deactivateNotification(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ active: false })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

export async function insertNotification(tx: Queryable, userId: number, body: string) {
  await tx.insert(notifications).values({ user_id: userId, body });
}

/** The notice types the user also receives by e-mail, by name. */
export async function emailTypesOf(db: Db, userId: number) {
  const rows = await db
    .select({ type: noticeEmailTypes.type })
    .from(noticeEmailTypes)
    .where(eq(noticeEmailTypes.user_id, userId))
    .orderBy(asc(noticeEmailTypes.type));
  return rows.map((row) => row.type);
}

/** Replaces the notice types the user receives by e-mail. */
export async function replaceEmailTypes(db: Db, userId: number, types: NoticeType[]) {
  await db.transaction(async (tx) => {
    await tx.delete(noticeEmailTypes).where(eq(noticeEmailTypes.user_id, userId));
    if (types.length) {
      await tx
        .insert(noticeEmailTypes)
        .values(types.map((type) => ({ user_id: userId, type })))
        .onConflictDoNothing();
    }
  });
}

/** The user receives notices of this type by e-mail too. */
export async function wantsEmail(tx: Queryable, userId: number, type: NoticeType) {
  const [wanted] = await tx
    .select({ type: noticeEmailTypes.type })
    .from(noticeEmailTypes)
    .where(and(eq(noticeEmailTypes.user_id, userId), eq(noticeEmailTypes.type, type)));
  return wanted !== undefined;
}

/** A system notice as notify() writes it (notify.ts). */
export interface SystemNoticeRow {
  userId: number;
  type: NoticeType;
  key: string;
  params: Record<string, string>;
  campaignId: number | null;
  mailable: boolean;
}

/**
 * The insert of a system notice, pending for the mail job when `mailable` and the customer takes this type by
 * e-mail: one statement, run alone (notify) or beside others in one (crediting a payment).
 */
export function systemNoticeInsert(notice: SystemNoticeRow): SQL {
  return sql`insert into ${notices} (user_id, type, key, params, campaign_id, mail_status)
    select ${notice.userId}::int, ${notice.type}::smallint, ${notice.key}::text,
      ${sql.param(notice.params, notices.params)}::jsonb, ${notice.campaignId}::int,
      case when ${notice.mailable}::boolean and exists (select 1 from ${noticeEmailTypes} e
        where e.user_id = ${notice.userId} and e.type = ${notice.type}) then 'pending' else 'none' end`;
}

export async function insertSystemNotice(tx: Queryable, notice: SystemNoticeRow) {
  await rowsOf(tx, systemNoticeInsert(notice), { prepared: true });
}

export async function insertNotice(tx: Queryable, values: NewNotice): Promise<NoticeRow> {
  const [row] = await tx.insert(notices).values(values).returning();
  return row!;
}

export async function templateById(db: Db, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(noticeTemplates).where(eq(noticeTemplates.id, id));
  return row;
}

/** A page of the templates by name, and how many there are. */
export async function templatesPage(db: Db, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(noticeTemplates)
      .orderBy(asc(sql`lower(${noticeTemplates.name})`), asc(noticeTemplates.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(noticeTemplates),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertTemplate(tx: Queryable, values: TemplateValues): Promise<TemplateRow> {
  const [created] = await tx.insert(noticeTemplates).values(values).returning();
  return created!;
}

/** Locks a template for the rest of the transaction. */
export async function lockTemplate(tx: Queryable, id: number): Promise<TemplateRow | undefined> {
  const [row] = await tx.select().from(noticeTemplates).where(eq(noticeTemplates.id, id)).for('update');
  return row;
}

export async function updateTemplate(
  tx: Queryable,
  id: number,
  values: TemplateValues,
): Promise<TemplateRow> {
  const [after] = await tx
    .update(noticeTemplates)
    .set({ ...values, updated_at: new Date() })
    .where(eq(noticeTemplates.id, id))
    .returning();
  return after!;
}

/** Deletes a template; answers it (none when there was none). */
export async function deleteTemplate(tx: Queryable, id: number): Promise<TemplateRow | undefined> {
  const [row] = await tx.delete(noticeTemplates).where(eq(noticeTemplates.id, id)).returning();
  return row;
}

/** The oldest notices waiting for their e-mail, with their reader's address, name and language. */
export function noticesAwaitingMail(db: Db, limit: number) {
  return db
    .select({ notice: notices, user: { email: users.email, nickname: users.nickname, locale: users.locale } })
    .from(notices)
    .innerJoin(users, eq(users.id, notices.user_id))
    .where(eq(notices.mail_status, 'pending'))
    .orderBy(asc(notices.id))
    .limit(limit);
}

/** Marks a notice's e-mail sent (if it was still waiting). */
export async function markMailed(db: Db, noticeId: number) {
  await db
    .update(notices)
    .set({ mail_status: 'sent' })
    .where(and(eq(notices.id, noticeId), eq(notices.mail_status, 'pending')));
}
