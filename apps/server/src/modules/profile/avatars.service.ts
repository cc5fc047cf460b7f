import { eq } from 'drizzle-orm';
import { MESSAGES, type AvatarResponse } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { avatars, users } from '../../db/schema/index.js';
import { newToken } from '../../lib/tokens.js';
import type { AuthContext } from '../sessions/auth.plugin.js';
import { toUserView } from '../users/users.repo.js';
import { toAvatar } from './avatar-image.js';

/** Where avatars are served: that route serves nothing else (profile.routes.ts). */
export const AVATAR_PATH = '/avatars';
/** An avatar's file name: its random key (newToken, 43 characters) and the format it is stored in. */
export const AVATAR_FILE = /^([A-Za-z0-9_-]{43})\.webp$/;

/** Replaces the user's avatar (the old address stops working) and answers the user with its new address. */
export async function saveAvatar(db: Db, auth: AuthContext, upload: Buffer): Promise<AvatarResponse> {
  const image = await toAvatar(upload);
  const key = newToken();
  const avatar = `${AVATAR_PATH}/${key}.webp`;
  const user = await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.user_id, auth.user.id));
    await tx.insert(avatars).values({ key, user_id: auth.user.id, image });
    const [row] = await tx
      .update(users)
      .set({ avatar, updated_at: new Date() })
      .where(eq(users.id, auth.user.id))
      .returning();
    return row!;
  });
  return { user: toUserView(user, auth.roles), message: MESSAGES.actionSaved };
}

/** `users/profile/image/delete`: the user has initials again; the old address answers 404. */
export async function deleteAvatar(db: Db, auth: AuthContext): Promise<AvatarResponse> {
  const user = await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.user_id, auth.user.id));
    const [row] = await tx
      .update(users)
      .set({ avatar: null, updated_at: new Date() })
      .where(eq(users.id, auth.user.id))
      .returning();
    return row!;
  });
  return { user: toUserView(user, auth.roles), message: MESSAGES.actionDeleted };
}

/** The stored image of an avatar key, or undefined. */
export async function avatarImage(db: Db, key: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ image: avatars.image }).from(avatars).where(eq(avatars.key, key));
  return row?.image;
}
