import type { Role } from './roles.js';

const ADMIN = ['admin'] as const satisfies readonly Role[];
const EVERY_STAFF = ['admin', 'manager', 'support', 'ppc', 'marketer'] as const satisfies readonly Role[];
const ORDERS_STAFF = ['admin', 'manager', 'support', 'marketer'] as const satisfies readonly Role[];

/**
 * The permission modules the server checks: one per staff page (staff-admin §2), named after the page's path.
 * A module grant admits the page and everything the page reads, plus its ordinary actions; the capabilities
 * staff-admin §6 keeps for the admin are functions (below), which a module grant does not include.
 * `roles` is who holds it on a new installation (the route table of staff-admin §2); after that the database
 * decides (docs/permissions.md).
 */
export const PERMISSION_MODULES = [
  { permission: 'staff-home', name: 'Staff home', route: '/admin/home', roles: EVERY_STAFF },
  { permission: 'roles', name: 'Roles', route: '/admin/role', roles: ADMIN },
  { permission: 'modules', name: 'Modules', route: '/admin/modules', roles: ADMIN },
  { permission: 'functions', name: 'Functions', route: '/admin/functions', roles: ADMIN },
  { permission: 'core-settings', name: 'Core settings', route: '/admin/core-settings', roles: ADMIN },
  { permission: 'vendors', name: 'Vendors', route: '/admin/vendors', roles: ADMIN },
  {
    permission: 'access-lists',
    name: 'Access lists',
    route: '/admin/access-lists',
    roles: ['admin', 'manager', 'support'],
  },
  { permission: 'user-lists', name: 'User lists', route: '/admin/user-lists', roles: EVERY_STAFF },
  { permission: 'reflinks', name: 'Reflinks', route: '/admin/reflinks', roles: EVERY_STAFF },
  { permission: 'cpi-accounts', name: 'CPI accounts', route: '/admin/cpi-accounts', roles: EVERY_STAFF },
  { permission: 'user-payments', name: 'User payments', route: '/admin/user-payments', roles: EVERY_STAFF },
  {
    permission: 'reconciliation',
    name: 'Reconciliation',
    route: '/admin/reconciliation',
    roles: EVERY_STAFF,
  },
  {
    permission: 'referral-payouts',
    name: 'Referral payouts',
    route: '/admin/referral-payouts',
    roles: EVERY_STAFF,
  },
  {
    permission: 'contact-messages',
    name: 'Contact messages',
    route: '/admin/contact-messages',
    roles: ['admin', 'manager', 'support'],
  },
  {
    permission: 'clients-report',
    name: 'Clients report',
    route: '/admin/clients-report',
    roles: EVERY_STAFF,
  },
  { permission: 'user-details', name: 'User details', route: '/admin/user-details', roles: EVERY_STAFF },
  {
    permission: 'google-ads-report',
    name: 'Google Ads report',
    route: '/admin/google-ads-report',
    roles: ['admin', 'ppc', 'marketer'],
  },
  { permission: 'user-orders', name: 'User orders', route: '/admin/user-orders', roles: ORDERS_STAFF },
  { permission: 'user-apps', name: 'User apps', route: '/admin/user-apps', roles: ORDERS_STAFF },
  {
    permission: 'sales-report',
    name: 'Sales report',
    route: '/admin/sales-report',
    roles: ['admin', 'manager'],
  },
  {
    permission: 'marketing-actions',
    name: 'Marketing actions',
    route: '/admin/marketing-actions',
    roles: ORDERS_STAFF,
  },
  {
    permission: 'bonus-submissions',
    name: 'Bonus program submissions',
    route: '/admin/bonus-submissions',
    roles: ORDERS_STAFF,
  },
  {
    permission: 'notice-templates',
    name: 'Notice templates',
    route: '/admin/notice-templates',
    roles: ['admin', 'manager', 'support'],
  },
  { permission: 'blog', name: 'Blog', route: '/admin/blog', roles: ['admin', 'marketer'] },
  { permission: 'log-viewer', name: 'Log viewer', route: '/admin/log-viewer', roles: ADMIN },
  { permission: 'operations', name: 'Operations', route: '/admin/operations', roles: ADMIN },
] as const satisfies readonly { permission: string; name: string; route: string; roles: readonly Role[] }[];

/**
 * The permission functions: single capabilities inside a module's page, each granted on its own. Most are
 * the admin capabilities of staff-admin §6; a role granted a module does not hold its functions.
 */
