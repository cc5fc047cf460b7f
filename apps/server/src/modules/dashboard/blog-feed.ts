import { XMLParser } from 'fast-xml-parser';
import { isSafeText, type BlogPost, type ExternalBlogWidget } from '@storelift/shared';
import { BLOG_SAMPLE_FEED } from './blog-sample.js';

/** How long a read feed is served before it is read again. */
export const FEED_TTL_MS = 15 * 60_000;
/** How long the feed may take to answer; the widget must not wait on a slow blog. */
export const FEED_TIMEOUT_MS = 3_000;
/** A feed larger than this is not read (a blog's feed is a few hundred kilobytes at most). */
const FEED_MAX_BYTES = 2_000_000;
const POSTS = 5;
const SUMMARY_MAX = 300;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  // The library's bounds on entity expansion (count, size, total length) keep a hostile feed small.
  processEntities: true,
  htmlEntities: false,
});

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const textOf = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value)
    return textOf((value as { '#text': unknown })['#text']);
  return '';
};
/** Plain, safe, short text: tags dropped, spaces collapsed, control characters removed. */
function plain(value: unknown, max: number): string {
  const text = textOf(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
  return isSafeText(short) ? short : [...short].filter((char) => isSafeText(char)).join('');
}
/** Only web links are kept: a feed's `javascript:` link must never reach a page. */
function webLink(value: unknown): string | null {
  try {
    const url = new URL(textOf(value).trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
function isoDate(value: unknown): string | null {
  const time = Date.parse(textOf(value));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

type Node = Record<string, unknown>;

/** The newest posts of an RSS 2.0 or Atom document, or null when it is neither. */
export function parseFeed(xml: string): BlogPost[] | null {
  const doc = parser.parse(xml) as Node;
  const rss = (doc.rss as Node | undefined)?.channel as Node | undefined;
  const atom = doc.feed as Node | undefined;
  let posts: (BlogPost | null)[];
  if (rss) {
    posts = asArray(rss.item as Node | Node[]).map((item) => {
      const link = webLink(item.link);
      return link
        ? {
            title: plain(item.title, 200),
            link,
            published_at: isoDate(item.pubDate),
            summary: plain(item.description, SUMMARY_MAX),
          }
        : null;
    });
  } else if (atom) {
    posts = asArray(atom.entry as Node | Node[]).map((entry) => {
      const links = asArray(entry.link as Node | Node[]);
      const alternate = links.find((link) => !link['@rel'] || link['@rel'] === 'alternate') ?? links[0];
      const link = webLink(alternate?.['@href']);
      return link
        ? {
            title: plain(entry.title, 200),
            link,
            published_at: isoDate(entry.published ?? entry.updated),
            summary: plain(entry.summary ?? entry.content, SUMMARY_MAX),
          }
        : null;
    });
  } else return null;
  return posts
    .filter((post): post is BlogPost => post !== null && post.title !== '')
    .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
    .slice(0, POSTS);
}

const SAMPLE: ExternalBlogWidget = { data: parseFeed(BLOG_SAMPLE_FEED) ?? [], source: 'sample' };

/**
 * The external blog's posts: the configured feed, read at most every {@link FEED_TTL_MS} and given
 * {@link FEED_TIMEOUT_MS} to answer. A feed that fails keeps the last good posts, and without one (or no
 * URL at all) the bundled sample answers: the widget never fails because a blog is down.
 */
export function createBlogFeed(url: string | undefined, now: () => number = Date.now) {
  let cached: { posts: ExternalBlogWidget; until: number } | undefined;
  let reading: Promise<ExternalBlogWidget> | undefined;

  async function read(): Promise<ExternalBlogWidget> {
    try {
      const response = await fetch(url!, {
        signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' },
        redirect: 'follow',
      });
      const length = Number(response.headers.get('content-length') ?? 0);
      if (!response.ok || length > FEED_MAX_BYTES) throw new Error(`feed answered ${response.status}`);
      const text = await response.text();
      const posts = text.length <= FEED_MAX_BYTES ? parseFeed(text) : null;
      if (!posts) throw new Error('not an RSS or Atom feed');
      const fresh = { data: posts, source: 'feed' as const };
      cached = { posts: fresh, until: now() + FEED_TTL_MS };
      return fresh;
    } catch {
      // Tried again after a while, not on every dashboard visit while the blog is down.
      const fallback = cached?.posts ?? SAMPLE;
      cached = { posts: fallback, until: now() + FEED_TTL_MS / 5 };
      return fallback;
    } finally {
      reading = undefined;
    }
  }

  return async function externalPosts(): Promise<ExternalBlogWidget> {
    if (!url) return SAMPLE;
    if (cached && cached.until > now()) return cached.posts;
    // Visitors arriving together share one read.
    return (reading ??= read());
  };
}
