import { moneyInputText, roundMoney, toMoney } from '@storelift/shared';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date as DD.MM.YYYY (customer-area §9) in the user's time zone; a calendar day ("2026-12-01") as that
 * day, whatever the zone. Empty for a missing or invalid value.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getFullYear()}`;
}

/** The calendar day (YYYY-MM-DD) of a moment in the user's time zone; empty for a missing or invalid one. */
export function localDay(value: string | number | Date | null | undefined): string {
  const shown = formatDate(value);
  return shown ? shown.split('.').reverse().join('-') : '';
}

/**
 * The last day of a period whose end is the moment after it (the next midnight), as a calendar day: an
 * action ending at 02.12 00:00 runs through 01.12.
 */
export function lastDayOf(end: string | null | undefined): string {
  const at = end ? Date.parse(end) : NaN;
  return Number.isNaN(at) ? '' : localDay(at - 1);
}

/** The moment a calendar day starts in the user's time zone (ISO), or the moment after it ends (`after`). */
export function dayBoundary(day: string, after = false): string {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (after ? 1 : 0)).toISOString();
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
  return day && `${day} ${formatTime(value)}`;
}

/** The local time of a day's moment, "HH:mm" ('' for none or an invalid value). */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (!formatDate(value)) return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A country code as shown: uppercased (customer-area §9). */
export function formatCountryCode(code: string): string {
  return code.toUpperCase();
}

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * An amount as shown (customer-area §9): thousands grouped with a space, `decimals` places (2 unless
 * told), rounded half away from zero on the decimal text itself, so "1234.5650" reads 1 234.57 and no
 * float ever touches the amount. Empty for a missing or malformed value.
 */
export function formatMoney(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return '';
  const [, sign, whole = '0', fraction = ''] = match;
  // Scale to an integer of `decimals` places, then round on the next digit.
  const digits = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  const roundUp = Number(fraction[decimals] ?? '0') >= 5;
  const scaled = digits + (roundUp ? 1n : 0n);
  const scaledText = scaled.toString().padStart(decimals + 1, '0');
  const units = scaledText.slice(0, scaledText.length - decimals);
  const cents = scaledText.slice(scaledText.length - decimals);
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const negative = sign === '-' && scaled !== 0n;
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `.${cents}` : ''}`;
}

/** An amount with its sign always written (+500.00, -20.00), for ledger rows. */
export function formatSignedMoney(value: string, decimals = 2): string {
  const shown = formatMoney(value, decimals);
  return shown && !shown.startsWith('-') && /[1-9]/.test(shown) ? `+${shown}` : shown;
}

/**
 * A unit price as shown (customer-area §9): its text truncated or padded with zeros to 4 characters
 * ("0.1080" → 0.10, "0.9" → 0.90, "2.25" → 2.25, "12" → 12.0); a whole part longer than that stays whole.
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const raw = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT.exec(raw);
  if (!match) return '';
  const [, sign = '', whole = '0', fraction = ''] = match;
  const normalized = `${BigInt(whole).toString()}.${fraction.replace(/0+$/, '')}`;
  if (normalized.indexOf('.') >= 4) return `${sign}${normalized.slice(0, normalized.indexOf('.'))}`;
  return `${sign}${normalized.padEnd(4, '0').slice(0, 4)}`;
}

/** A percent from a decimal text, to two places at most ("10.0000" → 10, "2.5000" → 2.5, "0.125" → 0.13). */
export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const percent = toMoney(String(value));
  return percent === null ? '' : moneyInputText(roundMoney(percent, 2));
}

/** Up to two initials of a name ("demo-user" → "DU"): an avatar without an image shows them. */
export function initials(name: string): string {
  const letters = name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
