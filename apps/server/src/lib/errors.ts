import { MESSAGES } from '@storelift/shared';

/** An error that carries its HTTP status and the body the client sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 422 with messages per field. */
export class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>, message: string = MESSAGES.dataNotValid) {
    super(422, message, errors);
  }
  /** One message on one field. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] }, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string = MESSAGES.unauthenticated) {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string = MESSAGES.forbidden, extra?: Record<string, string>) {
    super(403, message, undefined, extra);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class MaintenanceError extends HttpError {
  constructor() {
    super(503, MESSAGES.maintenance);
  }
}