export const PERMISSION_FUNCTIONS = [
  {
    permission: 'users.update',
    module: 'user-lists',
    name: 'Edit, activate and deactivate users',
    roles: ADMIN,
  },
  { permission: 'users.delete', module: 'user-lists', name: 'Delete users', roles: ADMIN },
  { permission: 'users.login-as', module: 'user-lists', name: 'Log in as a user', roles: ADMIN },
  {
    permission: 'users.change-balance',
    module: 'user-details',
    name: "Change a user's balance",
    roles: ADMIN,
  },
  {
    permission: 'users.set-price-plan',
    module: 'user-details',
    name: "Change a user's price plan and pricetags",
    roles: ['admin', 'manager'],
  },
  {
    permission: 'users.edit-referrals',
    module: 'user-details',
    name: "Attach or remove a user's referrals",
    roles: ADMIN,
  },
  {
    permission: 'payments.update',
    module: 'user-payments',
    name: "Edit a payment's description and payment system",
    roles: ADMIN,
  },
  { permission: 'payments.delete', module: 'user-payments', name: 'Delete a payment', roles: ADMIN },
  { permission: 'payments.refund', module: 'user-payments', name: 'Refund a payment', roles: ADMIN },
  {
    permission: 'transfers.reverse',
    module: 'user-payments',
    name: 'Reverse a transfer between accounts',
    roles: ADMIN,
  },
  {
    permission: 'payments.invoices',
    module: 'user-payments',
    name: 'Upload and delete invoices',
    roles: ADMIN,
  },
  {
    permission: 'payouts.manage',
    module: 'user-payments',
    name: 'Complete or cancel referral payouts',
    roles: ADMIN,
  },
  {
    permission: 'campaigns.set-partner',
    module: 'user-orders',
    name: "Set a campaign's partner",
    roles: ADMIN,
  },
  {
    permission: 'campaigns.forced-completion',
    module: 'user-orders',
    name: 'Force completion',
    roles: ADMIN,
  },
  { permission: 'campaigns.forced-draft', module: 'user-orders', name: 'Force back to draft', roles: ADMIN },
  {
    permission: 'campaigns.change-vendor',
    module: 'user-orders',
    name: "Change a campaign's vendor",
    roles: ADMIN,
  },
  {
    permission: 'reflinks.manage',
    module: 'reflinks',
    name: 'Create, edit and delete reflinks',
    roles: ADMIN,
  },
  {
    permission: 'cpi-accounts.manage',
    module: 'cpi-accounts',
    name: 'Create, edit, deactivate and delete CPI accounts',
    roles: ADMIN,
  },
  {
    permission: 'access-lists.manage',
    module: 'access-lists',
    name: 'Add and delete access list entries',
    roles: ADMIN,
  },
  { permission: 'settings.paysystems', module: 'core-settings', name: 'Edit payment systems', roles: ADMIN },
  {
    permission: 'settings.products',
    module: 'core-settings',
    name: 'Edit products and prices',
    roles: ADMIN,
  },
  {
    permission: 'settings.email-templates',
    module: 'core-settings',
    name: 'Edit e-mail templates',
    roles: ADMIN,
  },
  {
    permission: 'settings.maintenance',
    module: 'core-settings',
    name: 'Switch maintenance mode',
    roles: ADMIN,
  },
  {
    permission: 'settings.marketing',
    module: 'core-settings',
    name: 'Set the marketing percent limit',
    roles: ADMIN,
  },
  {
    permission: 'settings.transfers',
    module: 'core-settings',
    name: 'Set the limits of transfers between accounts',
    roles: ADMIN,
  },
  {
    permission: 'marketing-actions.manage',
    module: 'marketing-actions',
    name: 'Create, edit and delete marketing actions',
    roles: ['admin', 'marketer'],
  },
  {
    permission: 'bonus-program.review',
    module: 'marketing-actions',
    name: 'Approve or reject a bonus reward',
    roles: ORDERS_STAFF,
  },
  {
    permission: 'bonus-program.override-reward',
    module: 'marketing-actions',
    name: 'Override a bonus reward',
    roles: ADMIN,
  },
  {
    permission: 'sales-report.all-managers',
    module: 'sales-report',
    name: "See every manager's clients",
    roles: ADMIN,
  },
  { permission: 'operations.retry-jobs', module: 'operations', name: 'Retry failed jobs', roles: ADMIN },
  {
    permission: 'resellers.review',
    module: 'user-details',
    name: 'Approve or reject a reseller request',
    roles: ['admin', 'manager'],
  },
  {
    permission: 'notices.send',
    module: 'user-details',
    name: 'Send a notice to a user',
    roles: ['admin', 'manager', 'support'],
  },
] as const satisfies readonly {
  permission: string;
  module: ModulePermission;
  name: string;
  roles: readonly Role[];
}[];

export type ModulePermission = (typeof PERMISSION_MODULES)[number]['permission'];
export type FunctionPermission = (typeof PERMISSION_FUNCTIONS)[number]['permission'];
/** A permission name the code checks: a module's or a function's. */
export type Permission = ModulePermission | FunctionPermission;
export type AdminRoute = (typeof PERMISSION_MODULES)[number]['route'];

/** Every permission name the code checks. */
export const PERMISSIONS: readonly Permission[] = [
  ...PERMISSION_MODULES.map((module) => module.permission),
  ...PERMISSION_FUNCTIONS.map((fn) => fn.permission),
];

/** True for a permission name the code checks (built in: fixed name, cannot be deleted). */
export function isBuiltinPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** The module permission that admits an admin page. */
export function routePermission(route: AdminRoute): ModulePermission {
  return PERMISSION_MODULES.find((module) => module.route === route)!.permission;
}

/** Staff campaign actions that are functions of their own; the other actions need the user-orders module. */
export const STAFF_ACTION_PERMISSIONS = {
  'forced-completion': 'campaigns.forced-completion',
  'forced-draft': 'campaigns.forced-draft',
} as const satisfies Record<string, FunctionPermission>;

/** The permission a staff campaign action needs. */
export function staffActionPermission(action: string): Permission {
  return (STAFF_ACTION_PERMISSIONS as Record<string, Permission>)[action] ?? 'user-orders';
}
