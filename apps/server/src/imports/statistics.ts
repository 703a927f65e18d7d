import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The tables an import fills: their planner statistics decide whether a query uses its index. */
const IMPORTED_TABLES = ['code_sections', 'code_section_amendments', 'legislation', 'agendas', 'agenda_items'] as const;

/**
 * Planner statistics for the imported tables. PGlite has no autovacuum, so a freshly imported city
 * had none: the planner then guessed 69 code sections instead of 21,163 and read a page of the code
 * index's build with a scan and sort of the whole table (0.3-1 s a page instead of 40 ms). Run
 * after an import (`onlyMissing: false`) and at start for tables never analyzed, before the server
 * listens: ANALYZE on the embedded database holds its thread for a few seconds.
 */
export async function refreshStatistics(db: Db, opts: { onlyMissing: boolean }) {
  const names = sql.join(IMPORTED_TABLES.map((t) => sql`${t}`), sql`, `);
  const result = await db.execute(
    opts.onlyMissing
      ? sql`SELECT relname FROM pg_class WHERE relname IN (${names}) AND relkind = 'r' AND reltuples < 0`
      : sql`SELECT relname FROM pg_class WHERE relname IN (${names}) AND relkind = 'r'`,
  );
  const tables = (result as unknown as { rows: { relname: string }[] }).rows.map((r) => r.relname);
  for (const table of tables) await db.execute(sql.raw(`ANALYZE ${table}`));
  return tables;
}
