import { z } from 'zod';
import { text } from '../rules/text.js';
import {
  businessTypeRule,
  contactGiven,
  countryRule,
  emailRule,
  fullNameRule,
  localeRule,
  loginPasswordRule,
  messengerIdRule,
  messengerTypeRule,
  nicknameRule,
  optional,
  passwordRule,
  passwordsMatch,
  phoneRule,
} from '../rules/auth.js';
import { MESSAGES } from '../rules/messages.js';
import { LOCALES } from '../constants/locales.js';

export const loginBodySchema = z.object({
  email: emailRule,
  password: loginPasswordRule,
  /** With two-factor sign-in on: the authenticator's 6 digits or a recovery code. */
  code: optional(text({ max: 32, maxMessage: MESSAGES.twoFactorInvalid })),
});
export type LoginBody = z.input<typeof loginBodySchema>;

const mustBeTrue = (message: string) =>
  z
    .preprocess((value) => value === true || value === 'true' || value === 1 || value === '1', z.boolean())
    .refine((value) => value, message);

/** Who the user is: asked at sign-up and edited on My profile (customer-area §5). */
export const profileFieldsShape = {
  nickname: nicknameRule,
  full_name: fullNameRule,
  business_type: businessTypeRule,
  country: countryRule,
  phone: optional(phoneRule),
  messenger_type: optional(messengerTypeRule),
  messenger_id: optional(messengerIdRule),
};

export const registerBodySchema = z
  .object({
    email: emailRule,
    password: passwordRule,
    password_confirmation: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    ...profileFieldsShape,
    terms: mustBeTrue(MESSAGES.termsRequired),
    adult: mustBeTrue(MESSAGES.adultRequired),
    ref: optional(text({ max: 64 })),
    locale: optional(localeRule),
  })
  .superRefine((data, ctx) => {
    passwordsMatch(data, ctx);
    contactGiven(data, ctx);
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const emailBodySchema = z.object({ email: emailRule });
export type EmailBody = z.input<typeof emailBodySchema>;

export const passwordResetStoreBodySchema = z
  .object({
    email: emailRule,
    token: z.string({ error: MESSAGES.tokenInvalid }).min(1, MESSAGES.tokenInvalid).max(200),
    password: passwordRule,
    password_confirmation: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  })
  .superRefine(passwordsMatch);
export type PasswordResetStoreBody = z.input<typeof passwordResetStoreBodySchema>;

export const changeLocaleBodySchema = z.object({ locale: localeRule });
export type ChangeLocaleBody = z.input<typeof changeLocaleBodySchema>;

/** The signed-in user as the client sees it. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  full_name: z.string(),
  business_type: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  messenger_type: z.string().nullable(),
  messenger_id: z.string().nullable(),
  locale: z.enum(LOCALES),
  avatar: z.string().nullable(),
  email_verified: z.boolean(),
  /** Role names: the built-in ROLES and any role staff added. */
  roles: z.array(z.string()),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ user: userSchema, access_token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({
  user: userSchema,
  roles: z.array(z.string()),
  /** The permission names the caller's roles are granted (constants/permissions.ts): menus and buttons follow them. */
  permissions: z.array(z.string()),
  is_build: z.boolean(),
  new_token: z.string().optional(),
  /** Set when staff opened this session as the user (log in as a user): who, and until when it lasts. */
  impersonation: z
    .object({ by: z.object({ id: z.number().int(), email: z.string() }), expires_at: z.string() })
    .optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const versionResponseSchema = z.object({ version: z.string() });
