/**
 * The English texts of the roles, permissions and audit log rules and answers (staff-admin §2, §5, §6).
 * Kept apart from MESSAGES so the web's first page does not carry them: the staff pages register them for
 * translation under `access.` of the messages namespace (apps/web/src/lib/access-messages.ts).
 */
export const ACCESS_MESSAGES = {
  identifierInvalid: 'Use lower-case letters, digits, dots, dashes or underscores',
  tooLong: 'At most {{max}} characters',
  roleNameTaken: 'A role with this name already exists',
  permissionNameTaken: 'This permission name is already used by a module or a function',
  roleBuiltin: 'A built-in role cannot be renamed or deleted',
  roleInUse: 'This role is held by {{count}} users: choose a role to move them to first',
  roleMoveToSame: 'Choose another role to move the users to',
  adminKeepsRoles: 'The admin role keeps the Roles module, so an admin can always manage permissions',
  permissionBuiltin: 'The server checks this permission by name: it cannot be renamed or deleted',
  moduleHasFunctions: 'This module has functions: move or delete them first',
  moduleUnknown: 'Choose a module',
  grantUnknown: 'A module or function in the list does not exist',
  roleSaved: 'Role saved',
  roleDeleted: 'Role deleted',
  moduleSaved: 'Module saved',
  moduleDeleted: 'Module deleted',
  functionSaved: 'Function saved',
  functionDeleted: 'Function deleted',
  grantsSaved: 'Permissions saved',
  dateRangeInvalid: 'The start date must not be after the end date',
} as const;
export type AccessMessageKey = keyof typeof ACCESS_MESSAGES;
