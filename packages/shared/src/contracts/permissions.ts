import { z } from 'zod';
import { text } from '../rules/text.js';
import { ACCESS_MESSAGES } from '../rules/access-messages.js';
import { MESSAGES, fillMessage } from '../rules/messages.js';
import { searchTextRule } from './apps.js';
import { idParamsSchema, pageMetaSchema, pageQuerySchema, sortDirectionSchema } from './common.js';

const IDENTIFIER = /^[a-z0-9]+([._-][a-z0-9]+)*$/;

const tooLong = (max: number) => fillMessage(ACCESS_MESSAGES.tooLong, { max });

/** A machine name: role names, guard names, namespaces and permission names (`users.change-balance`). */
export const identifierRule = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, tooLong(max))
    .regex(IDENTIFIER, ACCESS_MESSAGES.identifierInvalid);

/** A name people read (modules and functions). */
const displayNameRule = text({ min: 1, max: 100, maxMessage: tooLong(100) });

const listQuery = <const T extends readonly [string, ...string[]]>(sorts: T) =>
  pageQuerySchema.extend({
    search: searchTextRule.max(100).optional(),
    orderBy: z.enum(sorts).default(sorts[0]),
    sortBy: sortDirectionSchema.default('asc'),
  });

// Roles (staff-admin §3 Role: name, guard name).

/** `POST roles` and `PUT roles/{id}`. */
export const roleBodySchema = z.object({
  name: identifierRule(50),
  guard_name: identifierRule(50).default('api'),
});
export type RoleBody = z.input<typeof roleBodySchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  guard_name: z.string(),
  /** A role the code refers to by name (ROLES): it cannot be renamed or deleted. */
  builtin: z.boolean(),
  /** Users holding the role. */
  users_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoleRow = z.infer<typeof roleSchema>;
export const roleListQuerySchema = listQuery(['id', 'name', 'created_at']);
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;
export const roleListSchema = z.object({ data: z.array(roleSchema), meta: pageMetaSchema });
export type RoleList = z.infer<typeof roleListSchema>;
export const roleResponseSchema = z.object({ data: roleSchema, message: z.string().optional() });
export type RoleResponse = z.infer<typeof roleResponseSchema>;

/** `DELETE roles/{id}`: a role some users hold is deleted only with a role to move them to. */
export const deleteRoleQuerySchema = z.object({ move_to: idParamsSchema.shape.id.optional() });

// Modules and functions (staff-admin §3: name, namespace, permission name).

/** `POST modules` and `PUT modules/{id}`. */
export const moduleBodySchema = z.object({
  name: displayNameRule,
  namespace: identifierRule(100),
  permission_name: identifierRule(100),
});
export type ModuleBody = z.input<typeof moduleBodySchema>;

export const permissionModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  namespace: z.string(),
  permission_name: z.string(),
  /** The server checks it by its permission name: the name is fixed and it cannot be deleted. */
  builtin: z.boolean(),
  functions_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PermissionModule = z.infer<typeof permissionModuleSchema>;
export const moduleListQuerySchema = listQuery(['id', 'name', 'permission_name', 'created_at']);
export type ModuleListQuery = z.infer<typeof moduleListQuerySchema>;
export const moduleListSchema = z.object({ data: z.array(permissionModuleSchema), meta: pageMetaSchema });
export type ModuleList = z.infer<typeof moduleListSchema>;
export const moduleResponseSchema = z.object({
  data: permissionModuleSchema,
  message: z.string().optional(),
});
export type ModuleResponse = z.infer<typeof moduleResponseSchema>;

/** `POST functions` and `PUT functions/{id}`: a function belongs to a module. */
export const functionBodySchema = moduleBodySchema.extend({
  module_id: z.coerce
    .number({ error: ACCESS_MESSAGES.moduleUnknown })
    .int(ACCESS_MESSAGES.moduleUnknown)
    .positive(ACCESS_MESSAGES.moduleUnknown)
    .max(2_147_483_647, ACCESS_MESSAGES.moduleUnknown),
});
export type FunctionBody = z.input<typeof functionBodySchema>;

export const permissionFunctionSchema = z.object({
  id: z.number().int(),
  module: z.object({ id: z.number().int(), name: z.string(), permission_name: z.string() }),
  name: z.string(),
  namespace: z.string(),
  permission_name: z.string(),
  builtin: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PermissionFunction = z.infer<typeof permissionFunctionSchema>;
export const functionListQuerySchema = listQuery(['id', 'name', 'permission_name', 'created_at']).extend({
  module_id: idParamsSchema.shape.id.optional(),
});
export type FunctionListQuery = z.infer<typeof functionListQuerySchema>;
export const functionListSchema = z.object({ data: z.array(permissionFunctionSchema), meta: pageMetaSchema });
export type FunctionList = z.infer<typeof functionListSchema>;
export const functionResponseSchema = z.object({
  data: permissionFunctionSchema,
  message: z.string().optional(),
});
export type FunctionResponse = z.infer<typeof functionResponseSchema>;

// Grants: what one role holds (staff-admin §2: "permissions are granted to roles per module").

const grantItem = z.object({
  id: z.number().int(),
  name: z.string(),
  permission_name: z.string(),
  granted: z.boolean(),
});

/** `GET roles/{id}/grants`: every module with its functions, each marked granted or not. */
export const roleGrantsSchema = z.object({
  role: roleSchema,
  modules: z.array(grantItem.extend({ functions: z.array(grantItem) })),
});
export type RoleGrants = z.infer<typeof roleGrantsSchema>;
export const roleGrantsResponseSchema = z.object({ data: roleGrantsSchema, message: z.string().optional() });
export type RoleGrantsResponse = z.infer<typeof roleGrantsResponseSchema>;

const idList = z
  .array(idParamsSchema.shape.id, { error: MESSAGES.dataNotValid })
  .max(1000)
  .transform((ids) => [...new Set(ids)]);

/** `PUT roles/{id}/grants`: the role's whole set of module and function grants (ids). */
export const roleGrantsBodySchema = z.object({ modules: idList, functions: idList });
export type RoleGrantsBody = z.input<typeof roleGrantsBodySchema>;
