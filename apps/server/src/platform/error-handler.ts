import type { ErrorCode } from '@civicdesk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db-errors';
import { AppError } from './errors';
import { escapeRegExp } from './regex';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'AUTH_INVALID_TOKEN',
  403: 'ACCESS_DENIED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Turns every failure into {code, message, details?}; unknown errors never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      const wait = (error.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
      if ((error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE') && wait) reply.header('retry-after', String(wait));
      return reply.status(error.status).send({ code: error.code, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details = error.validation.map((v) => ({
        field: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'The request is not valid', details });
    }
    // A database that cannot be reached is not a bug of ours: the same request works once it is back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
      return reply.status(status).send({ code, message: clientMessage(error, status) });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: `Something went wrong on our side (request ${request.id})` });
  });

}

/**
 * Errors Fastify raises before a route runs (a path that is not valid percent-encoding, say):
 * the same error shape as everything else, never Fastify's own.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // A path parameter past the router's limit (app.ts MAX_PARAM_LENGTH) is a bad address like any other, not Fastify's 414.
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = !tooLong && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = tooLong ? 'The address is too long' : error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'The request is not valid';
  // Fastify writes no access-log line for an answer given before routing: this one says what was answered.
  reply.raw.once('finish', () => request.log.info({ res: { statusCode: reply.raw.statusCode } }, 'request completed'));
  return reply.status(status).send({ code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message });
}

/**
 * The one not-found handler: unknown API paths answer ROUTE_NOT_FOUND; with the web app built,
 * any other GET gets its index.html so client-side routes load on a fresh visit.
 */
export function registerNotFoundHandler(app: FastifyInstance, opts: { serveWebIndex: boolean; allowedMethods?: (path: string) => string[] }) {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (opts.serveWebIndex && !isApi && request.method === 'GET') return reply.type('text/html').sendFile('index.html');
    // A path the API has, asked with another method: 405 and the methods it takes (RFC 9110 § 15.5.6).
    const allowed = isApi ? (opts.allowedMethods?.(url) ?? []) : [];
    if (allowed.length) {
      return reply.status(405).header('allow', allowed.join(', ')).send({ code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed on ${url}; use ${allowed.join(', ')}` });
    }
    return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: `No route ${request.method} ${url}` });
  });
}

/**
 * The methods each registered path takes, read from the routes as they are added (call before any
 * route is registered): `allowedMethods("/api/agenda/123")` answers those of `/api/agenda/:id`.
 */
export function trackRouteMethods(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const source = `^${route.url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : escapeRegExp(part)))
      .join('/')}/?$`;
    let entry = routes.find((r) => r.pattern.source === source);
    if (!entry) routes.push((entry = { pattern: new RegExp(source), methods: new Set() }));
    for (const method of [route.method].flat()) entry.methods.add(method);
  });
  return (path: string) => [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => [...r.methods]))].sort();
}

function clientMessage(error: FastifyError, status: number): string {
  if (status === 413) return 'The request is too large';
  if (status === 415) return 'This content type is not supported';
  if (status === 429) return 'Too many requests. Please wait and try again.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is not valid JSON';
  return error.message || 'The request is not valid';
}
