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
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import * as repo from './blog.repo.js';

type Body = z.output<typeof blogPostBodySchema>;
type ListQuery = z.output<typeof blogPostListQuerySchema>;
type WidgetQuery = z.output<typeof internalBlogQuerySchema>;
type Row = repo.PostRow;

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

/** Staff: `GET blog-posts`, every post (drafts too), filtered by language and a search in the title or body. */
export async function listPosts(db: Db, query: ListQuery) {
  const { rows, total } = await repo.pagePosts(db, query);
  return { data: rows.map(view), meta: pageMeta(total, query.page, query.limit) };
}

const valuesOf = (body: Body, before?: Row): repo.PostValues => ({
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
    const created = await repo.insertPost(tx, { ...valuesOf(body), author_id: authorId });
    await audit(tx, {
      action: 'blog.create',
      target: { type: 'blog_post', id: created.id },
      after: auditView(created),
    });
    return created;
  });
  return { data: view(row), message: PAGES_MESSAGES.blogPostSaved };
}

/** Staff: `PUT blog-posts/{id}`. */
export async function updatePost(db: Db, id: number, body: Body) {
  const row = await db.transaction(async (tx) => {
    const before = await repo.lockPost(tx, id);
    if (!before) throw new NotFoundError();
    const after = await repo.updatePost(tx, id, valuesOf(body, before));
    await audit(tx, {
      action: 'blog.update',
      target: { type: 'blog_post', id },
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  return { data: view(row), message: PAGES_MESSAGES.blogPostSaved };
}

/** Staff: `DELETE blog-posts/{id}`. */
export async function deletePost(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.deletePost(tx, id);
    if (!row) throw new NotFoundError();
    await audit(tx, { action: 'blog.delete', target: { type: 'blog_post', id }, before: auditView(row) });
  });
  return { message: PAGES_MESSAGES.blogPostDeleted, count: 1 };
}

/** `GET widgets/blog/internal`: published posts in the caller's language, newest first. */
export async function internalPosts(db: Db, locale: Locale, query: WidgetQuery) {
  const { rows, total } = await repo.pagePublished(db, locale, query.page, query.limit);
  return { data: rows.map(view), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET widgets/blog/pinned`: the newest pinned published posts in the caller's language. */
export async function pinnedPosts(db: Db, locale: Locale) {
  const rows = await repo.pinnedPublished(db, locale, PINNED_POSTS_LIMIT);
  return { data: rows.map(view) };
}
