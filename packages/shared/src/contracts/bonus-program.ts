import { z } from 'zod';
import { text } from '../rules/text.js';
import { BONUS_PROGRAM_TYPES, BONUS_SUBMISSION_STATUSES } from '../constants/money.js';
import { MESSAGES } from '../rules/messages.js';
import { moneyInputRule, moneySchema, optionalBody } from './billing.js';
import { pageMetaSchema } from './common.js';

export const bonusSubmissionSchema = z.object({
  id: z.number().int(),
  type: z.enum(BONUS_PROGRAM_TYPES),
  link: z.string(),
  comment: z.string().nullable(),
  status: z.enum(BONUS_SUBMISSION_STATUSES),
  /** Credited to the bonus balance on approval. */
  reward: moneySchema.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type BonusSubmission = z.infer<typeof bonusSubmissionSchema>;

/** A type of the program with its reward and requirements (customer-area §9), for the rules page. */
export const bonusProgramRuleSchema = z.object({
  type: z.enum(BONUS_PROGRAM_TYPES),
  /** Fixed reward, or null when it is a percent. */
  reward: moneySchema.nullable(),
  /** Percent of the largest order (charged campaign, else credited payment), or null. */
  percent: moneySchema.nullable(),
  min_chars: z.number().int().nullable(),
  min_spent: moneySchema.nullable(),
  online_days: z.number().int().nullable(),
  screenshots: z.number().int().nullable(),
  min_minutes: z.number().int().nullable(),
  /** The caller's submission of this type, if any. */
  submission: bonusSubmissionSchema.nullable(),
});
export type BonusProgramRule = z.infer<typeof bonusProgramRuleSchema>;
export const bonusProgramResponseSchema = z.object({
  data: z.array(bonusSubmissionSchema),
  rules: z.array(bonusProgramRuleSchema),
});
export type BonusProgramResponse = z.infer<typeof bonusProgramResponseSchema>;

/** `POST users/bonus-program`: one submission per type (a rejected one may be sent again). */
export const bonusSubmissionBodySchema = z.object({
  type: z.enum(BONUS_PROGRAM_TYPES, { error: MESSAGES.dataNotValid }),
  link: text({ min: 1, max: 1000, maxMessage: MESSAGES.bonusLinkInvalid }).regex(
    /^https:\/\/[^\s/?#.]+\.[^\s]+$/i,
    MESSAGES.bonusLinkInvalid,
  ),
  comment: text({ max: 2000, multiline: true }).optional(),
});
export type BonusSubmissionBody = z.input<typeof bonusSubmissionBodySchema>;
export const bonusSubmissionResponseSchema = z.object({ data: bonusSubmissionSchema, message: z.string() });
export type BonusSubmissionResponse = z.infer<typeof bonusSubmissionResponseSchema>;

export const adminBonusSubmissionSchema = bonusSubmissionSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string(), nickname: z.string() }),
});
export type AdminBonusSubmission = z.infer<typeof adminBonusSubmissionSchema>;
/** Staff: submissions by status, type, or the customer's e-mail or nickname (`search`). */
export const adminBonusSubmissionListQuerySchema = z.object({
  status: z.enum(BONUS_SUBMISSION_STATUSES).optional(),
  type: z.enum(BONUS_PROGRAM_TYPES).optional(),
  search: text({ max: 200 }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type AdminBonusSubmissionListQuery = z.input<typeof adminBonusSubmissionListQuerySchema>;
export const adminBonusSubmissionListResponseSchema = z.object({
  data: z.array(adminBonusSubmissionSchema),
  meta: pageMetaSchema,
});
export type AdminBonusSubmissionListResponse = z.infer<typeof adminBonusSubmissionListResponseSchema>;
/**
 * Approve: `reward` overrides the rule's (admins only, at most `BONUS_REWARD_OVERRIDE_FACTOR` times it);
 * reject: a note.
 */
export const approveBonusSubmissionBodySchema = optionalBody(
  z.object({
    reward: moneyInputRule(2)
      .refine((value) => value > 0n, MESSAGES.amountInvalid)
      .optional(),
    note: text({ max: 500, multiline: true }).optional(),
  }),
);
export const rejectBonusSubmissionBodySchema = optionalBody(
  z.object({ note: text({ max: 500, multiline: true }).optional() }),
);
export const adminBonusSubmissionResponseSchema = z.object({
  data: adminBonusSubmissionSchema,
  message: z.string(),
});
export type AdminBonusSubmissionResponse = z.infer<typeof adminBonusSubmissionResponseSchema>;
