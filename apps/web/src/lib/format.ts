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

/** A whole number (or `decimals` places) grouped in thousands with a space: 15 557 (customer-area §9). */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  // -0.4 rounds to "0": no minus sign in front of a zero.
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A store rating with one decimal: 4.6 (customer-area §9). */
export function formatRating(value: number | null | undefined): string {
  return formatNumber(value, 1);
}

/** A date and time as DD.MM.YYYY HH:mm in local time; empty for a missing or invalid value. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const day = formatDate(value);
  if (!day) return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  const hh = String(date.getHours()).padStart(2, '0');
  const mi = String(date.getMinutes()).padStart(2, '0');
  return `${day} ${hh}:${mi}`;
}

/** A country code as shown: uppercased (customer-area §9). */
export function formatCountryCode(code: string): string {
  return code.toUpperCase();
}
