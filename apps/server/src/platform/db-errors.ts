import { isDatabaseError } from '../db/client';

/** Socket failures; they count only on an error the database driver reported (a web service's do not). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** SQLSTATEs of a server shutting down, starting up or refusing connections (class 08: connection exceptions). */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` and `pg-pool` say (only they say it) when a connection ends, cannot be made in time, or a query hears nothing back. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /^Query read timeout/,
  /Connection ended unexpectedly/,
];

/** Seconds a client is asked to wait before trying again (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable. Please try again in a moment.';

/**
 * Whether an error means the database cannot be reached right now (decision 029), as opposed to a
 * statement that failed on a working database. Such a request is answered 503 SERVICE_UNAVAILABLE
 * with Retry-After, never 500: the same request succeeds once the database is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown, fromDatabase: boolean): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e)) return false;
    seen.add(e);
    const inDatabase = fromDatabase || isDatabaseError(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      if (inDatabase && NETWORK_CODES.has(code)) return true;
      if (SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.some((m) => m.test(message))) return true;
    // drizzle wraps the driver's error as `cause`; a refused connection to several addresses is an AggregateError.
    return visit(cause, inDatabase) || (Array.isArray(errors) && errors.some((inner) => visit(inner, inDatabase)));
  };
  return visit(err, false);
}
