import { z } from 'zod';
import { AUDIT_ACTIONS } from '../constants/admin.js';
import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { dayQueryRule } from './statistics.js';
import { searchTextRule } from './apps.js';
import { idParamsSchema, pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';

const userRef = z.object({ id: z.number().int(), email: z.string(), nickname: z.string() });

/** One audit row: who changed what, when, and the state before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  /** The staff member; null for the system (a command-line tool). */
  actor: userRef.nullable(),
  /** The staff member signed in as the actor (log in as a user), when the change was made that way. */
  impersonator: userRef.nullable(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The customer the change concerns, when there is one. */
  target_user: userRef.nullable(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET audit`: filters by staff member, action, target user and days (inclusive), newest first by default. */
export const auditListQuerySchema = pageQuerySchema
  .extend({
    actor_id: idParamsSchema.shape.id.optional(),
    /** Staff member by e-mail or nickname (part of it). */
    actor: searchTextRule.max(100).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    target_user_id: idParamsSchema.shape.id.optional(),
    /** Target user by e-mail or nickname (part of it). */
    target_user: searchTextRule.max(100).optional(),
    from: dayQueryRule.optional(),
    to: dayQueryRule.optional(),
    orderBy: z.enum(['created_at', 'action']).default('created_at'),
    sortBy: sortDirectionSchema.default('desc'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ACCESS_MESSAGES.dateRangeInvalid,
    path: ['from'],
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMetaSchema });
export type AuditList = z.infer<typeof auditListSchema>;
