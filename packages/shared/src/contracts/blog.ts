import { z } from 'zod';
import { LOCALES } from '../constants/locales.js';
import { text } from '../rules/text.js';
import { pageMetaSchema, sortDirectionSchema } from './common.js';

/**
 * An internal blog post (customer-area §2 Dashboard "blog news internal, pinned"), written by staff: the
 * body is plain text with minimal markdown (paragraphs, `- ` lists, **bold**, *italic*, [links](https://…)),
 * which the web renders as elements, never as HTML.
 */
export const blogPostBodySchema = z.object({
  title: text({ max: 200, min: 1 }),
  body: text({ max: 20_000, min: 1, multiline: true }),
  language: z.enum(LOCALES),
  published: z.boolean().default(false),
  pinned: z.boolean().default(false),
});
export type BlogPostBody = z.input<typeof blogPostBodySchema>;

export const internalBlogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  language: z.enum(LOCALES),
  published: z.boolean(),
  pinned: z.boolean(),
  /** When it was first published; null while a draft. */
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InternalBlogPost = z.infer<typeof internalBlogPostSchema>;

export const BLOG_POST_ORDER_COLUMNS = ['created_at', 'published_at', 'title'] as const;
/** Staff: `GET blog-posts`. */
export const blogPostListQuerySchema = z.object({
  search: text({ max: 100 }).optional(),
  language: z.enum(LOCALES).optional(),
  orderBy: z.enum(BLOG_POST_ORDER_COLUMNS).default('created_at'),
  sortBy: sortDirectionSchema.default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type BlogPostListQuery = z.input<typeof blogPostListQuerySchema>;
export const blogPostListResponseSchema = z.object({
  data: z.array(internalBlogPostSchema),
  meta: pageMetaSchema,
});
export type BlogPostListResponse = z.infer<typeof blogPostListResponseSchema>;
export const blogPostResponseSchema = z.object({ data: internalBlogPostSchema, message: z.string() });
export type BlogPostResponse = z.infer<typeof blogPostResponseSchema>;

/** How many pinned posts the dashboard shows. */
export const PINNED_POSTS_LIMIT = 3;
/** `GET widgets/blog/internal`: published posts in the caller's language, newest first, paged. */
export const internalBlogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export const internalBlogWidgetResponseSchema = z.object({
  data: z.array(internalBlogPostSchema),
  meta: pageMetaSchema,
});
export type InternalBlogWidget = z.infer<typeof internalBlogWidgetResponseSchema>;
/** `GET widgets/blog/pinned`: up to {@link PINNED_POSTS_LIMIT} pinned published posts in the caller's language. */
export const pinnedBlogWidgetResponseSchema = z.object({ data: z.array(internalBlogPostSchema) });
export type PinnedBlogWidgetResponse = z.infer<typeof pinnedBlogWidgetResponseSchema>;
