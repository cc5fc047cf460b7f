/**
 * The English texts of the access lists and log-in-as-user rules and answers (staff-admin §3, §5, §7). Kept
 * apart from MESSAGES so the web's first page does not carry them: the staff pages register them for
 * translation under `security.` of the messages namespace (apps/web/src/lib/security-messages.ts). What a
 * blocked customer reads is in MESSAGES (`accessBlocked`, `appBlocked`), as the public pages show it.
 */
export const SECURITY_MESSAGES = {
  emailInvalid: 'Enter an e-mail address, e.g. name@example.com',
  domainInvalid: 'Enter an e-mail domain, e.g. example.com',
  networkInvalid: 'Enter an IP address or a network in CIDR form, e.g. 203.0.113.0/24',
  countryInvalid: 'Enter a two-letter country code, e.g. DE',
  packageInvalid: 'Enter a Google Play package id or an App Store id',
  entryExists: 'This list already has an entry for this value',
  entrySaved: 'Entry added',
  entryDeleted: 'Entry deleted',
  userNotFound: 'There is no user with this e-mail',
  loginAsSelf: 'You are already signed in as this user',
  loginAsStaff: 'Only a customer account can be opened this way',
  loginAsUnverified: 'This account has not verified its e-mail yet',
  loginCodeInvalid: 'This sign-in link is invalid or has expired',
} as const;
export type SecurityMessageKey = keyof typeof SECURITY_MESSAGES;
