import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { MESSAGES, type TwoFactorSetupResponse, type TwoFactorStatus } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { twoFactor, twoFactorRecoveryCodes } from '../../db/schema/index.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import type { UserRow } from '../users/users.repo.js';

const PERIOD_S = 30;
/** One step either side: a phone's clock a little off still signs in. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secret: string, label = '') {
  return new OTPAuth.TOTP({
    issuer: 'Storelift',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** Spaces, dashes and case do not matter in a recovery code ("abcde-fghij"). */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}

async function rowOf(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.user_id, userId));
  return row;
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const row = await rowOf(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.user_id, userId), isNull(twoFactorRecoveryCodes.used_at)));
  return { enabled: Boolean(row?.enabled_at), recovery_codes_left: row?.enabled_at ? (left?.n ?? 0) : 0 };
}

/** A new secret, pending until `enableTwoFactor` sees a code made from it (409 while sign-in already uses one). */
export async function setUpTwoFactor(db: Db, user: UserRow): Promise<TwoFactorSetupResponse> {
  if ((await rowOf(db, user.id))?.enabled_at) throw new ConflictError(MESSAGES.twoFactorAlreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .insert(twoFactor)
    .values({ user_id: user.id, secret })
    .onConflictDoUpdate({ target: twoFactor.user_id, set: { secret, last_step: null } });
  const uri = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Accepts a 6-digit code of the secret once: the step it belongs to must be later than the last accepted one,
 * checked and stored in one statement, so a code seen by someone else is already spent.
 */
async function acceptTotp(db: Db, userId: number, secret: string, code: string, enabled: boolean) {
  const delta = totpOf(secret).validate({ token: code, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD_S) + delta;
  const [row] = await db
    .update(twoFactor)
    .set({ last_step: step, ...(enabled ? {} : { enabled_at: new Date() }) })
    .where(
      and(
        eq(twoFactor.user_id, userId),
        eq(twoFactor.secret, secret),
        enabled ? undefined : isNull(twoFactor.enabled_at),
        or(isNull(twoFactor.last_step), lt(twoFactor.last_step, step)),
      ),
    )
    .returning({ user_id: twoFactor.user_id });
  return Boolean(row);
}

/** Turns two-factor sign-in on with the first code from the app; answers the recovery codes, this once. */
export async function enableTwoFactor(db: Db, userId: number, code: string) {
  const row = await rowOf(db, userId);
  if (row?.enabled_at) throw new ConflictError(MESSAGES.twoFactorAlreadyOn);
  if (!row || !(await acceptTotp(db, userId, row.secret, code, false))) {
    throw ValidationError.field('code', MESSAGES.twoFactorInvalid);
  }
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((value) => ({ user_id: userId, code_hash: hashToken(normalizeRecovery(value)) })));
  });
  return { recovery_codes: codes, message: MESSAGES.twoFactorOn };
}

/** Turns it off; the password proves the owner is at the keyboard. */
export async function disableTwoFactor(db: Db, user: UserRow, password: string) {
  if (!(await verifyPassword(user.password_hash, password))) {
    throw ValidationError.field('password', MESSAGES.currentPasswordWrong);
  }
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, user.id));
    await tx.delete(twoFactor).where(eq(twoFactor.user_id, user.id));
  });
  return { message: MESSAGES.twoFactorOff };
}

/**
 * The second factor at sign-in, after the password: nothing for a user without it; else the app's current
 * code or an unused recovery code (then used up), or a 422 on `code`.
 */
export async function checkSecondFactor(db: Db, userId: number, code: string | undefined) {
  const row = await rowOf(db, userId);
  if (!row?.enabled_at) return;
  if (!code) throw ValidationError.field('code', MESSAGES.twoFactorRequired);
  if (/^\d{6}$/.test(code)) {
    if (await acceptTotp(db, userId, row.secret, code, true)) return;
  } else {
    const [used] = await db
      .update(twoFactorRecoveryCodes)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.user_id, userId),
          eq(twoFactorRecoveryCodes.code_hash, hashToken(normalizeRecovery(code))),
          isNull(twoFactorRecoveryCodes.used_at),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (used) return;
  }
  throw ValidationError.field('code', MESSAGES.twoFactorInvalid);
}
