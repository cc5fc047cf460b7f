import { errorResponseSchema } from '@storelift/shared';

/** Error answers every route may give, documented in OpenAPI and checked by the serializer. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
} as const;
