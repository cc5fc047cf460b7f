import { z } from 'zod';
import { ROLES } from '../constants/roles.js';
import { pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';
import { userSchema } from './auth.js';

/** `GET admin users`: `orderBy` is the column and `sortBy` the direction, as staff-admin §7 names them. */
export const adminUsersQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  orderBy: z.enum(['created_at', 'email', 'nickname', 'id']).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = userSchema.extend({ last_login_at: z.string().nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ data: z.array(adminUserSchema), meta: pageMetaSchema });
export type AdminUserList = z.infer<typeof adminUserListSchema>;
