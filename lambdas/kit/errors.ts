/**
 * Typed errors. Domain code throws these; the handler kit maps each to its HTTP status and the
 * envelope of DOMAIN.md §6 in one place. Anything else is a 500 with a generic message.
 */
export class AppError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends AppError {
  constructor(message: string) { super(400, message); }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not signed in') { super(401, message); }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Required permission missing') { super(403, message); }
}
export class NotFoundError extends AppError {
  constructor(message: string) { super(404, message); }
}
export class ConflictError extends AppError {
  constructor(message: string) { super(409, message); }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) { super(413, message); }
}

/** The message every stale save answers; the console recognises the 409 and offers a reload. */
export const STALE_VERSION_MESSAGE = 'This record was changed by someone else; reload it and try again';
