import type { Database } from '../db/client';

/**
 * Notices between the processes on one database (PostgreSQL NOTIFY; PGlite's own listeners): a
 * JSON value sent on a channel, heard by every listener of it. The read caches, the search indexes
 * and command-line imports use them to keep every process's in-memory state true.
 */
export async function sendNotice(database: Database, channel: string, notice: unknown) {
  await database.notify(channel, JSON.stringify(notice));
}

/** Calls `onNotice` with each notice on `channel` until the returned stop is called; a notice that cannot be read goes to `onError`. */
export function listenForNotices<T>(database: Database, channel: string, onNotice: (notice: T) => void, onError: (err: unknown) => void) {
  return database.listen(channel, (payload) => {
    try {
      onNotice(JSON.parse(payload) as T);
    } catch (err) {
      onError(err);
    }
  });
}
