import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The SET clause of an upsert that takes every given column from the proposed row (`excluded`),
 * so a re-import updates a record in place and keeps its id.
 */
export function takeExcluded<T extends PgTable>(table: T, keys: (keyof T['$inferInsert'] & string)[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key].name}"`)]));
}

/** Splits rows into batches small enough for one INSERT's parameter limit. */
export function* batches<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
