import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE_ALL, commonReviewsQuerySchema, commonReviewsResponseSchema } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { commonReviews } from './reviews.service.js';

/** `GET reviews/common` (customer-area §7, under /api/private/v1): a random pack of generated reviews. */
export async function reviewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/reviews/common',
    {
      schema: {
        tags: ['campaigns'],
        querystring: commonReviewsQuerySchema,
        response: { 200: commonReviewsResponseSchema, ...errorResponses },
      },
      onRequest: app.allow([ROLE_ALL]),
    },
    (req) => commonReviews(req.query),
  );
}
