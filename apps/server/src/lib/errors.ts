import { codeOfText, MESSAGES, messageOf, type CodedMessage, type ErrorCode } from '@storelift/shared';

/**
 * What an error says: a catalog text (its code is found by the exact text) or a code with the values of its
 * template (the English message is filled from the catalog).
 */
export type ErrorMessage = string | CodedMessage;

/** The English text and the code of a message; a text outside the catalog has the generic code. */
export function codedMessage(said: ErrorMessage): { message: string } & CodedMessage {
  if (typeof said !== 'string') return { message: messageOf(said.code, said.params), ...said };
  return { message: said, code: codeOfText(said) ?? 'dataNotValid' };
}

/** An error that carries its HTTP status and the body the client sees. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly params?: CodedMessage['params'];
  readonly errors?: Record<string, string[]>;
  /** The code of every field message, parallel to `errors`. */
  readonly errorCodes?: Record<string, CodedMessage[]>;

  constructor(
    readonly statusCode: number,
    said: ErrorMessage,
    errors?: Record<string, readonly ErrorMessage[]>,
    readonly extra?: Record<string, string>,
  ) {
    const { message, code, params } = codedMessage(said);
    super(message);
    this.code = code;
    if (params) this.params = params;
    if (errors) {
      const fields = Object.entries(errors).map(([field, list]) => [field, list.map(codedMessage)] as const);
      this.errors = Object.fromEntries(fields.map(([field, list]) => [field, list.map((m) => m.message)]));
      this.errorCodes = Object.fromEntries(
        fields.map(([field, list]) => [
          field,
          list.map(({ code, params }) => (params ? { code, params } : { code })),
        ]),
      );
    }
  }
}

/** 422 with messages per field. */
export class ValidationError extends HttpError {
  constructor(
    errors: Record<string, readonly ErrorMessage[]>,
    message: ErrorMessage = MESSAGES.dataNotValid,
  ) {
    super(422, message, errors);
  }
  /** One message on one field. */
  static field(field: string, message: ErrorMessage): ValidationError {
    return new ValidationError({ [field]: [message] }, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: ErrorMessage = MESSAGES.unauthenticated) {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: ErrorMessage = MESSAGES.forbidden, extra?: Record<string, string>) {
    super(403, message, undefined, extra);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: ErrorMessage = MESSAGES.notFound) {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: ErrorMessage) {
    super(409, message);
  }
}

export class MaintenanceError extends HttpError {
  constructor() {
    super(503, MESSAGES.maintenance);
  }
}
