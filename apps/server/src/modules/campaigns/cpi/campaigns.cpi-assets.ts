import { LIMITS, type CpiAdAssetsQuery, type CpiAdAssetsResponse } from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import { ownAppByPackage } from '../../apps/apps.service.js';
import { storeFailure, type StoreApp } from '../../../providers/store/store-provider.js';

/** Suggestions of each kind at most. */
const SUGGESTIONS = 5;

const length = (text: string) => Array.from(text).length;

/**
 * `text` within the limits, or null; with `cut`, a longer text is cut at a word boundary (ending "...").
 */
function fit(text: string, limits: { min: number; max: number }, cut: boolean): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (length(clean) < limits.min) return null;
  if (length(clean) <= limits.max) return clean;
  if (!cut) return null;
  const words = clean.split(' ');
  let kept = '';
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (length(next) + 3 > limits.max) break;
    kept = next;
  }
  kept = kept.replace(/[\s,;:.!-]+$/, '');
  return length(kept) >= limits.min ? `${kept}...` : null;
}

/** Distinct (case-insensitive) texts that fit, not already used, up to `SUGGESTIONS`. */
function pick(
  candidates: string[],
  limits: { min: number; max: number },
  used: Set<string>,
  cut: boolean,
): string[] {
  const chosen: string[] = [];
  for (const candidate of candidates) {
    const text = fit(candidate, limits, cut);
    if (!text || used.has(text.toLowerCase())) continue;
    used.add(text.toLowerCase());
    chosen.push(text);
    if (chosen.length === SUGGESTIONS) break;
  }
  return chosen;
}

/**
 * Ad text suggestions from a store listing: headlines from the title, its name part, the category and
 * short sentences (never cut); descriptions from the listing's sentences (a long one cut at a word). All within the CPI length rules and different from each
 * other, so any headline pair and description can be ordered as they are.
 */
export function suggestAdTexts(listing: Pick<StoreApp, 'title' | 'description' | 'category' | 'price'>) {
  const name = listing.title.split(/\s[:\-–|]\s|:\s/)[0]!.trim();
  const sentences = listing.description
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const used = new Set<string>();
  const headlines = pick(
    [
      listing.title,
      name,
      listing.price === '0' ? `Get ${name} free` : `Get ${name}`,
      `Download ${name} today`,
      `Download ${name}`,
      listing.category && `Top ${listing.category} app`,
      ...sentences,
    ].filter((text): text is string => !!text),
    LIMITS.cpiHeadline,
    used,
    false,
  );
  const descriptions = pick(
    [...sentences, `${listing.title}: install it now`],
    LIMITS.cpiDescription,
    used,
    true,
  );
  return { headlines, descriptions };
}

/**
 * `GET campaigns/cpi-ad-assets`: the listing's description as `text` and ad text suggestions, for an app
 * the caller tracks (404 otherwise), read in `country` (default the app's). A store that cannot be read
 * leaves `text` empty and suggests from the tracked app's title.
 */
export async function cpiAdAssets(
  deps: Deps,
  userId: number,
  query: CpiAdAssetsQuery,
): Promise<CpiAdAssetsResponse> {
  const tracked = await ownAppByPackage(deps.db, userId, query.appstore, query.packageId);
  let listing: StoreApp | null = null;
  try {
    listing = await deps.store.lookup(query.appstore, query.packageId, query.country ?? tracked.country.code);
  } catch (error) {
    storeFailure(error, { call: 'lookup', appstore: query.appstore, packageId: query.packageId });
  }
  const source = listing ?? { title: tracked.app.title, description: '', category: '', price: '0' };
  return { data: { text: source.description, ...suggestAdTexts(source) } };
}
