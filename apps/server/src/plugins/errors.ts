import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { issueCode, MESSAGES, messageOf } from '@storelift/shared';
import type { z } from 'zod';
import { HttpError, ValidationError, type ErrorMessage } from '../lib/errors.js';
import { answerOfDatabaseError } from '../lib/database-errors.js';

/** Turns every thrown error into the spec's error body; bad input never becomes a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fromDatabase = answerOfDatabaseError(error);
    if (fromDatabase) {
      // A check of ours let this through: log it (to add the check), answer as the input deserves.
      request.log.warn({ err: error }, 'database refused the data');
      return send(new HttpError(fromDatabase.statusCode, fromDatabase.message, fromDatabase.errors));
    }
    if (error instanceof HttpError) return send(error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, ErrorMessage[]> = {};
      for (const { instancePath, keyword, message, params } of error.validation) {
        const field = instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        // The library hands the zod issue apart: its code as `keyword`, its other fields as `params`.
        const issue = { ...params, code: keyword, message: message ?? MESSAGES.dataNotValid, path: [] };
        const coded = issueCode(issue as z.core.$ZodIssue);
        // The message stays the rule's own text; a code that would write another falls back to it.
        (errors[field] ??= []).push(
          messageOf(coded.code, coded.params) === issue.message ? coded : issue.message,
        );
      }
      return send(new ValidationError(errors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(new HttpError(500, MESSAGES.somethingWrong));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(new HttpError(429, MESSAGES.tooManyRequests));
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large and the like: the client's fault.
      return send(new HttpError(status === 415 || status === 413 ? status : 400, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(new HttpError(500, MESSAGES.somethingWrong));

    /** The error body: the message for API users, its code and values, and the same per field. */
    function send({ statusCode, message, code, params, extra, errors, errorCodes }: HttpError) {
      return reply.status(statusCode).send({
        message,
        code,
        ...(params && { params }),
        ...extra,
        ...(errors && { errors, error_codes: errorCodes }),
      });
    }
  });
}
