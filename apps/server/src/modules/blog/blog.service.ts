import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  PAGES_MESSAGES,
  PINNED_POSTS_LIMIT,
  type InternalBlogPost,
  type Locale,
  type blogPostBodySchema,
  type blogPostListQuerySchema,
  type internalBlogQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { blogPosts } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';

type Body = z.output<typeof blogPostBodySchema>;
type ListQuery = z.output<typeof blogPostListQuerySchema>;
type WidgetQuery = z.output<typeof internalBlogQuerySchema>;
type Row = typeof blogPosts.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function view(row: Row): InternalBlogPost {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    language: row.language as Locale,
    published: row.published,
    pinned: row.pinned,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a post: everything but the body's text, which can be long. */
const auditView = (row: Row) => ({
  title: row.title,
  language: row.language,
  published: row.published,
  pinned: row.pinned,
  body_length: row.body.length,
});

const ORDER: Record<ListQuery['orderBy'], SQL> = {
  created_at: sql`${blogPosts.created_at}`,
  published_at: sql`${blogPosts.published_at}`,
  title: sql`lower(${blogPosts.title})`,
};

/** Staff: `GET blog-posts`, every post (drafts too), filtered by language and a search in the title or body. */
export async function listPosts(db: Db, query: ListQuery) {
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
  return { data: rows.map(view), meta: pageMeta(total?.value ?? 0, query.page, query.limit) };
}

const valuesOf = (body: Body, before?: Row) => ({
  title: body.title,
  body: body.body,
  language: body.language,
  published: body.published,
  pinned: body.pinned,
  published_at: before?.published_at ?? (body.published ? new Date() : null),
});

/** Staff: `POST blog-posts`. */
export async function createPost(db: Db, authorId: number, body: Body) {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(blogPosts)
      .values({ ...valuesOf(body), author_id: authorId })
      .returning();
    await audit(tx, {
      action: 'blog.create',
      target: { type: 'blog_post', id: created!.id },
      after: auditView(created!),
    });
    return created!;
  });
  return { data: view(row), message: PAGES_MESSAGES.blogPostSaved };
}

/** Staff: `PUT blog-posts/{id}`. */
export async function updatePost(db: Db, id: number, body: Body) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!before) throw new NotFoundError();
    const [after] = await tx
      .update(blogPosts)
      .set({ ...valuesOf(body, before), updated_at: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
    await audit(tx, {
      action: 'blog.update',
      target: { type: 'blog_post', id },
      before: auditView(before),
      after: auditView(after!),
    });
    return after!;
  });
  return { data: view(row), message: PAGES_MESSAGES.blogPostSaved };
}

/** Staff: `DELETE blog-posts/{id}`. */
export async function deletePost(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) throw new NotFoundError();
    await audit(tx, { action: 'blog.delete', target: { type: 'blog_post', id }, before: auditView(row) });
  });
  return { message: PAGES_MESSAGES.blogPostDeleted, count: 1 };
}

const publishedIn = (locale: Locale) => and(eq(blogPosts.published, true), eq(blogPosts.language, locale));
const newestFirst = [desc(blogPosts.published_at), desc(blogPosts.id)];

/** `GET widgets/blog/internal`: published posts in the caller's language, newest first. */
export async function internalPosts(db: Db, locale: Locale, query: WidgetQuery) {
  const where = publishedIn(locale);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(blogPosts).where(where),
  ]);
  return { data: rows.map(view), meta: pageMeta(total?.value ?? 0, query.page, query.limit) };
}

/** `GET widgets/blog/pinned`: the newest pinned published posts in the caller's language. */
export async function pinnedPosts(db: Db, locale: Locale) {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(publishedIn(locale), eq(blogPosts.pinned, true)))
    .orderBy(...newestFirst)
    .limit(PINNED_POSTS_LIMIT);
  return { data: rows.map(view) };
}
