import { ERROR_STATUS, type ErrorCode } from '@civicdesk/contract';

/** The one error type: thrown anywhere, answered by the one error handler as {code, message, details?}. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
export const accessDenied = (message = 'You do not have permission to do this') => new AppError('ACCESS_DENIED', message);
export const validationFailed = (message: string, details?: unknown) => new AppError('VALIDATION_FAILED', message, details);
/** 429 with the seconds to wait, sent as Retry-After too (the error handler reads `retry_after_seconds`). */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, { retry_after_seconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
