import { z } from 'zod';
import { text } from '../rules/text.js';
import { pageMetaSchema } from './common.js';
import { CONTACT_MESSAGE_STATUSES, STARTING_STEPS, SUPPORT_CHANNEL_TYPES } from '../constants/pages.js';
import { optionalBody } from './billing.js';

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

/** Staff: the contact messages, newest first, of everyone or of one user; by status or the sender's e-mail or nickname. */
export const adminContactMessageListQuerySchema = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(CONTACT_MESSAGE_STATUSES).optional(),
  search: text({ max: 200 }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type AdminContactMessageListQuery = z.input<typeof adminContactMessageListQuerySchema>;
export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_MESSAGE_STATUSES),
  /** What the staff member who handled it noted (how they answered). */
  note: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), nickname: z.string() }),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
export const adminContactMessageListResponseSchema = z.object({
  data: z.array(adminContactMessageSchema),
  meta: pageMetaSchema,
});
export type AdminContactMessageListResponse = z.infer<typeof adminContactMessageListResponseSchema>;
/** `PUT contact-messages/{id}/handle`: a note of how it was answered; `reopen` takes no body. */
export const handleContactMessageBodySchema = optionalBody(
  z.object({ note: text({ max: 500, multiline: true }).optional() }),
);
export const adminContactMessageResponseSchema = z.object({
  data: adminContactMessageSchema,
  message: z.string(),
});
export type AdminContactMessageResponse = z.infer<typeof adminContactMessageResponseSchema>;

/** `GET starting`: each first step and whether the account has done it. */
export const startingResponseSchema = z.object({
  data: z.array(z.object({ step: z.enum(STARTING_STEPS), done: z.boolean() })),
});
export type StartingResponse = z.infer<typeof startingResponseSchema>;

/** `GET errors`: the message catalogue of customer-area §8, English texts by key. */
export const errorsResponseSchema = z.object({ data: z.record(z.string(), z.string()) });
