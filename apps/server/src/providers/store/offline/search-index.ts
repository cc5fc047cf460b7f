import { normalizeKeyword, stem, tokens, words } from '../keyword-text.js';
import type { StoreApp } from '../store-provider.js';
import type { CatalogEntry } from './catalog.js';
import { hashString, mix32, unit } from './seeded-random.js';

/*
 * Search and suggestions over one store's catalog, built once at load so that a search only touches the
 * apps that share a word with the keyword (a few dozen of ~290) and never re-scores the whole catalog.
 *
 * Rank order = relevance × coverage² × quality × phrase bonus × daily jitter, where
 *   relevance = Σ over keyword tokens of the app's field weight for it (title 10, category 3,
 *               description 1.5 per use up to 3, developer 0.5),
 *   coverage  = share of the keyword's tokens the app has,
 *   quality   = 0.6 + 0.8 · (log10(votes + 1) / 6.5) · (rating / 5),
 *   phrase    = ×1.5 when the title holds the whole keyword, ×1.15 when the description does,
 *   jitter    = 1 ± 12 %: the mean of three per-day noises seeded by (keyword, country, app, day), so
 *               a rank moves a little from one day to the next and the history charts look natural.
 * Like a real store, a search also lists the other apps of each category that holds at least two full
 * matches ("workout" brings up other fitness apps), with relevance 2, below apps that name the keyword.
 */

const TITLE_WEIGHT = 10;
const CATEGORY_WEIGHT = 3;
const DESCRIPTION_WEIGHT = 1.5;
const DEVELOPER_WEIGHT = 0.5;
const JITTER = 0.12;
const RELATED_WEIGHT = 2;
const SUGGESTIONS = 10;

interface Postings {
  apps: number[];
  weights: number[];
}

/** The search index of one store. */
export class StoreSearchIndex {
  private readonly apps: StoreApp[];
  private readonly countries: ReadonlySet<string>[];
  private readonly quality: Float64Array;
  private readonly appSeeds: Uint32Array;
  private readonly titles: string[];
  private readonly descriptions: string[];
  private readonly postings = new Map<string, Postings>();
  private readonly scores: Float64Array;
  private readonly coverage: Uint8Array;
  private readonly phrases: string[];
  private readonly phraseWeights: Map<string, number>;
  private readonly minPrefix = new Map<string, number>();
  private readonly categoryOf: Uint16Array;
  private readonly categoryApps: number[][] = [];

  /** `searchPhrases`: what people search for beyond the titles' words (they join the suggestions). */
  constructor(entries: readonly CatalogEntry[], searchPhrases: readonly string[] = []) {
    // Removed apps have no store page, so no search finds them.
    const live = entries.filter((entry) => !entry.app.banned);
    this.apps = live.map((entry) => entry.app);
    this.countries = live.map((entry) => entry.countrySet);
    this.quality = Float64Array.from(this.apps, (app) => {
      const popularity = Math.min(1, Math.log10(app.votes + 1) / 6.5);
      return 0.6 + 0.8 * popularity * (app.rating / 5);
    });
    this.appSeeds = Uint32Array.from(this.apps, (app) => hashString(app.packageId));
    this.titles = this.apps.map((app) => normalizeKeyword(app.title));
    this.descriptions = this.apps.map((app) => normalizeKeyword(app.description));
    this.scores = new Float64Array(this.apps.length);
    this.coverage = new Uint8Array(this.apps.length);
    this.apps.forEach((app, index) => this.indexApp(app, index));
    const categoryIds = new Map<string, number>();
    this.categoryOf = Uint16Array.from(this.apps, (app, index) => {
      let id = categoryIds.get(app.category);
      if (id === undefined) categoryIds.set(app.category, (id = categoryIds.size));
      (this.categoryApps[id] ??= []).push(index);
      return id;
    });
    this.phraseWeights = this.vocabulary();
    for (const phrase of searchPhrases.map(normalizeKeyword)) {
      this.phraseWeights.set(phrase, (this.phraseWeights.get(phrase) ?? 0) + 1);
    }
    this.phrases = [...this.phraseWeights.keys()].sort();
    // A real store holds millions of phrases, so a rare one shows only after most of it is typed and a
    // popular one after a letter or two. Simulate that crowding: the share of the phrase one must type
    // grows as its popularity rank falls. (aso's traffic reads exactly this prefix length.)
    const byWeight = [...this.phraseWeights].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    byWeight.forEach(([phrase], rank) => {
      const share = rank / byWeight.length;
      this.minPrefix.set(phrase, Math.max(1, Math.ceil(phrase.length * share)));
    });
  }

