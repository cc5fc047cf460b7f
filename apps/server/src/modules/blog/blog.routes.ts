import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blogPostBodySchema,
  blogPostListQuerySchema,
  blogPostListResponseSchema,
  blogPostResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import * as blog from './blog.service.js';

const tags = ['admin: blog'];

/** The internal blog's editor (under /api/admin/v1): the `blog` module, admin and marketer by default. */
export async function adminBlogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const onRequest = app.permit('blog');
  r.get(
    '/blog-posts',
    {
      schema: {
        tags,
        querystring: blogPostListQuerySchema,
        response: { 200: blogPostListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => blog.listPosts(db, req.query),
  );
  r.post(
    '/blog-posts',
    {
      schema: {
        tags,
        body: blogPostBodySchema,
        response: { 200: blogPostResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => blog.createPost(db, authOf(req).user.id, req.body),
  );
  r.put(
    '/blog-posts/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: blogPostBodySchema,
        response: { 200: blogPostResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => blog.updatePost(db, req.params.id, req.body),
  );
  r.delete(
    '/blog-posts/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => blog.deletePost(db, req.params.id),
  );
}
