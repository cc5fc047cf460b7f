/**
 * The English texts of the staff user administration's rules and answers (staff-admin §2, §4, §5). Kept
 * apart from MESSAGES so the web's first page does not carry them: the user pages register them for
 * translation under `users.` of the messages namespace (apps/web/src/lib/user-messages.ts).
 */
export const USER_MESSAGES = {
  rolesRequired: 'Choose at least one role',
  roleUnknown: 'A role in the list does not exist',
  adminRoleOnlyByAdmin: 'Only an admin may give or take the admin role',
  ownRoles: 'You cannot change your own roles',
  ownAccount: 'You cannot deactivate or delete your own account',
  ownAccountMoney: 'You cannot change the money or rights of your own account',
  staffAccountMoney:
    'This is a staff account: price plans, balance changes, bonuses, referrals and sales apply to customers only',
  staffAccountOnlyByAdmin: 'Only an admin may change the roles or the status of a staff account',
  managerInvalid: 'The manager must be a user holding the manager role',
  planUnknown: 'Choose a price plan',
  userSaved: 'User saved',
  userDeleted: 'User deleted',
  userActivated: 'User activated',
  userDeactivated: 'User deactivated: their sessions have ended',
  deleteHasMoney: 'This user still has money on a balance: move it out before deleting the user',
  deleteHasCampaigns: 'This user has running campaigns: stop them before deleting the user',
  userDeletedAlready: 'This user is deleted',
  alreadyVerified: 'This e-mail is already verified',
  verificationResent: 'A new verification e-mail is on its way',
  referralRequired: 'Enter the referral’s e-mail or id',
  referralUnknown: 'No user with this e-mail or id',
  referralSelf: 'A user cannot be their own referral',
  referralTaken: 'This user is already a referral of another user: remove them there first',
  referralCycle: 'This user referred the referrer: a referral chain cannot loop',
  referralAttached: 'Referral attached',
  referralRemoved: 'Referral removed',
  notReferral: 'This user is not a referral of anyone',
} as const;
export type UserMessageKey = keyof typeof USER_MESSAGES;
