import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { blogPosts } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

export type PostRow = typeof blogPosts.$inferSelect;
export type PostValues = Pick<
  typeof blogPosts.$inferInsert,
  'title' | 'body' | 'language' | 'published' | 'pinned' | 'published_at'
>;

/** The orders of the staff list. */
export type PostOrder = 'created_at' | 'published_at' | 'title';

const ORDER: Record<PostOrder, SQL> = {
  created_at: sql`${blogPosts.created_at}`,
  published_at: sql`${blogPosts.published_at}`,
  title: sql`lower(${blogPosts.title})`,
};

/** A page of every post (drafts too) by language and a search in the title or body, and how many match. */
export async function pagePosts(
  db: Db,
  query: {
    language?: string | undefined;
    search?: string | undefined;
    orderBy: PostOrder;
    sortBy: 'asc' | 'desc';
    page: number;
    limit: number;
  },
) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    query.language ? eq(blogPosts.language, query.language) : undefined,
    pattern ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.body, pattern)) : undefined,
  );
  const direction = sql.raw(query.sortBy === 'asc' ? 'asc' : 'desc');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      // Drafts (no published_at) last whichever way.
      .orderBy(sql`${ORDER[query.orderBy]} ${direction} nulls last, ${blogPosts.id} ${direction}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertPost(
  tx: Queryable,
  values: PostValues & { author_id: number },
): Promise<PostRow> {
  const [created] = await tx.insert(blogPosts).values(values).returning();
  return created!;
}

/** A post, locked for its change. */
export async function lockPost(tx: Queryable, id: number): Promise<PostRow | undefined> {
  const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
  return before;
}

export async function updatePost(tx: Queryable, id: number, values: PostValues): Promise<PostRow> {
  const [after] = await tx
    .update(blogPosts)
    .set({ ...values, updated_at: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return after!;
}

/** Deletes a post; answers it (none when there was none). */
export async function deletePost(tx: Queryable, id: number): Promise<PostRow | undefined> {
  const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return row;
}

const publishedIn = (locale: Locale) => and(eq(blogPosts.published, true), eq(blogPosts.language, locale));
const newestFirst = [desc(blogPosts.published_at), desc(blogPosts.id)];

/** A page of the published posts in a language, newest first, and how many there are. */
export async function pagePublished(db: Db, locale: Locale, page: number, limit: number) {
  const where = publishedIn(locale);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The newest pinned published posts in a language. */
export function pinnedPublished(db: Db, locale: Locale, limit: number) {
  return db
    .select()
    .from(blogPosts)
    .where(and(publishedIn(locale), eq(blogPosts.pinned, true)))
    .orderBy(...newestFirst)
    .limit(limit);
}
