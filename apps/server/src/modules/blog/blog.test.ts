import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGES_MESSAGES, PINNED_POSTS_LIMIT, type InternalBlogPost } from '@storelift/shared';
import { buildTestApp, errorsOf, type HttpMethod, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { auditLog, blogPosts } from '../../db/schema/index.js';

let t: TestApp;
let marketer: Awaited<ReturnType<typeof makeUser>>;
let customer: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await buildTestApp({ workers: false });
  marketer = await makeUser(t.deps.db, { roles: ['marketer', 'user'] });
  customer = await makeUser(t.deps.db);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const staff = (method: HttpMethod, url: string, payload?: object, headers: Headers = marketer.auth) =>
  t.app.inject({ method, url: `/api/admin/v1/${url}`, headers, ...(payload && { payload }) });
const widget = (url: string, language = 'en-US', headers: Headers = customer.auth) =>
  t.app.inject({
    url: `/api/private/v1/widgets/blog/${url}`,
    headers: { ...headers, 'accept-language': language },
  });
const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'What is new',
  body: 'We added **reports**.\n\n- one\n- two',
  language: 'en-US',
  published: true,
  pinned: false,
  ...overrides,
});
const ids = (res: { json(): unknown }) => (res.json() as { data: InternalBlogPost[] }).data.map((p) => p.id);

describe('internal blog', () => {
  it('staff write, edit and delete posts, each audited; customers see published ones in their language', async () => {
    const created = await staff('POST', 'blog-posts', post({ title: 'Draft', published: false }));
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json().data as InternalBlogPost;
    expect(created.json().message).toBe(PAGES_MESSAGES.blogPostSaved);
    expect(draft).toMatchObject({ published: false, published_at: null });
    expect(ids(await widget('internal'))).not.toContain(draft.id);

    const published = await staff('PUT', `blog-posts/${draft.id}`, post({ title: 'Live', pinned: true }));
    expect(published.json().data).toMatchObject({ title: 'Live', published: true, pinned: true });
    expect(published.json().data.published_at).not.toBeNull();
    expect(ids(await widget('internal'))).toContain(draft.id);
    expect(ids(await widget('pinned'))).toContain(draft.id);
    // Another language's customers do not see it.
    expect(ids(await widget('internal', 'uk-UA'))).not.toContain(draft.id);
    expect(ids(await widget('pinned', 'uk-UA'))).not.toContain(draft.id);

    for (const orderBy of ['created_at', 'published_at', 'title'])
      for (const sortBy of ['asc', 'desc'])
        expect((await staff('GET', `blog-posts?orderBy=${orderBy}&sortBy=${sortBy}`)).statusCode).toBe(200);
    const listed = await staff('GET', 'blog-posts?search=Live&language=en-US');
    expect(ids(listed)).toEqual([draft.id]);
    expect(listed.json().meta).toMatchObject({ total: 1, current_page: 1 });

    expect((await staff('DELETE', `blog-posts/${draft.id}`)).json()).toEqual({
      message: PAGES_MESSAGES.blogPostDeleted,
      count: 1,
    });
    expect((await staff('DELETE', `blog-posts/${draft.id}`)).statusCode).toBe(404);
    expect((await staff('PUT', `blog-posts/${draft.id}`, post())).statusCode).toBe(404);
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target_id, String(draft.id)));
    expect(actions.map((row) => row.action).filter((a) => a.startsWith('blog.'))).toEqual([
      'blog.create',
      'blog.update',
      'blog.delete',
    ]);
  });

  it('pages the internal feed newest first and shows at most the newest pinned posts', async () => {
    const made: number[] = [];
    for (let i = 0; i < PINNED_POSTS_LIMIT + 1; i += 1) {
      const res = await staff(
        'POST',
        'blog-posts',
        post({ title: `Pinned ${i}`, language: 'es-ES', pinned: true }),
      );
      made.push(res.json().data.id);
    }
    const pinned = ids(await widget('pinned', 'es-ES'));
    expect(pinned).toEqual(made.slice(1).reverse());
    const first = await widget('internal?limit=2&page=1', 'es-ES');
    expect(ids(first)).toEqual(made.slice(-2).reverse());
    expect(first.json().meta).toMatchObject({ total: made.length, last_page: 2 });
    expect(ids(await widget('internal?limit=2&page=2', 'es-ES'))).toEqual(made.slice(0, 2).reverse());
  });

  it('refuses bad input (422, nothing saved) and every role but admin and marketer (403)', async () => {
    const before = (await t.deps.db.select().from(blogPosts)).length;
    const bad = await staff('POST', 'blog-posts', post({ title: '', language: 'fr-FR', body: 'a\u0000' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['body', 'language', 'title']);
    for (const role of ['manager', 'support', 'ppc', 'user'] as const) {
      const other = await makeUser(t.deps.db, { roles: role === 'user' ? ['user'] : [role, 'user'] });
      expect((await staff('POST', 'blog-posts', post(), other.auth)).statusCode, role).toBe(403);
      expect((await staff('GET', 'blog-posts', undefined, other.auth)).statusCode, role).toBe(403);
    }
    const admin = await makeUser(t.deps.db, { roles: ['admin', 'user'] });
    expect((await staff('GET', 'blog-posts', undefined, admin.auth)).statusCode).toBe(200);
    expect((await t.deps.db.select().from(blogPosts)).length).toBe(before);
    expect((await widget('internal', 'en-US', {})).statusCode).toBe(401);
  });
});
