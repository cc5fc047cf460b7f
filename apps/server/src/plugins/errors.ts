import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '@storelift/shared';
import { HttpError } from '../lib/errors.js';
import { answerOfDatabaseError } from '../lib/database-errors.js';

/** Turns every thrown error into the spec's error body; bad input never becomes a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fromDatabase = answerOfDatabaseError(error);
    if (fromDatabase) {
      // A check of ours let this through: log it (to add the check), answer as the input deserves.
      request.log.warn({ err: error }, 'database refused the data');
      return reply
        .status(fromDatabase.statusCode)
        .send({ message: fromDatabase.message, ...(fromDatabase.errors && { errors: fromDatabase.errors }) });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...error.extra, ...(error.errors && { errors: error.errors }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        (errors[field] ??= []).push(issue.message ?? MESSAGES.dataNotValid);
      }
      return reply.status(422).send({ message: MESSAGES.dataNotValid, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: MESSAGES.somethingWrong });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: MESSAGES.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large and the like: the client's fault.
      return reply.status(status === 415 || status === 413 ? status : 400).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.somethingWrong });
  });
}
