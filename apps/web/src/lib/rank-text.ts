import { LIMITS } from '@storelift/shared';
import { formatNumber } from './format';

/** An average rank with one decimal; past the last rank checked it reads "250+" (out of rank). */
export function rankText(average: number | null | undefined): string {
  if (average === null || average === undefined) return '—';
  return average > LIMITS.rankMax ? `${LIMITS.rankMax}+` : formatNumber(average, 1);
}

/** Places gained with their sign: +31, −5, 0 (— without data). */
export function placesText(places: number | null | undefined): string {
  if (places === null || places === undefined) return '—';
  const text = formatNumber(Math.abs(places), places % 1 === 0 ? 0 : 1);
  return places > 0 ? `+${text}` : places < 0 ? `−${text}` : text;
}
