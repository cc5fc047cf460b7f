/** A date as DD.MM.YYYY in local time (customer-area §9); empty for a missing or invalid value. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getFullYear()}`;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the given interface language (falls back to the code). */
export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      return code.toUpperCase();
    }
    displayNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
