import { z } from 'zod';
import { API_TOKEN_PACKS } from '../constants/money.js';
import { MESSAGES } from '../rules/messages.js';
import { balancesSchema } from './billing.js';
import { queryFlagRule } from './apps.js';
import { profileFieldsShape, userSchema } from './auth.js';
import {
  addressRule,
  clearable,
  companyRule,
  contactGiven,
  loginPasswordRule,
  passwordRule,
  passwordsMatch,
  vatIdRule,
} from '../rules/auth.js';

/** The API key and credits of a user (customer-area §7 Profile). */
export const apiInfoSchema = z.object({
  /** The token masked ("sl_…a1b2"), or null when none was created yet; the full token is shown once. */
  key: z.string().nullable(),
  /** The test token masked ("sl_test_…a1b2"): free calls, orders answered as dry runs. */
  test_key: z.string().nullable(),
  /** Free credits left this month. */
  credits: z.number().int(),
  /** Bought credits left. */
  paid_credits: z.number().int(),
  free_monthly: z.number().int(),
  auto_refresh: z.boolean(),
  /** When the free credits were last reset (the first of the month, UTC). */
  reset_at: z.string().nullable(),
  packs: z.array(z.object({ credits: z.number().int(), price: z.string() })),
});
export type ApiInfo = z.infer<typeof apiInfoSchema>;

/** `GET users/profile`: what the header and the profile page show. */
export const profileResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    nickname: z.string(),
    email: z.string(),
    full_name: z.string(),
    business_type: z.string(),
    country: z.string(),
    phone: z.string().nullable(),
    messenger_type: z.string().nullable(),
    messenger_id: z.string().nullable(),
    avatar: z.string().nullable(),
    company: z.string().nullable(),
    address: z.string().nullable(),
    vat_id: z.string().nullable(),
    priceplan: z.object({ id: z.number().int(), name: z.string() }),
    balances: balancesSchema,
    api: apiInfoSchema,
    referral: z.object({ code: z.string(), link: z.string() }),
  }),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * `POST users/profile`: the nickname and profile fields, with the sign-up rules (customer-area §5), and the
 * invoice details: a blank one clears it, one left out stays as it is.
 */
export const profileUpdateBodySchema = z
  .object({
    ...profileFieldsShape,
    company: clearable(companyRule),
    address: clearable(addressRule),
    vat_id: clearable(vatIdRule),
  })
  .superRefine(contactGiven);
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;
/** The saved profile, and the user as the session holds it (the header shows the nickname). */
export const profileUpdateResponseSchema = profileResponseSchema.extend({
  user: userSchema,
  message: z.string(),
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/**
 * `POST users/profile/password`: the current password proves it is the user; with `sign_out_everywhere` (the
 * default) every other session of the user ends.
 */
export const changePasswordBodySchema = z
  .object({
    current_password: loginPasswordRule,
    password: passwordRule,
    password_confirmation: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    sign_out_everywhere: z.boolean().default(true),
  })
  .superRefine((data, ctx) => {
    passwordsMatch(data, ctx);
    if (data.password === data.current_password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordUnchanged });
    }
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** `GET users/profile/two-factor`: whether sign-in asks for a code, and how many recovery codes are unused. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST users/profile/two-factor/setup`: a new secret for the authenticator app, as text, link and QR code. */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The `otpauth://` link as an SVG QR code, a `data:` URL. */
  qr: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** `POST users/profile/two-factor/enable`: the first code from the app proves it holds the secret. */
export const twoFactorEnableBodySchema = z.object({
  code: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .regex(/^\d{6}$/, MESSAGES.twoFactorInvalid),
});
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBodySchema>;
/** The recovery codes, shown this once. */
export const twoFactorEnableResponseSchema = z.object({
  recovery_codes: z.array(z.string()),
  message: z.string(),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/** `POST users/profile/two-factor/disable`: the password again, so a left-open session cannot turn it off. */
export const twoFactorDisableBodySchema = z.object({ password: loginPasswordRule });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;

/** Avatars: what an upload may be, and what the server makes of it. */
export const AVATAR = {
  /** Larger uploads answer "Image too large" (customer-area §5). */
  maxBytes: 5 * 1024 * 1024,
  /** Width × height past which an image is "too large" too, before it is decoded. */
  maxPixels: 40_000_000,
  /** The stored avatar: a square WebP of this side. */
  size: 256,
  /** What the file picker offers; the server checks the bytes, not the name or the type sent. */
  accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

/** `POST users/profile/image` (multipart `image`) and `users/profile/image/delete`. */
export const avatarResponseSchema = z.object({ user: userSchema, message: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/** `POST users/profile/change-api-token`: the new token in full, this once. */
export const changeApiTokenResponseSchema = z.object({
  api_token: z.string(),
  data: apiInfoSchema,
  message: z.string(),
});
export type ChangeApiTokenResponse = z.infer<typeof changeApiTokenResponseSchema>;

const packCredits = API_TOKEN_PACKS.map((pack) => pack.credits) as number[];
/** `POST users/api-credits/buy-tokens`: one of the packs, paid from the balance (bonus first). */
export const buyTokensBodySchema = z.object({
  credits: z.coerce
    .number({ error: MESSAGES.apiPackInvalid })
    .int()
    .refine((value) => packCredits.includes(value), MESSAGES.apiPackInvalid),
});
export type BuyTokensBody = z.input<typeof buyTokensBodySchema>;
export const apiCreditsResponseSchema = z.object({
  data: apiInfoSchema,
  balances: balancesSchema,
  message: z.string(),
});
export type ApiCreditsResponse = z.infer<typeof apiCreditsResponseSchema>;

export const changeAutoRefreshBodySchema = z.object({ auto_refresh: queryFlagRule });
export type ChangeAutoRefreshBody = z.input<typeof changeAutoRefreshBodySchema>;
