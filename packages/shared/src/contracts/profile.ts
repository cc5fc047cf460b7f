import { z } from 'zod';
import { API_TOKEN_PACKS } from '../constants/money.js';
import { MESSAGES } from '../rules/messages.js';
import { balancesSchema } from './billing.js';
import { queryFlagRule } from './apps.js';

/** The API key and credits of a user (customer-area §7 Profile). */
export const apiInfoSchema = z.object({
  /** The token masked ("sl_…a1b2"), or null when none was created yet; the full token is shown once. */
  key: z.string().nullable(),
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
    country: z.string(),
    avatar: z.string().nullable(),
    priceplan: z.object({ id: z.number().int(), name: z.string() }),
    balances: balancesSchema,
    api: apiInfoSchema,
    referral: z.object({ code: z.string(), link: z.string() }),
  }),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

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
