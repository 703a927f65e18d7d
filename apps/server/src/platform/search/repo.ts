import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createSlicer } from '../workers/slices';
import { HEADLINE_OPTIONS } from './snippet';
import { coverWeights, MEASURE_BONUS } from './match';
import type { PlannedSearch } from './request';

/**
 * The search SQL (decision 011): one statement over legislation, agenda items and uploaded
 * documents of one location, answering the page, the total and every facet in one round trip.
 * Tiers put the item a clerk means first; ts_rank_cd orders within a tier.
 */
export type SearchSource = 'legislation' | 'agenda_item' | 'external_document';
export const SEARCH_TYPES_OF_DOCUMENTS = ['AGENDA_ITEM', 'RESOLUTION', 'PROCLAMATION', 'ORDINANCE'];

/** The tsqueries of one search as tsquery text (planned as constants, so GIN indexes are used). */
export interface TextQuery {
  /** Every part must match (phrases and words, each word OR its typo corrections). */
  all: string | null;
  /** Any part may match: the fallback for multi-word queries with too few full matches. */
  any: string | null;
  /** The parts of `any` (a quoted phrase; a word OR its corrections): in "some terms" mode a record is ordered by the weight of those it holds. */
  parts: string[];
  /** The whole query as a phrase (multi-word queries only). */
  phrase: string | null;
  /** All parts without typo corrections: a hit that needs a correction is reported as "fuzzy". */
  strict: string | null;
  excluded: string | null;
  fileNumbers: string[];
  fileLexemes: string | null;
  /** Lower-case whole query for "the title holds the exact phrase" (no detoasting of the big vector). */
  titlePhrase: string | null;
  /** Per query word, a regex of word-prefixes (the word, its stem, its corrections) a title must hold. */
  titleTerms: string[];
}

export interface SearchPlan extends PlannedSearch<TextQuery> {
  locationId: string;
}

export interface SearchRow {
  source: SearchSource;
  id: string;
  document_type: string;
  title: string;
  file_number: string | null;
  day: string | null;
  committee: string | null;
  status: string | null;
  section_name: string | null;
  agenda_id: string | null;
  legislation_id: string | null;
  tier: number;
  rank: number;
}

export interface SearchResult {
  total: number;
  rows: SearchRow[];
  facets: Record<'document_type' | 'year' | 'committee' | 'status' | 'section', { value: string; count: number }[]>;
}

const RANK_WEIGHTS = sql`'{0.1, 0.2, 0.4, 1.0}'::float4[]`;
const inList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

interface SourceColumns {
  table: SQL;
  docType: SQL;
  day: SQL;
  fileNumber: SQL;
  fileMatch: SQL;
  /** Matches found by an index of their own (a law's source id "L25-326"), without the lexeme prefilter. */
  directMatch: SQL | null;
  committee: SQL;
  status: SQL;
  section: SQL;
  agendaId: SQL;
  legislationId: SQL;
}

function columnsOf(source: SearchSource, fileNumbers: string[]): SourceColumns {
  const files = fileNumbers.length ? inList(fileNumbers) : null;
  if (source === 'legislation') {
    return {
      table: sql`legislation`,
      docType: sql`t.document_type`,
      day: sql`coalesce(t.effective, t.enacted, t.introduced)`,
      fileNumber: sql`t.file_number`,
      fileMatch: files ? sql`(t.file_number IN (${files}) OR t.source_id IN (${files}))` : sql`false`,
      directMatch: files ? sql`t.source_id IN (${files})` : null,
      committee: sql`t.committee`,
      status: sql`t.status`,
      section: sql`NULL::text`,
      agendaId: sql`NULL::text`,
      legislationId: sql`t.id`,
    };
  }
  if (source === 'agenda_item') {
    return {
      table: sql`agenda_items`,
      docType: sql`t.document_type`,
      day: sql`t.date`,
      fileNumber: sql`t.file_number`,
      fileMatch: files ? sql`t.file_number IN (${files})` : sql`false`,
      directMatch: null,
      committee: sql`t.committee`,
      status: sql`t.status`,
      section: sql`t.section_name`,
      agendaId: sql`t.agenda_id`,
      legislationId: sql`t.legislation_id`,
    };
  }
  return {
    table: sql`external_documents`,
    docType: sql`CASE WHEN t.document_type IN (${inList(SEARCH_TYPES_OF_DOCUMENTS)}) THEN t.document_type ELSE 'DOCUMENT' END`,
    day: sql`(t.created_at AT TIME ZONE 'UTC')::date`,
    fileNumber: sql`NULL::text`,
    fileMatch: sql`false`,
    directMatch: null,
    committee: sql`NULL::text`,
    status: sql`CASE WHEN t.has_text THEN t.status ELSE 'NO TEXT' END`,
    section: sql`NULL::text`,
    agendaId: sql`NULL::text`,
    legislationId: sql`NULL::text`,
  };
}

