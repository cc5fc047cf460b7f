import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { avatars, resellerEmailTemplates, users } from '../../db/schema/index.js';
import { setAvatar, type UserRow } from '../users/users.repo.js';

export type TemplateRow = typeof resellerEmailTemplates.$inferSelect;

/** The profile fields a user edits; an invoice detail left out (undefined) keeps its value. */
export type ProfileFields = Pick<
  typeof users.$inferInsert,
  | 'nickname'
  | 'full_name'
  | 'business_type'
  | 'country'
  | 'phone'
  | 'messenger_type'
  | 'messenger_id'
  | 'company'
  | 'address'
  | 'vat_id'
>;

/** Writes the user's profile fields; answers the row after (a taken nickname throws the unique violation). */
export async function updateProfileFields(db: Db, userId: number, fields: ProfileFields): Promise<UserRow> {
  const [row] = await db
    .update(users)
    // Drizzle sets only the keys given.
    .set({ ...fields, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Replaces the user's avatar image (the old key stops working) and its address; answers the user. */
export async function replaceAvatar(db: Db, userId: number, key: string, image: Buffer, avatar: string) {
  return db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.user_id, userId));
    await tx.insert(avatars).values({ key, user_id: userId, image });
    return setAvatar(tx, userId, avatar);
  });
}

/** Drops the user's avatar image and address; answers the user. */
export async function dropAvatar(db: Db, userId: number) {
  return db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.user_id, userId));
    return setAvatar(tx, userId, null);
  });
}

/** The stored image of an avatar key. */
export async function avatarImageOf(db: Db, key: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ image: avatars.image }).from(avatars).where(eq(avatars.key, key));
  return row?.image;
}

/** The reseller's saved e-mail templates. */
export function resellerTemplatesOf(db: Db, userId: number): Promise<TemplateRow[]> {
  return db.select().from(resellerEmailTemplates).where(eq(resellerEmailTemplates.user_id, userId));
}

const templateOf = (userId: number, key: string) =>
  and(eq(resellerEmailTemplates.user_id, userId), eq(resellerEmailTemplates.key, key));

export async function deleteResellerTemplate(db: Db, userId: number, key: string) {
  await db.delete(resellerEmailTemplates).where(templateOf(userId, key));
}

/** Saves the reseller's text of one kind of e-mail; answers the row. */
export async function saveResellerTemplate(
  db: Db,
  userId: number,
  key: string,
  text: { subject: string; body: string },
): Promise<TemplateRow> {
  const values = { ...text, updated_at: new Date() };
  const [row] = await db
    .insert(resellerEmailTemplates)
    .values({ user_id: userId, key, ...values })
    .onConflictDoUpdate({ target: [resellerEmailTemplates.user_id, resellerEmailTemplates.key], set: values })
    .returning();
  return row!;
}
