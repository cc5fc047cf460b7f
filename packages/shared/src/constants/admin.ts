/**
 * Enumerations of the staff admin area (users, audit log, access lists) that the web reads as plain values; the
 * contracts build their rules from them.
 */

/** A user's gender (staff-admin §3 User). */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

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
  'settings.marketing',
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
  'users.impersonated-change',
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
  'contact-messages.handle',
  'contact-messages.reopen',
  'transfers.reverse',
  'settings.transfers',
  'reconciliation.upload',
  'reconciliation.assign',
  'reconciliation.ignore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** staff-admin §3 Access list entry: the list it belongs to; the white list by default (§9). */
export const ACCESS_LIST_TYPES = ['white-list', 'black-list'] as const;
export type AccessListType = (typeof ACCESS_LIST_TYPES)[number];
export const DEFAULT_ACCESS_LIST_TYPE: AccessListType = 'white-list';

/** What an entry matches: an e-mail, every e-mail of a domain, an address or network, a country, an app. */
export const ACCESS_LIST_CATEGORIES = ['email', 'email-domain', 'ip', 'country', 'package-id'] as const;
export type AccessListCategory = (typeof ACCESS_LIST_CATEGORIES)[number];
