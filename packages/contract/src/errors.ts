import { z } from 'zod';

/** The one error shape of every non-2xx answer (decisions.md). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  AUTH_TOKEN_EXPIRED: 401,
  AUTH_INVALID_TOKEN: 401,
  AUTH_REQUIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCESS_DENIED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  /** A known path asked with a method it does not take; the answer's Allow header names those it does. */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
