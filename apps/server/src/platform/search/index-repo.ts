import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IndexRecord } from './location-index';
import { SEARCH_TYPES_OF_DOCUMENTS, type SearchSource } from './repo';

/**
 * The reads that fill the in-process index (decision 017): each searchable record's facts, its
 * stored tsvector as text, and (for locations small enough to hold them) the text snippets are cut
 * from. The column meanings are the search SQL's (repo.ts): the same day, type and status rules.
 */
const TABLES: Record<SearchSource, SQL> = { legislation: sql`legislation`, agenda_item: sql`agenda_items`, external_document: sql`external_documents` };
const inList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const updatedUs = sql`(extract(epoch FROM t.updated_at) * 1000000)::float8`;

const COLUMNS: Record<SearchSource, SQL> = {
  legislation: sql`t.id, t.document_type, coalesce(t.effective, t.enacted, t.introduced)::text AS day, t.file_number, t.source_id,
    t.committee, t.status, NULL::text AS section_name, NULL::text AS agenda_id, t.id AS legislation_id, t.title`,
  agenda_item: sql`t.id, t.document_type, t.date::text AS day, t.file_number, NULL::text AS source_id, t.committee, t.status,
    t.section_name, t.agenda_id, t.legislation_id, t.title`,
  external_document: sql`t.id, CASE WHEN t.document_type IN (${inList(SEARCH_TYPES_OF_DOCUMENTS)}) THEN t.document_type ELSE 'DOCUMENT' END AS document_type,
    ((t.created_at AT TIME ZONE 'UTC')::date)::text AS day, NULL::text AS file_number, NULL::text AS source_id, NULL::text AS committee,
    CASE WHEN t.has_text THEN t.status ELSE 'NO TEXT' END AS status, NULL::text AS section_name, NULL::text AS agenda_id,
    NULL::text AS legislation_id, t.title`,
};

/** The bounded descriptive text a snippet is cut from (decision 013): a law's opening, not its 60,000 characters. */
export const SNIPPET_TEXT: Record<SearchSource, SQL> = {
  legislation: sql`concat_ws(' — ', nullif(t.long_title, ''), nullif(t.summary, ''), substr(t.text, 1, 1500))`,
  agenda_item: sql`concat_ws(' — ', nullif(t.description, ''), t.committee, t.section_name)`,
  external_document: sql`substr(t.text, 1, 3000)`,
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function select(source: SearchSource, withSnippets: boolean): SQL {
  const snippet = withSnippets ? sql`, ${SNIPPET_TEXT[source]} AS snippet_text` : sql``;
  return sql`SELECT ${source}::text AS source, ${COLUMNS[source]}, t.search::text AS vector, ${updatedUs} AS updated_us${snippet} FROM ${TABLES[source]} t`;
}

/** One page of a location's records of one source, in id order (keyset paging keeps each read short). */
export async function recordPage(
  db: Db,
  source: SearchSource,
  locationId: string,
  afterId: string | null,
  limit: number,
  withSnippets: boolean,
): Promise<IndexRecord[]> {
  const after = afterId === null ? sql`` : sql`AND t.id > ${afterId}`;
  return rowsOf<IndexRecord>(await db.execute(sql`${select(source, withSnippets)} WHERE t.location_id = ${locationId} ${after} ORDER BY t.id LIMIT ${limit}`));
}

/** The current state of some records (those not found were deleted). */
export async function recordsById(db: Db, source: SearchSource, locationId: string, ids: string[], withSnippets: boolean): Promise<IndexRecord[]> {
  if (!ids.length) return [];
  return rowsOf<IndexRecord>(await db.execute(sql`${select(source, withSnippets)} WHERE t.location_id = ${locationId} AND t.id IN (${inList(ids)})`));
}

export interface SourceSignature {
  count: number;
  newestUs: number;
}

/** How many records each source holds and when the newest changed: the index compares it with its own. */
export async function sourceSignatures(db: Db, locationId: string): Promise<Record<SearchSource, SourceSignature>> {
  const parts = (['legislation', 'agenda_item', 'external_document'] as SearchSource[]).map(
    (source) => sql`SELECT ${source}::text AS source, count(*)::int AS count, coalesce((extract(epoch FROM max(t.updated_at)) * 1000000)::float8, 0) AS newest_us
      FROM ${TABLES[source]} t WHERE t.location_id = ${locationId}`,
  );
  const rows = rowsOf<{ source: SearchSource; count: number; newest_us: number }>(await db.execute(sql.join(parts, sql` UNION ALL `)));
  return Object.fromEntries(rows.map((r) => [r.source, { count: Number(r.count), newestUs: Number(r.newest_us) }])) as Record<SearchSource, SourceSignature>;
}

/** Snippet texts of a page's hits, for locations too large to hold every record's text in memory. */
export async function snippetTexts(db: Db, locationId: string, hits: { source: SearchSource; id: string }[]): Promise<Map<string, string>> {
  const parts: SQL[] = [];
  for (const source of ['legislation', 'agenda_item', 'external_document'] as SearchSource[]) {
    const ids = hits.filter((h) => h.source === source).map((h) => h.id);
    if (ids.length) parts.push(sql`SELECT ${source}::text AS source, t.id, ${SNIPPET_TEXT[source]} AS text FROM ${TABLES[source]} t WHERE t.location_id = ${locationId} AND t.id IN (${inList(ids)})`);
  }
  if (!parts.length) return new Map();
  const rows = rowsOf<{ source: string; id: string; text: string | null }>(await db.execute(sql.join(parts, sql` UNION ALL `)));
  return new Map(rows.map((r) => [`${r.source}:${r.id}`, r.text ?? '']));
}

/** Every location that has searchable records (server start builds their indexes). */
export async function locationsWithRecords(db: Db): Promise<string[]> {
  const rows = rowsOf<{ location_id: string }>(
    await db.execute(sql`SELECT DISTINCT location_id FROM legislation UNION SELECT DISTINCT location_id FROM agenda_items UNION SELECT DISTINCT location_id FROM external_documents`),
  );
  return rows.map((r) => r.location_id);
}
