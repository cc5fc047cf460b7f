import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { identityId, timestamps } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    full_name: text('full_name').notNull(),
    business_type: text('business_type').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    messenger_type: text('messenger_type'),
    messenger_id: text('messenger_id'),
    /** Printed on the customer's invoices when given (My profile): company, postal address, VAT id. */
    company: text('company'),
    address: text('address'),
    vat_id: text('vat_id'),
    locale: text('locale').notNull().default('en-US'),
    avatar: text('avatar'),
    /** The referral code given at sign-up (`ref`), kept for the referral program. */
    signup_ref: text('signup_ref'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    /** Set by staff (staff-admin §3 User); null when not given. */
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    /** The personal manager: a user holding the manager role. */
    manager_id: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Pays from the EU: VAT applies to payment fees. */
    eu_payee: boolean('eu_payee').notNull().default(false),
    /** A deactivated user cannot sign in and their sessions end. */
    is_active: boolean('is_active').notNull().default(true),
    /** Soft delete: the user cannot sign in, their ledger rows stay. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_nickname_unique').on(sql`lower(${t.nickname})`),
    index('users_created_at_idx').on(t.created_at),
    // The staff list's filters (staff-admin §2 User lists).
    index('users_manager_created_idx').on(t.manager_id, t.created_at),
    // Sales report: a manager's clients by id, new clients (no manager) by id descending.
    index('users_manager_id_idx').on(t.manager_id, t.id),
    // Clients report: country filter by id descending.
    index('users_country_id_idx').on(t.country, t.id),
    index('users_active_created_idx').on(t.is_active, t.created_at),
    index('users_verified_created_idx').on(sql`(${t.email_verified_at} is not null)`, t.created_at),
    // The staff search matches e-mail, nickname and full name anywhere in them.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`${t.full_name} gin_trgm_ops`),
  ],
);

/** The owning user: deleting the user deletes the row. */
export const ownerId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const roles = pgTable('roles', {
  id: identityId(),
  name: text('name').notNull().unique(),
  guard_name: text('guard_name').notNull().default('api'),
  ...timestamps,
});

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: ownerId(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_roles_role_idx').on(t.role_id)],
);

/**
 * Permission modules: one per staff page (packages/shared constants/permissions.ts lists the ones the code
 * checks). A role granted a module may open its page and do its ordinary actions (docs/permissions.md).
 */
export const modules = pgTable('modules', {
  id: identityId(),
  name: text('name').notNull(),
  namespace: text('namespace').notNull(),
  permission_name: text('permission_name').notNull().unique(),
  ...timestamps,
});

/** Permission functions: single capabilities inside a module, granted on their own. */
export const functions = pgTable(
  'functions',
  {
    id: identityId(),
    module_id: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    namespace: text('namespace').notNull(),
    permission_name: text('permission_name').notNull().unique(),
    ...timestamps,
  },
  (t) => [index('functions_module_idx').on(t.module_id)],
);

/** A role's module grants. */
export const roleGrants = pgTable(
  'role_grants',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    module_id: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.module_id] })],
);

/** A role's function grants. */
export const roleFunctionGrants = pgTable(
  'role_function_grants',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    function_id: integer('function_id')
      .notNull()
      .references(() => functions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.function_id] })],
);
