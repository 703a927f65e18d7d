import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * PostgreSQL refuses a tsvector over 1 MiB ("string is too long for tsvector"), and a stored text
 * feeds its row's generated search vector. Text of ordinary prose fits many times over; text of
 * hostile shape (hundreds of thousands of distinct words) does not. `fitSearchVector` keeps the
 * longest beginning of a text whose vector fits with room for the title's, so storing it can
 * never fail on the limit (decision 014).
 */
const TSVECTOR_MAX_BYTES = 1_048_575;
/** Room left for the other weighted columns (title, filename) joined into the same vector. */
const VECTOR_BUDGET_BYTES = TSVECTOR_MAX_BYTES - 64 * 1024;
/** At most ~5 vector bytes per character of text, so this much always fits without asking. */
const ALWAYS_FITS_CHARS = 150_000;

const rowsOf = (result: unknown) => (result as { rows: { bytes: number }[] }).rows;

/** The vector's size in bytes, or the size PostgreSQL reports when it refuses to build it. */
async function vectorBytes(db: Db, text: string): Promise<number> {
  try {
    return Number(rowsOf(await db.execute(sql`SELECT pg_column_size(to_tsvector('english'::regconfig, ${text})) AS bytes`))[0].bytes);
  } catch (err) {
    const message = `${(err as Error).message} ${((err as { cause?: Error }).cause?.message ?? '')}`;
    const reported = /too long for tsvector \((\d+) bytes/.exec(message);
    if (!reported) throw err;
    return Number(reported[1]);
  }
}

/** A beginning of `text` no longer than `length`, cut at a word boundary. */
function cutAt(text: string, length: number): string {
  const cut = text.slice(0, length);
  const space = cut.search(/\s\S*$/);
  const kept = space > length * 0.9 ? cut.slice(0, space) : cut;
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

export async function fitSearchVector(db: Db, text: string): Promise<{ text: string; truncated: boolean }> {
  let candidate = text;
  while (candidate.length > ALWAYS_FITS_CHARS) {
    const bytes = await vectorBytes(db, candidate);
    if (bytes <= VECTOR_BUDGET_BYTES) break;
    candidate = cutAt(candidate, Math.max(ALWAYS_FITS_CHARS, Math.floor(candidate.length * (VECTOR_BUDGET_BYTES / bytes) * 0.95)));
  }
  return { text: candidate, truncated: candidate.length < text.length };
}
