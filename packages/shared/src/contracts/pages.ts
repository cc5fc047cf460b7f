import { z } from 'zod';
import { text } from '../rules/text.js';
import { pageMetaSchema } from './common.js';
import { STARTING_STEPS, SUPPORT_CHANNEL_TYPES } from '../constants/pages.js';

/** `GET contacts`: the support channels and the caller's personal manager, when one is assigned. */
export const contactsResponseSchema = z.object({
  channels: z.array(z.object({ type: z.enum(SUPPORT_CHANNEL_TYPES), value: z.string() })),
  manager: z.object({ nickname: z.string(), email: z.string() }).nullable(),
});
export type ContactsResponse = z.infer<typeof contactsResponseSchema>;

/** `POST contacts`: a message to staff. */
export const contactMessageBodySchema = z.object({
  subject: text({ max: 200, min: 1 }),
  message: text({ max: 5000, min: 1, multiline: true }),
});
export type ContactMessageBody = z.input<typeof contactMessageBodySchema>;

/** Staff: the contact messages, newest first, of everyone or of one user. */
export const adminContactMessageListQuerySchema = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const adminContactMessageListResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string(),
      message: z.string(),
      created_at: z.string(),
      user: z.object({ id: z.number().int(), email: z.string(), nickname: z.string() }),
    }),
  ),
  meta: pageMetaSchema,
});

/** `GET starting`: each first step and whether the account has done it. */
export const startingResponseSchema = z.object({
  data: z.array(z.object({ step: z.enum(STARTING_STEPS), done: z.boolean() })),
});
export type StartingResponse = z.infer<typeof startingResponseSchema>;

/** `GET errors`: the message catalogue of customer-area §8, English texts by key. */
export const errorsResponseSchema = z.object({ data: z.record(z.string(), z.string()) });