  private indexApp(app: StoreApp, index: number): void {
    const weights = new Map<string, number>();
    const add = (token: string, weight: number) => weights.set(token, (weights.get(token) ?? 0) + weight);
    for (const token of tokens(app.title)) add(token, TITLE_WEIGHT);
    for (const token of tokens(app.category)) add(token, CATEGORY_WEIGHT);
    for (const token of tokens(app.developer)) add(token, DEVELOPER_WEIGHT);
    const uses = new Map<string, number>();
    for (const word of words(app.description)) uses.set(stem(word), (uses.get(stem(word)) ?? 0) + 1);
    for (const [token, count] of uses) add(token, DESCRIPTION_WEIGHT * Math.min(count, 3));
    for (const [token, weight] of weights) {
      let list = this.postings.get(token);
      if (!list) this.postings.set(token, (list = { apps: [], weights: [] }));
      list.apps.push(index);
      list.weights.push(weight);
    }
  }

  /** Phrases people would type: title words and pairs and category names, weighted by use and popularity. */
  private vocabulary(): Map<string, number> {
    const weights = new Map<string, number>();
    for (const app of this.apps) {
      const weight = 1 + Math.log10(app.votes + 1);
      const seen = new Set<string>([normalizeKeyword(app.category.replace(/&/g, ' '))]);
      for (const part of app.title.split(/[:\-–|]/)) {
        const list = words(part);
        list.forEach((word, i) => {
          seen.add(word);
          if (list[i + 1]) seen.add(`${word} ${list[i + 1]}`);
        });
      }
      for (const phrase of seen) {
        if (phrase.length > 1 && !/^\d/.test(phrase))
          weights.set(phrase, (weights.get(phrase) ?? 0) + weight);
      }
    }
    return weights;
  }

  /**
   * Ranked results for a keyword in a country on a day (days since 1970-01-01 UTC), best first.
   * Deterministic: the same arguments always give the same list.
   */
  search(keyword: string, country: string, day: number, limit: number): StoreApp[] {
    const normalized = normalizeKeyword(keyword);
    const queryTokens = tokens(normalized);
    if (queryTokens.length === 0 || limit <= 0) return [];
    const touched: number[] = [];
    for (const token of queryTokens) {
      const list = this.postings.get(token);
      if (!list) continue;
      for (let i = 0; i < list.apps.length; i += 1) {
        const app = list.apps[i]!;
        if (this.coverage[app] === 0) touched.push(app);
        this.scores[app]! += list.weights[i]!;
        this.coverage[app]! += 1;
      }
    }
    const seed = hashString(`${country}|${normalized}`);
    const ranked: { index: number; score: number }[] = [];
    const fullMatches = new Map<number, number>();
    for (const index of touched) {
      const covered = this.coverage[index]! / queryTokens.length;
      if (covered === 1)
        fullMatches.set(this.categoryOf[index]!, (fullMatches.get(this.categoryOf[index]!) ?? 0) + 1);
      if (!this.countries[index]!.has(country)) continue;
      const phrase = this.titles[index]!.includes(normalized)
        ? 1.5
        : this.descriptions[index]!.includes(normalized)
          ? 1.15
          : 1;
      const score =
        this.scores[index]! *
        covered *
        covered *
        this.quality[index]! *
        phrase *
        this.jitter(seed, index, day);
      ranked.push({ index, score });
    }
    for (const [category, count] of fullMatches) {
      if (count < 2) continue;
      for (const index of this.categoryApps[category]!) {
        if (this.coverage[index] !== 0 || !this.countries[index]!.has(country)) continue;
        ranked.push({ index, score: RELATED_WEIGHT * this.quality[index]! * this.jitter(seed, index, day) });
      }
    }
    for (const index of touched) {
      this.scores[index] = 0;
      this.coverage[index] = 0;
    }
    ranked.sort(
      (a, b) => b.score - a.score || (this.apps[a.index]!.packageId < this.apps[b.index]!.packageId ? -1 : 1),
    );
    return ranked.slice(0, limit).map((item) => this.apps[item.index]!);
  }

  private jitter(seed: number, index: number, day: number): number {
    const base = mix32(seed ^ this.appSeeds[index]!);
    // Three consecutive days share two of the noises, so ranks drift rather than jump.
    const noise =
      (unit(mix32(base ^ Math.imul(day, 0x9e3779b1))) +
        unit(mix32(base ^ Math.imul(day - 1, 0x9e3779b1))) +
        unit(mix32(base ^ Math.imul(day - 2, 0x9e3779b1)))) /
      3;
    return 1 + JITTER * (2 * noise - 1);
  }

  /** Up to 10 phrases starting with what has been typed, most used first. */
  suggest(typed: string): string[] {
    const prefix = normalizeKeyword(typed);
    if (!prefix) return [];
    let low = 0;
    let high = this.phrases.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.phrases[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const matches: string[] = [];
    for (let i = low; i < this.phrases.length && this.phrases[i]!.startsWith(prefix); i += 1) {
      const phrase = this.phrases[i]!;
      if (prefix.length >= this.minPrefix.get(phrase)!) matches.push(phrase);
    }
    return matches
      .sort((a, b) => this.phraseWeights.get(b)! - this.phraseWeights.get(a)! || (a < b ? -1 : 1))
      .slice(0, SUGGESTIONS);
  }
}
