/** The five checks of the password strength meter (customer-area §4). */
export const PASSWORD_CHECKS = [
  { key: 'length', test: (value: string) => value.length >= 8 },
  { key: 'lowercase', test: (value: string) => /[a-z]/.test(value) },
  { key: 'uppercase', test: (value: string) => /[A-Z]/.test(value) },
  { key: 'digit', test: (value: string) => /\d/.test(value) },
  { key: 'special', test: (value: string) => /[^A-Za-z0-9]/.test(value) },
] as const;
export type PasswordCheck = (typeof PASSWORD_CHECKS)[number]['key'];

/** Number of checks passed, 0 to 5. */
export function passwordStrength(value: string): number {
  return PASSWORD_CHECKS.filter((check) => check.test(value)).length;
}