const tsq = (text: string | null) => sql`${text ?? ''}::tsquery`;
const TABLES: Record<SearchSource, SQL> = { legislation: sql`legislation`, agenda_item: sql`agenda_items`, external_document: sql`external_documents` };

/**
 * First-pass tier from cheap columns only (no detoasting of the large stored vector):
 * 6 file number · 5 the whole query in the title · 4 all terms in the title · 2 all terms · 1 some terms.
 * Tier 3 (the exact phrase in the body) is decided in the second pass, for the rank window only.
 */
function baseTierOf(source: SearchSource, c: SourceColumns, plan: SearchPlan): SQL {
  const q = plan.text;
  if (!q.all && !q.fileNumbers.length) return sql`0`;
  const title = sql`lower(t.title)`;
  const branches: SQL[] = [sql`WHEN ${c.fileMatch} THEN 6`];
  if (q.titlePhrase) branches.push(sql`WHEN strpos(${title}, ${q.titlePhrase}) > 0 THEN 5`);
  if (q.titleTerms.length) branches.push(sql`WHEN ${sql.join(q.titleTerms.map((re) => sql`${title} ~ ${re}`), sql` AND `)} THEN 4`);
  if (q.all && !plan.useAny) branches.push(sql`WHEN true THEN 2`);
  else if (q.all) {
    // Fallback mode: the few records with every term are found through the index, not by detoasting each candidate.
    branches.push(sql`WHEN t.id IN (SELECT a.id FROM ${TABLES[source]} a WHERE a.location_id = ${plan.locationId} AND a.search @@ ${tsq(q.all)}) THEN 2`);
  }
  return sql`CASE ${sql.join(branches, sql` `)} ELSE 1 END`;
}

/** A part of the query and its weight (match.ts coverWeights), for "some terms" mode. */
interface WeightedPart {
  query: string;
  weight: number;
}

/**
 * The weight of each part of the query: how many of the location's records (all sources, as the
 * in-process index counts them) hold it, against how many there are.
 */
async function weightedParts(db: Db, plan: SearchPlan): Promise<WeightedPart[]> {
  const parts = plan.text.parts;
  const counted = (condition: SQL) =>
    sql`(${sql.join(
      (Object.keys(TABLES) as SearchSource[]).map((s) => sql`(SELECT count(*) FROM ${TABLES[s]} t WHERE t.location_id = ${plan.locationId} AND ${condition})`),
      sql` + `,
    )})::int`;
  const result = await db.execute(
    sql`SELECT ${counted(sql`true`)} AS records, ${sql.join(parts.map((part, i) => sql`${counted(sql`t.search @@ ${tsq(part)}`)} AS ${sql.identifier(`p${i}`)}`), sql`, `)}`,
  );
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0];
  const weights = coverWeights(Number(row.records), parts.map((_, i) => Number(row[`p${i}`])));
  return parts.map((query, i) => ({ query, weight: weights[i] }));
}

/** The summed weights of the parts a record holds; each part's records come from the GIN index, not by detoasting each candidate. */
function coverOf(source: SearchSource, plan: SearchPlan, parts: WeightedPart[] | null): SQL {
  const held = (parts ?? []).filter((p) => p.weight > 0);
  if (!held.length) return sql`0`;
  return sql`(${sql.join(
    held.map((p) => sql`CASE WHEN t.id IN (SELECT a.id FROM ${TABLES[source]} a WHERE a.location_id = ${plan.locationId} AND a.search @@ ${tsq(p.query)}) THEN ${p.weight}::int ELSE 0 END`),
    sql` + `,
  )})`;
}

