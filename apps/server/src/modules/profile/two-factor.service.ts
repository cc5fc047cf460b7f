import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { MESSAGES, type TwoFactorSetupResponse, type TwoFactorStatus } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import type { UserRow } from '../users/users.repo.js';
import {
  acceptStep,
  deleteTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  saveSecret,
  twoFactorOf,
  useRecoveryCode,
} from './two-factor.repo.js';

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

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const row = await twoFactorOf(db, userId);
  const left = await recoveryCodesLeft(db, userId);
  return { enabled: Boolean(row?.enabled_at), recovery_codes_left: row?.enabled_at ? left : 0 };
}

/** A new secret, pending until `enableTwoFactor` sees a code made from it (409 while sign-in already uses one). */
export async function setUpTwoFactor(db: Db, user: UserRow): Promise<TwoFactorSetupResponse> {
  if ((await twoFactorOf(db, user.id))?.enabled_at) throw new ConflictError(MESSAGES.twoFactorAlreadyOn);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await saveSecret(db, user.id, secret);
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
  return acceptStep(db, userId, secret, step, enabled);
}

/** Turns two-factor sign-in on with the first code from the app; answers the recovery codes, this once. */
export async function enableTwoFactor(db: Db, userId: number, code: string) {
  const row = await twoFactorOf(db, userId);
  if (row?.enabled_at) throw new ConflictError(MESSAGES.twoFactorAlreadyOn);
  if (!row || !(await acceptTotp(db, userId, row.secret, code, false))) {
    throw ValidationError.field('code', MESSAGES.twoFactorInvalid);
  }
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((value) => hashToken(normalizeRecovery(value))),
  );
  return { recovery_codes: codes, message: MESSAGES.twoFactorOn };
}

/** Turns it off; the password proves the owner is at the keyboard. */
export async function disableTwoFactor(db: Db, user: UserRow, password: string) {
  if (!(await verifyPassword(user.password_hash, password))) {
    throw ValidationError.field('password', MESSAGES.currentPasswordWrong);
  }
  await deleteTwoFactor(db, user.id);
  return { message: MESSAGES.twoFactorOff };
}

/**
 * The second factor at sign-in, after the password: nothing for a user without it; else the app's current
 * code or an unused recovery code (then used up), or a 422 on `code`.
 */
export async function checkSecondFactor(db: Db, userId: number, code: string | undefined) {
  const row = await twoFactorOf(db, userId);
  if (!row?.enabled_at) return;
  if (!code) throw ValidationError.field('code', MESSAGES.twoFactorRequired);
  if (/^\d{6}$/.test(code)) {
    if (await acceptTotp(db, userId, row.secret, code, true)) return;
  } else {
    if (await useRecoveryCode(db, userId, hashToken(normalizeRecovery(code)))) return;
  }
  throw ValidationError.field('code', MESSAGES.twoFactorInvalid);
}
