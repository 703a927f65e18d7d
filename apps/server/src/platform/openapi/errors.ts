import { ERROR_STATUS, type ErrorCode } from '@civicdesk/contract';

/** The error answers the document can name: each is one component under `#/components/responses`. */
export const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'The request is not valid: VALIDATION_FAILED with the fields named in `details` ({field, message}), or BAD_REQUEST (a body that is not JSON, a path that is not valid URL text).' },
  401: { name: 'Unauthorized', description: 'No valid token: AUTH_INVALID_TOKEN (missing, wrong, or the session ended), AUTH_TOKEN_EXPIRED; INVALID_CREDENTIALS for a failed sign-in.' },
  403: { name: 'Forbidden', description: 'ACCESS_DENIED: the caller is signed in but its role or permissions do not allow this.' },
  404: { name: 'NotFound', description: 'NOT_FOUND: no such record, or a record of another user or location (never told apart).' },
  409: { name: 'Conflict', description: 'CONFLICT: the record is not in a state that allows this (a newer version, a check still running, a name taken).' },
  413: { name: 'PayloadTooLarge', description: 'PAYLOAD_TOO_LARGE: the body, a file or the number of files is over its limit.' },
  415: { name: 'UnsupportedMediaType', description: 'UNSUPPORTED_MEDIA_TYPE: the body is not of a type this operation reads (JSON, or a multipart form where one is asked), or a file is not of an accepted type.' },
  429: { name: 'TooManyRequests', description: 'RATE_LIMITED: over the request budget; `Retry-After` (and `details.retry_after_seconds`) says how long to wait.' },
  500: { name: 'InternalError', description: 'INTERNAL_ERROR: a failure on the server side; the message carries the request id to quote, never internals.' },
  503: { name: 'ServiceUnavailable', description: 'SERVICE_UNAVAILABLE: the database cannot be reached; try again after `Retry-After` seconds.' },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
};

/** The one error shape of decisions.md, as a schema component. */
export const errorSchemaComponent = {
  type: 'object',
  description: 'The one error shape of every non-2xx answer.',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) as ErrorCode[], description: 'A stable code to branch on.' },
    message: { type: 'string', description: 'A sentence a person can read.' },
    details: { description: 'More about the failure: for VALIDATION_FAILED a list of {field, message}; for RATE_LIMITED {retry_after_seconds}.' },
  },
  example: { code: 'VALIDATION_FAILED', message: 'The request is not valid', details: [{ field: 'body.email', message: 'Invalid email address' }] },
};

/** `components.responses`: one per error status, each the Error schema. */
export function errorResponseComponents() {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429' || status === '503' ? { headers: retryAfter } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

export const errorResponseRef = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });
