import { z } from 'zod';
import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { dayQueryRule } from './statistics.js';
import { searchTextRule } from './apps.js';
import { idParamsSchema, pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';

/**
 * What an audit row records (docs/permissions.md, "Audit log"): each staff change names one. New staff
 * actions add their name here and a label in the web's `access` texts.
 */
export const AUDIT_ACTIONS = [
  'users.change-balance',
  'payments.update',
  'payments.delete',
  'payments.refund',
  'paysystems.change-active',
  'payouts.cancel',
  'payouts.complete',
  'plans.set-user-plan',
  'plans.sync-pricetags',
  'bonus-program.approve',
  'bonus-program.reject',
  'campaigns.update',
  'campaigns.change-vendor',
  'campaigns.start',
  'campaigns.rejected',
  'campaigns.pause',
  'campaigns.cancel',
  'campaigns.resume',
  'campaigns.archive',
  'campaigns.moderation',
  'campaigns.forced-completion',
  'campaigns.forced-draft',
  'vendors.create',
  'vendors.update',
  'vendors.delete',
  'vendors.activity',
  'vendors.country-activity',
  'roles.create',
  'roles.update',
  'roles.delete',
  'modules.create',
  'modules.update',
  'modules.delete',
  'functions.create',
  'functions.update',
  'functions.delete',
  'grants.update',
  'settings.maintenance',
  'payments.invoice-upload',
  'payments.invoice-delete',
  'reflinks.create',
  'reflinks.update',
  'reflinks.delete',
  'blog.create',
  'blog.update',
  'blog.delete',
  'cpi-accounts.create',
  'cpi-accounts.update',
  'cpi-accounts.deactivate',
  'cpi-accounts.delete',
  'users.update',
  'users.delete',
  'users.activate',
  'users.deactivate',
  'users.resend-verification',
  'users.attach-referral',
  'users.remove-referral',
  'paysystems.update',
  'products.update',
  'email-templates.update',
  'access-lists.create',
  'access-lists.delete',
  'users.login-as',
  'sales.change-status',
  'sales.change-history-note',
  'sales.change-manager',
  'jobs.retry',
  'resellers.approve',
  'resellers.reject',
  'notices.send',
  'notice-templates.create',
  'notice-templates.update',
  'notice-templates.delete',
  'campaign-messages.send',
  'marketing-actions.create',
  'marketing-actions.update',
  'marketing-actions.delete',
  'ads-report.upload',
  'ads-report.update',
  'ads-report.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const userRef = z.object({ id: z.number().int(), email: z.string(), nickname: z.string() });

/** One audit row: who changed what, when, and the state before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  /** The staff member; null for the system (a command-line tool). */
  actor: userRef.nullable(),
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
