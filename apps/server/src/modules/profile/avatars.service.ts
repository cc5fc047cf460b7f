import { MESSAGES, type AvatarResponse } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { newToken } from '../../lib/tokens.js';
import type { AuthContext } from '../sessions/auth.plugin.js';
import { toUserView } from '../users/users.repo.js';
import { toAvatar } from './avatar-image.js';
import { avatarImageOf, dropAvatar, replaceAvatar } from './profile.repo.js';

/** Where avatars are served: that route serves nothing else (profile.routes.ts). */
export const AVATAR_PATH = '/avatars';
/** An avatar's file name: its random key (newToken, 43 characters) and the format it is stored in. */
export const AVATAR_FILE = /^([A-Za-z0-9_-]{43})\.webp$/;

/** Replaces the user's avatar (the old address stops working) and answers the user with its new address. */
export async function saveAvatar(db: Db, auth: AuthContext, upload: Buffer): Promise<AvatarResponse> {
  const image = await toAvatar(upload);
  const key = newToken();
  const avatar = `${AVATAR_PATH}/${key}.webp`;
  const user = await replaceAvatar(db, auth.user.id, key, image, avatar);
  return { user: toUserView(user, auth.roles), message: MESSAGES.actionSaved };
}

/** `users/profile/image/delete`: the user has initials again; the old address answers 404. */
export async function deleteAvatar(db: Db, auth: AuthContext): Promise<AvatarResponse> {
  const user = await dropAvatar(db, auth.user.id);
  return { user: toUserView(user, auth.roles), message: MESSAGES.actionDeleted };
}

/** The stored image of an avatar key, or undefined. */
export async function avatarImage(db: Db, key: string): Promise<Buffer | undefined> {
  return avatarImageOf(db, key);
}
