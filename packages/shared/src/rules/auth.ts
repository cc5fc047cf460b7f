import { z } from 'zod';
import { BUSINESS_TYPES, MESSENGER_TYPES } from '../constants/domain.js';
import { COUNTRIES } from '../constants/countries.js';
import { LOCALES } from '../constants/locales.js';
import { MESSAGES } from './messages.js';
import { text } from './text.js';

/** Field rules of customer-area §5, shared by the forms and the server. */
export const emailRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .min(4, MESSAGES.emailMin)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

export const passwordRule = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .min(8, MESSAGES.passwordMin)
  .max(128, MESSAGES.passwordMax);

/** A login accepts any non-empty password: the length rule applies when one is chosen. */
export const loginPasswordRule = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128);

export const usernameRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .min(3, MESSAGES.usernameMin);

const countryCodes = new Set(COUNTRIES.map((country) => country.code));

export const nicknameRule = usernameRule
  .max(32, MESSAGES.nicknameInvalid)
  .regex(/^[\p{L}\p{N}_.-]+$/u, MESSAGES.nicknameInvalid);
export const fullNameRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .min(2, MESSAGES.fullNameInvalid)
  .max(100, MESSAGES.fullNameInvalid)
  .regex(/^[\p{L}][\p{L}\p{M} .'-]*$/u, MESSAGES.fullNameInvalid);
export const countryRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .transform((code) => code.toUpperCase())
  .refine((code) => countryCodes.has(code), MESSAGES.countryInvalid);
export const businessTypeRule = z.enum(BUSINESS_TYPES, { error: MESSAGES.businessTypeInvalid });
export const phoneRule = z
  .string()
  .trim()
  .regex(/^\d{6,15}$/, MESSAGES.phoneInvalid);
export const messengerIdRule = z
  .string()
  .trim()
  .min(2, MESSAGES.messengerIdInvalid)
  .max(64, MESSAGES.messengerIdInvalid)
  .regex(/^[\p{L}\p{N}@+_.:-]+$/u, MESSAGES.messengerIdInvalid);
export const localeRule = z.enum(LOCALES, { error: MESSAGES.localeInvalid });
export const messengerTypeRule = z.enum(MESSENGER_TYPES, { error: MESSAGES.required });

/** What an invoice prints under the customer's name (My profile): company, postal address, VAT id. */
export const companyRule = text({ max: 120 });
export const addressRule = text({ max: 300, multiline: true });
export const vatIdRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, MESSAGES.vatIdInvalid)
  .transform((id) => id.toUpperCase());

/** Empty strings from a form mean "not given". */
export const optional = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), rule.optional());

/** A field that a blank text clears (null) and that stays as it is when left out. */
export const clearable = <T extends z.ZodType>(rule: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    rule.nullable().optional(),
  );

/** Adds "Passwords must match" on the confirmation field. */
export function passwordsMatch(
  data: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
) {
  if (data.password !== data.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.passwordsMustMatch });
  }
}

/** "A phone or a messenger must be given", and a messenger id needs its type (sign-up and profile). */
export function contactGiven(
  data: { phone?: string; messenger_type?: string; messenger_id?: string },
  ctx: z.RefinementCtx,
) {
  if (!data.phone && !data.messenger_id) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneOrMessenger });
  }
  if (data.messenger_id && !data.messenger_type) {
    ctx.addIssue({ code: 'custom', path: ['messenger_type'], message: MESSAGES.required });
  }
}