function selectFrom(source: SearchSource, plan: SearchPlan, parts: WeightedPart[] | null): SQL {
  const c = columnsOf(source, plan.text.fileNumbers);
  const q = plan.text;
  const where: SQL[] = [sql`t.location_id = ${plan.locationId}`];
  const matchQuery = plan.useAny ? q.any : q.all;
  const textMatch: SQL[] = [];
  if (matchQuery) textMatch.push(sql`t.search @@ ${tsq(matchQuery)}`);
  // The file-number lexeme ('-914') lets the GIN index find candidates; the IN list decides.
  if (q.fileNumbers.length && q.fileLexemes) textMatch.push(sql`(t.search @@ ${tsq(q.fileLexemes)} AND ${c.fileMatch})`);
  if (c.directMatch) textMatch.push(c.directMatch);
  if (textMatch.length) where.push(sql`(${sql.join(textMatch, sql` OR `)})`);
  if (q.excluded) where.push(sql`NOT (t.search @@ ${tsq(q.excluded)})`);
  if (plan.startDate) where.push(sql`${c.day} >= ${plan.startDate}::date`);
  if (plan.endDate) where.push(sql`${c.day} <= ${plan.endDate}::date`);
  if (plan.documentTypes?.length) where.push(sql`${c.docType} IN (${inList(plan.documentTypes)})`);
  if (plan.committee) where.push(sql`${c.committee} = ${plan.committee}`);
  if (plan.status) where.push(sql`${c.status} = ${plan.status}`);
  if (plan.section) where.push(sql`${c.section} = ${plan.section}`);
  return sql`SELECT ${source}::text AS source, t.id, ${c.docType} AS document_type, t.title, ${c.fileNumber} AS file_number,
      ${c.day} AS day, ${c.committee} AS committee, ${c.status} AS status, ${c.section} AS section_name,
      ${c.agendaId} AS agenda_id, ${c.legislationId} AS legislation_id, ${baseTierOf(source, c, plan)} AS base_tier,
      ${coverOf(source, plan, parts)} AS cover
    FROM ${TABLES[source]} t WHERE ${sql.join(where, sql` AND `)}`;
}

/**
 * Second pass, over the rank window only: the exact-phrase tier and ts_rank_cd need the stored
 * vector (a law's can hold 60,000 characters of text), so only the best-tiered, newest
 * candidates pay for it. Beyond the window hits follow by tier, then date (decision 011).
 */
function rankWindow(plan: SearchPlan, windowSize: number): SQL {
  const q = plan.text;
  const perType = plan.limitPerType ? sql`document_type` : sql`1`;
  const joins = plan.sources.map((source) => {
    const tier = q.phrase ? sql`CASE WHEN w.base_tier = 2 AND t.search @@ ${tsq(q.phrase)} THEN 3 ELSE w.base_tier END` : sql`w.base_tier`;
    const bonus = source === 'legislation' ? sql` + ${MEASURE_BONUS}::float4` : sql``;
    const rank = q.any ? sql`(ts_rank_cd(${RANK_WEIGHTS}, t.search, ${tsq(q.any)}, 33)${bonus})` : sql`0::float4`;
    return sql`SELECT w.*, ${tier} AS tier, ${rank} AS rank FROM w JOIN ${TABLES[source]} t ON t.id = w.id WHERE w.source = ${source}`;
  });
  return sql`w AS (SELECT * FROM (SELECT hits.*, row_number() OVER (PARTITION BY ${perType} ORDER BY base_tier DESC, cover DESC, day DESC NULLS LAST, id) AS window_rank FROM hits) x
      WHERE window_rank <= ${windowSize}),
    ranked AS (${sql.join(joins, sql` UNION ALL `)})`;
}

function orderOf(plan: SearchPlan): SQL {
  if (plan.sort === 'date_desc') return sql`day DESC NULLS LAST, base_tier DESC, id`;
  if (plan.sort === 'date_asc') return sql`day ASC NULLS LAST, base_tier DESC, id`;
  return sql`tier DESC, cover DESC, rank DESC, day DESC NULLS LAST, id`;
}

/** Every facet in one pass over the hits (GROUPING SETS), up to 50 values each. */
const FACETS = sql`facet_counts AS (
    SELECT GROUPING(document_type) = 0 AS by_type, GROUPING(year) = 0 AS by_year, GROUPING(committee) = 0 AS by_committee,
      GROUPING(status) = 0 AS by_status, document_type, year, committee, status, section_name, count(*)::int AS count
    FROM (SELECT document_type, extract(year FROM day)::int::text AS year, committee, status, section_name FROM hits) h
    GROUP BY GROUPING SETS ((document_type), (year), (committee), (status), (section_name)))`;
