import type { SearchHit, SearchResponse, SearchSort } from '@civicdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isEmptyQuery, type ParsedQuery, parseSearchQuery } from './query-parser';
import { headlines, type SearchPlan, type SearchRow, type SearchSource, searchRecords, type TextQuery } from './repo';
import type { LocationScope } from './scope';
import { markedSnippet } from './snippet';
import { correctWords } from './typo';

/**
 * The search layer every search call goes through (GET /search, research, ordinance search):
 * parse -> correct typos -> one SQL statement for page + total + facets -> headlines for the page.
 */
export interface SearchRequest {
  query: string;
  sources: SearchSource[];
  documentTypes?: string[];
  startDate?: string;
  endDate?: string;
  committee?: string;
  status?: string;
  section?: string;
  sort: SearchSort;
  page: number;
  pageSize: number;
  limitPerType?: number;
}

const MATCH_BY_TIER = ['browse', 'some_terms', 'all_terms', 'phrase', 'all_terms', 'phrase', 'file_number'] as const;
const ts = (text: string) => sql`plainto_tsquery('english', ${text})`;
const phrase = (text: string) => sql`phraseto_tsquery('english', ${text})`;
const joinQueries = (parts: SQL[], op: '&&' | '||') => (parts.length ? sql`(${sql.join(parts, sql.raw(` ${op} `))})` : null);

/** The tsqueries of one search, built only from PostgreSQL's parsers over bound parameters. */
export function textQueryOf(parsed: ParsedQuery, corrections: Map<string, string[]>): TextQuery {
  const strictParts = [...parsed.phrases.map(phrase), ...parsed.words.map(ts)];
  const parts = [
    ...parsed.phrases.map(phrase),
    ...parsed.words.map((w) => {
      const alternatives = corrections.get(w);
      return alternatives ? sql`(${sql.join([w, ...alternatives].map(ts), sql` || `)})` : ts(w);
    }),
  ];
  const wordCount = parsed.words.length + parsed.phrases.reduce((n, p) => n + p.split(/\s+/).length, 0);
  const numbers = parsed.fileNumberTokens.map((t) => `-${t.split('-')[1]}`);
  return {
    all: joinQueries(parts, '&&'),
    any: joinQueries(parts, '||'),
    phrase: wordCount > 1 && !corrections.size && !parsed.fileNumberTokens.length ? phrase(parsed.text) : null,
    strict: corrections.size ? joinQueries(strictParts, '&&') : null,
    excluded: joinQueries(parsed.excluded.map(ts), '||'),
    fileNumbers: parsed.fileNumbers,
    fileLexemes: joinQueries(numbers.map(ts), '||'),
  };
}

export async function runSearch(db: Db, scope: LocationScope, request: SearchRequest): Promise<SearchResponse> {
  const started = performance.now();
  const parsed = parseSearchQuery(request.query);
  const corrections = await correctWords(db, scope.locationId, parsed.words);
  const text = textQueryOf(parsed, corrections);
  const offset = (request.page - 1) * (request.limitPerType ?? request.pageSize);
  const plan: SearchPlan = {
    locationId: scope.locationId,
    text,
    useAny: false,
    sources: request.sources,
    documentTypes: request.documentTypes,
    startDate: request.startDate,
    endDate: request.endDate,
    committee: request.committee,
    status: request.status,
    section: request.section,
    // Without words there is nothing to rank by: the newest records first.
    sort: isEmptyQuery(parsed) && request.sort === 'relevance' ? 'date_desc' : request.sort,
    limit: request.pageSize,
    offset,
    limitPerType: request.limitPerType,
  };
  let result = await searchRecords(db, plan);
  // Matching strategy: all terms; when that leaves less than a page, records with some terms follow.
  const manyParts = parsed.words.length + parsed.phrases.length > 1;
  if (manyParts && result.total < request.pageSize && request.page === 1) {
    result = await searchRecords(db, { ...plan, useAny: true });
  }
  const marks = await headlines(db, result.rows, text.any);
  const hits = result.rows.map((row) => toHit(row, marks.get(row.id) ?? '', corrections.size > 0, isEmptyQuery(parsed)));
  const perTypeMore = request.limitPerType
    ? result.facets.document_type.some((f) => f.count > request.page * request.limitPerType!)
    : offset + hits.length < result.total;
  return {
    query: request.query,
    location: { code: scope.code, name: scope.name },
    total: result.total,
    page: request.page,
    page_size: request.pageSize,
    has_more: perTypeMore,
    sort_by: plan.sort,
    typo_tolerant: corrections.size > 0,
    hits,
    facets: result.facets,
    took_ms: Math.round((performance.now() - started) * 10) / 10,
  };
}

function toHit(row: SearchRow, headline: string, corrected: boolean, browsing: boolean): SearchHit {
  const match = browsing ? 'browse' : corrected && !row.strict && row.tier < 6 ? 'fuzzy' : MATCH_BY_TIER[row.tier];
  return {
    id: row.id,
    source: row.source,
    document_type: row.document_type as SearchHit['document_type'],
    title: row.title,
    file_number: row.file_number,
    date: row.day,
    committee: row.committee,
    status: row.status,
    section_name: row.section_name,
    agenda_id: row.agenda_id,
    legislation_id: row.legislation_id,
    snippet: markedSnippet(headline),
    url: urlOf(row),
    score: Math.round((row.tier + Number(row.rank)) * 1000) / 1000,
    match,
  };
}

/** The web page of a hit (apps/web routes): laws on /ordinance/{id}, items on their measure or meeting. */
function urlOf(row: SearchRow): string {
  if (row.source === 'legislation') return `/ordinance/${encodeURIComponent(row.id)}`;
  if (row.source === 'agenda_item') {
    if (row.legislation_id) return `/ordinance/${encodeURIComponent(row.legislation_id)}?agenda_item=${encodeURIComponent(row.id)}`;
    return `/ordinance/agenda/${encodeURIComponent(row.agenda_id ?? '')}?agenda_item=${encodeURIComponent(row.id)}`;
  }
  return `/pdf-viewer?document=${encodeURIComponent(row.id)}`;
}
