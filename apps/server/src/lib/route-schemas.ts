import { ERROR_CODES, errorResponseSchema } from '@storelift/shared';
import { z } from 'zod';

/** MySQL's duplicate-key code, which the spec's client looks for on a duplicate CPI account ID key. */
export const DUPLICATE_KEY_CODE = '1062';

/** The catalog's codes, and the spec's one, as the OpenAPI document lists them. */
const errorCodeSchema = z.enum([...ERROR_CODES, DUPLICATE_KEY_CODE]);

/** The error body with its codes listed (the shared schema takes any code, as a client should). */
export const errorBodySchema = errorResponseSchema.extend({
  code: errorCodeSchema,
  error_codes: z
    .record(
      z.string(),
      z.array(z.object({ code: errorCodeSchema, params: errorResponseSchema.shape.params })),
    )
    .optional(),
});

/** Error answers every route may give, documented in OpenAPI and checked by the serializer. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;
