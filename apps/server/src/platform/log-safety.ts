/**
 * What the log keeps of an error (issue 22): never the values a user sent. A database error carries
 * its whole statement and its parameters (an e-mail's text, user ids) in its message, and the
 * database's own message may quote a value ('date/time field value out of range: "0000-01-01"'): the
 * log keeps the error's type, the database's error code and the statement without its values, cut to
 * its head (which names the query: "select … from "agendas" where …"), and the stack's frames.
 */
const FAILED_QUERY = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/;
const STATEMENT_HEAD = 240;

interface DbErrorLike extends Error {
  query?: unknown;
  params?: unknown;
  code?: unknown;
  cause?: unknown;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).slice(0, 200), stack: '' };
  const e = err as DbErrorLike;
  const failed = FAILED_QUERY.exec(e.message);
  const cause = e.cause as { code?: unknown; name?: unknown } | undefined;
  if (failed || typeof e.query === 'string') {
    const statement = String(typeof e.query === 'string' ? e.query : failed![1]).replace(/\s+/g, ' ').slice(0, STATEMENT_HEAD);
    return { type: e.name, message: 'A database query failed (its values are not logged)', code: typeof cause?.code === 'string' ? cause.code : e.code, query: statement, stack: framesOf(e.stack) };
  }
  // A database driver's own error (PostgreSQL's, PGlite's): its code and routine, not its message.
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { type: e.name, message: 'A database error (its message is not logged: it may quote a value)', code: e.code, stack: framesOf(e.stack) };
  return { type: e.name, message: e.message, stack: e.stack ?? '', ...(e.code !== undefined ? { code: e.code } : {}) };
}

/** The stack's "at …" lines only: its first line repeats the message. */
const framesOf = (stack: string | undefined) => (stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 12).join('\n');
