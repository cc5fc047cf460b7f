import { hashString } from './seeded-random.js';

/** A square app icon as an SVG data URI: the title's initials on a colour derived from the app id. */
export function generatedIcon(id: string, title: string): string {
  const hash = hashString(id);
  const hue = hash % 360;
  const initials =
    title
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => [...word][0]!.toUpperCase())
      .join('') || '?';
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>` +
    `<rect width='64' height='64' rx='14' fill='hsl(${hue},62%,${38 + (hash % 14)}%)'/>` +
    `<text x='32' y='41' font-family='Arial,sans-serif' font-size='24' font-weight='700' ` +
    `text-anchor='middle' fill='#fff'>${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