const facet = (column: SQL, flag: SQL | null, order: SQL) =>
  sql`(SELECT coalesce(json_agg(f), '[]'::json) FROM (SELECT ${column} AS value, count FROM facet_counts
    WHERE ${flag ?? sql`NOT (by_type OR by_year OR by_committee OR by_status)`} AND ${column} IS NOT NULL ORDER BY ${order} LIMIT 50) f)`;

export async function searchRecords(db: Db, plan: SearchPlan): Promise<SearchResult> {
  await ensureStatistics(db);
  const relevance = plan.sort === 'relevance';
  // "Some terms" mode: a record holding the query's rarer words comes first within its tier.
  const parts = relevance && plan.useAny && plan.text.parts.length > 1 ? await weightedParts(db, plan) : null;
  const union = sql.join(
    plan.sources.map((s) => selectFrom(s, plan, parts)),
    sql` UNION ALL `,
  );
  const source = relevance ? sql`ranked` : sql`(SELECT hits.*, base_tier AS tier, 0::float4 AS rank FROM hits)`;
  const order = orderOf(plan);
  const page = plan.limitPerType
    ? sql`SELECT * FROM (SELECT r.*, row_number() OVER (PARTITION BY document_type ORDER BY ${order}) AS type_rank FROM ${source} r) p
        WHERE type_rank > ${plan.offset} AND type_rank <= ${plan.offset + plan.limitPerType} ORDER BY ${order} LIMIT ${plan.limit}`
    : sql`SELECT * FROM ${source} r ORDER BY ${order} LIMIT ${plan.limit} OFFSET ${plan.offset}`;
  const windowSize = Math.min(Math.max(100, plan.offset + (plan.limitPerType ?? plan.limit)), 1100);
  const statement = sql`WITH hits AS MATERIALIZED (${union})${relevance ? sql`, ${rankWindow(plan, windowSize)}` : sql``}, ${FACETS}
    SELECT (SELECT coalesce(sum(count), 0)::int FROM facet_counts WHERE by_type) AS total,
      (SELECT coalesce(json_agg(p), '[]'::json) FROM (${page}) p) AS rows,
      ${facet(sql`document_type`, sql`by_type`, sql`2 DESC, 1`)} AS document_type,
      ${facet(sql`year`, sql`by_year`, sql`1 DESC`)} AS year,
      ${facet(sql`committee`, sql`by_committee`, sql`2 DESC, 1`)} AS committee,
      ${facet(sql`status`, sql`by_status`, sql`2 DESC, 1`)} AS status,
      ${facet(sql`section_name`, null, sql`2 DESC, 1`)} AS section`;
  const result = await db.execute(statement);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    total: Number(row.total),
    rows: json<SearchRow[]>(row.rows),
    facets: {
      document_type: json(row.document_type),
      year: json(row.year),
      committee: json(row.committee),
      status: json(row.status),
      section: json(row.section),
    },
  };
}

/**
 * Tables never analyzed (PGlite has no autovacuum; a fresh import has no statistics) make the
 * planner scan every row instead of the GIN index. Once per process, analyze those that lack them.
 */
const analyzed = new WeakSet<object>();
async function ensureStatistics(db: Db) {
  if (analyzed.has(db)) return;
  const result = await db.execute(sql`SELECT relname FROM pg_class WHERE relname IN ('legislation', 'agenda_items', 'external_documents') AND relkind = 'r' AND reltuples < 0`);
  for (const { relname } of (result as unknown as { rows: { relname: string }[] }).rows) await db.execute(sql.raw(`ANALYZE ${relname}`));
  analyzed.add(db);
}

/** The tsquery texts of a search, from PostgreSQL's own parsers over bound parameters (one round trip). */
export async function tsqueryTexts(db: Db, parts: Record<string, SQL | null>): Promise<Record<string, string | null>> {
  const names = Object.keys(parts).filter((k) => parts[k]);
  if (!names.length) return {};
  const result = await db.execute(sql`SELECT ${sql.join(names.map((n) => sql`(${parts[n]})::text AS ${sql.identifier(n)}`), sql`, `)}`);
  const row = (result as unknown as { rows: Record<string, string>[] }).rows[0];
  return Object.fromEntries(names.map((n) => [n, row[n] || null]));
}

/** ts_headline over each hit's descriptive text, for the page's hits only (headlines are costly); and whether it matched without typo corrections. */
export async function headlines(
  db: Db,
  rows: { source: SearchSource; id: string }[],
  query: string | null,
  strict: string | null,
): Promise<Map<string, { headline: string; strict: boolean }>> {
  const out = new Map<string, { headline: string; strict: boolean }>();
  if (!rows.length) return out;
  const parts: SQL[] = [];
  const body: Record<SearchSource, SQL> = {
    // Bounded: a law's text can be 60,000 characters; its opening and summary say what it does.
    legislation: sql`concat_ws(' — ', nullif(t.long_title, ''), nullif(t.summary, ''), left(t.text, 1500))`,
    agenda_item: sql`concat_ws(' — ', nullif(t.description, ''), t.committee, t.section_name)`,
    external_document: sql`left(t.text, 3000)`,
  };
  for (const source of ['legislation', 'agenda_item', 'external_document'] as SearchSource[]) {
    const list = rows.filter((r) => r.source === source).map((r) => r.id);
    if (!list.length) continue;
    parts.push(sql`SELECT t.id, ts_headline('english', ${body[source]}, ${tsq(query)}, ${HEADLINE_OPTIONS}) AS headline,
        ${strict ? sql`t.search @@ ${tsq(strict)}` : sql`true`} AS strict
      FROM ${TABLES[source]} t WHERE t.id IN (${inList(list)})`);
  }
  const result = await db.execute(sql.join(parts, sql` UNION ALL `));
  for (const r of (result as unknown as { rows: { id: string; headline: string | null; strict: boolean }[] }).rows) {
    out.set(r.id, { headline: r.headline ?? '', strict: r.strict });
  }
  return out;
}

/**
 * Whether any of the location's laws, agenda items or documents holds the word anywhere in its text
 * (the full-text index, stemmed as it is searched): such a word is the city's own and not a typo.
 */
export async function inCorpus(db: Db, locationId: string, word: string): Promise<boolean> {
  const query = sql`plainto_tsquery('english', ${word})`;
  const exists = (table: SQL) => sql`EXISTS (SELECT 1 FROM ${table} t WHERE t.location_id = ${locationId} AND t.search @@ ${query})`;
  const result = await db.execute(sql`SELECT ${exists(TABLES.legislation)} OR ${exists(TABLES.agenda_item)} OR ${exists(TABLES.external_document)} AS found`);
  return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
}

/** Words of the location's short texts (titles, descriptions, committees, uploads), for typo tolerance. */
export async function vocabularyRows(db: Db, locationId: string): Promise<{ word: string; count: number }[]> {
  // Read a page of texts at a time and counted here, in slices of the event loop: on the embedded
  // database a query runs on the server's thread, and counting the words in SQL held it 0.4-0.5 s per
  // source. Words are what learnWords adds on a write: lower case, split on what is not a letter or
  // digit, 3 characters or more; identical texts of legislation and agenda items count once.
  const sources = [
    { text: sql`concat_ws(' ', title, long_title, summary, committee)`, table: sql`legislation`, distinct: true },
    { text: sql`concat_ws(' ', title, description, committee, section_name)`, table: sql`agenda_items`, distinct: true },
    { text: sql`concat_ws(' ', title, filename, left(text, 50000))`, table: sql`external_documents`, distinct: false },
  ];
  const counts = new Map<string, number>();
  const slicer = createSlicer();
  for (const source of sources) {
    const seen = new Set<string>();
    for (let after = ''; ; ) {
      const result = await db.execute(
        sql`SELECT id, ${source.text} AS s FROM ${source.table} WHERE location_id = ${locationId} AND id > ${after} ORDER BY id LIMIT ${VOCABULARY_PAGE}`,
      );
      const rows = (result as unknown as { rows: { id: string; s: string }[] }).rows;
      for (const { s } of rows) {
        if (slicer.due()) await slicer.pause();
        if (source.distinct) {
          if (seen.has(s)) continue;
          seen.add(s);
        }
        for (const word of s.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      if (rows.length < VOCABULARY_PAGE) break;
      after = rows[rows.length - 1].id;
      await slicer.turn();
    }
  }
  return [...counts].map(([word, count]) => ({ word, count }));
}
const VOCABULARY_PAGE = 500;
