import { SEARCH_MAX_OFFSET, type SearchHit, type SearchResponse, type SearchSort } from '@civicdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { stemmer } from 'stemmer';
import type { Db } from '../../db/client';
import { cachedSearch, rememberSearch } from './cache';
import { highlight, wordMatcher } from './highlight';
import { snippetTexts } from './index-repo';
import { readyIndex, waitsForBuilds } from './index-registry';
import { docMatches } from './match';
import type { LocationIndex } from './location-index';
import { type MemoryPlan, searchLocation } from './memory-search';
import { isEmptyQuery, type ParsedQuery, parseSearchQuery } from './query-parser';
import { compileQuery } from './query-terms';
import { headlines, type SearchPlan, type SearchResult, type SearchRow, searchRecords, type TextQuery, tsqueryTexts } from './repo';
import type { SearchRequest, SearchScope } from './request';
import { markedSnippet } from './snippet';
import { englishFor } from './spanish';
import { correctWords, vocabularyRead } from './typo';
import { escapeRegExp } from '../regex';

/**
 * The search layer every search call goes through (GET /search, research, ordinance search):
 * parse -> correct typos -> the location's in-process index (decision 017) -> snippets for the page.
 * While a location has no index in memory (a large one still being built, one evicted to keep the
 * memory budget or too large for it), the same search runs as one SQL statement for page + total +
 * facets, with ts_headline for the page (decisions 011, 013).
 */
export type { SearchRequest } from './request';

const MATCH_BY_TIER = ['browse', 'some_terms', 'all_terms', 'phrase', 'all_terms', 'phrase', 'file_number'] as const;
const ts = (text: string) => sql`plainto_tsquery('english', ${text})`;
const phrase = (text: string) => sql`phraseto_tsquery('english', ${text})`;
const joinQueries = (parts: SQL[], op: '&&' | '||') => (parts.length ? sql`(${sql.join(parts, sql.raw(` ${op} `))})` : null);

/** A word-prefix a title must hold for a query word: what the word and its stem share ("city"/"citi" -> "cit"). */
function titlePrefix(word: string): string {
  const stem = stemmer(word);
  let n = 0;
  while (n < word.length && n < stem.length && word[n] === stem[n]) n++;
  return word.slice(0, Math.max(n, Math.min(3, word.length)));
}

/** The tsqueries of one search, built only by PostgreSQL's parsers over bound parameters. */
export async function textQueryOf(db: Db, parsed: ParsedQuery, corrections: Map<string, string[]>): Promise<TextQuery> {
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
  const wholePhrase = wordCount > 1 && !corrections.size && !parsed.fileNumberTokens.length;
  const texts = await tsqueryTexts(db, {
    all: joinQueries(parts, '&&'),
    any: joinQueries(parts, '||'),
    phrase: wholePhrase ? phrase(parsed.text) : null,
    strict: corrections.size ? joinQueries(strictParts, '&&') : null,
    excluded: joinQueries(parsed.excluded.map(ts), '||'),
    file_lexemes: joinQueries(numbers.map(ts), '||'),
    ...Object.fromEntries(parsed.words.map((w, i) => [`word_${i}`, ts(w)])),
    ...Object.fromEntries(parts.map((part, i) => [`part_${i}`, part])),
  });
  // Stop words ("the", "of") have no lexeme: a title need not hold them.
  const titleTerms = parsed.words
    .filter((_, i) => texts[`word_${i}`])
    .map((w) => `\\m(${[w, ...(corrections.get(w) ?? [])].map((x) => escapeRegExp(titlePrefix(x))).join('|')})`);
  return {
    all: texts.all ?? null,
    any: texts.any ?? null,
    parts: parts.map((_, i) => texts[`part_${i}`]).filter((p): p is string => !!p),
    phrase: texts.phrase ?? null,
    strict: texts.strict ?? null,
    excluded: texts.excluded ?? null,
    fileNumbers: parsed.fileNumbers,
    fileLexemes: texts.file_lexemes ?? null,
    titlePhrase: wholePhrase ? parsed.text.toLowerCase().replace(/\s+/g, ' ') : parsed.phrases.length === 1 && !parsed.words.length ? parsed.phrases[0].toLowerCase() : null,
    titleTerms: parsed.phrases.length ? [] : titleTerms,
  };
}

export async function runSearch(db: Db, scope: SearchScope, request: SearchRequest): Promise<SearchResponse> {
  const started = performance.now();
  // First the index: asking for it also notices writes made outside the server, which expire cached answers.
  const index = await readyIndex(db, scope.locationId);
  const key = JSON.stringify(request);
  const cached = cachedSearch(scope.locationId, key);
  if (cached) return { ...cached, took_ms: Math.round((performance.now() - started) * 10) / 10 };
  // An answer made without a large location's typo vocabulary (still being read after a start) is not
  // kept: the same search corrects its words once the vocabulary is read.
  const withVocabulary = (await waitsForBuilds(db, scope.locationId)) || vocabularyRead(scope.locationId);
  const response = index ? await searchInMemory(db, index, scope, request, started) : await searchWithSql(db, scope, request, started);
  if (withVocabulary) rememberSearch(scope.locationId, key, response);
  return response;
}

/** What both paths share: the plan of one request. */
function planOf(request: SearchRequest, parsed: ParsedQuery) {
  const offset = (request.page - 1) * (request.limitPerType ?? request.pageSize);
  return {
    sources: request.sources,
    documentTypes: request.documentTypes,
    startDate: request.startDate,
    endDate: request.endDate,
    committee: request.committee,
    status: request.status,
    section: request.section,
    // Without words there is nothing to rank by: the newest records first.
    sort: isEmptyQuery(parsed) && request.sort === 'relevance' ? ('date_desc' as const) : request.sort,
    // Hits past SEARCH_MAX_OFFSET are counted, not listed (decision 010): deep pages would rank everything.
    limit: offset < SEARCH_MAX_OFFSET ? request.pageSize : 0,
    offset,
    limitPerType: request.limitPerType,
  };
}

export async function searchInMemory(db: Db, index: LocationIndex, scope: SearchScope, request: SearchRequest, started = performance.now()): Promise<SearchResponse> {
  const parsed = parseSearchQuery(request.query);
  const corrections = await correctWords(db, scope.locationId, parsed.words, await waitsForBuilds(db, scope.locationId));
  const text = await compileQuery(db, parsed, corrections);
  const plan: MemoryPlan = { ...planOf(request, parsed), text, useAny: false };
  let result = searchLocation(index, plan);
  // Matching strategy: all terms; when that leaves less than a page, records with some terms follow.
  if (parsed.words.length + parsed.phrases.length > 1 && result.total < request.pageSize && request.page === 1) {
    result = searchLocation(index, { ...plan, useAny: true });
  }
  const texts = index.snippetTexts ?? (await snippetTexts(db, scope.locationId, result.rows));
  const matches = wordMatcher(text.markWords);
  const hits = result.rows.map((row) => {
    const snippetText = index.snippetTexts ? index.snippetTexts[row.doc] : (texts as Map<string, string>).get(`${row.source}:${row.id}`);
    const strict = !text.strict || docMatches(index.lexicon, text.strict, row.doc);
    return toHit(row, highlight(snippetText ?? '', matches), corrections.size > 0 && !strict, isEmptyQuery(parsed));
  });
  return respond(scope, request, plan, result, hits, corrections, started);
}

function respond(scope: SearchScope, request: SearchRequest, plan: { sort: SearchSort; offset: number }, result: Pick<SearchResult, 'total' | 'facets'>, hits: SearchHit[], corrections: Map<string, string[]>, started: number): SearchResponse {
  const translated = [...corrections].filter(([word]) => englishFor(word));
  const spelled = [...corrections].filter(([word]) => !englishFor(word));
  const perTypeMore = request.limitPerType
    ? result.facets.document_type.some((f) => f.count > request.page * request.limitPerType!)
    : plan.offset + hits.length < Math.min(result.total, SEARCH_MAX_OFFSET);
  return {
    query: request.query,
    location: { code: scope.code, name: scope.name },
    total: result.total,
    page: request.page,
    page_size: request.pageSize,
    has_more: perTypeMore,
    sort_by: plan.sort,
    typo_tolerant: spelled.length > 0,
    // The reader is told which spellings stood in for which of their words, and which English words for their Spanish ones.
    spelling_corrections: spelled.map(([word, matched]) => ({ word, matched: matched.slice(0, 3) })),
    translated_words: translated.map(([word, matched]) => ({ word, matched })),
    hits,
    facets: result.facets,
    took_ms: Math.round((performance.now() - started) * 10) / 10,
  };
}

export async function searchWithSql(db: Db, scope: SearchScope, request: SearchRequest, started = performance.now()): Promise<SearchResponse> {
  const parsed = parseSearchQuery(request.query);
  const corrections = await correctWords(db, scope.locationId, parsed.words, await waitsForBuilds(db, scope.locationId));
  const text = await textQueryOf(db, parsed, corrections);
  const plan: SearchPlan = { ...planOf(request, parsed), locationId: scope.locationId, text, useAny: false };
  let result = await searchRecords(db, plan);
  // Matching strategy: all terms; when that leaves less than a page, records with some terms follow.
  const manyParts = parsed.words.length + parsed.phrases.length > 1;
  if (manyParts && result.total < request.pageSize && request.page === 1) {
    result = await searchRecords(db, { ...plan, useAny: true });
  }
  const marks = await headlines(db, result.rows, text.any, text.strict);
  const hits = result.rows.map((row) => {
    const mark = marks.get(row.id);
    return toHit(row, mark?.headline ?? '', corrections.size > 0 && mark?.strict === false, isEmptyQuery(parsed));
  });
  return respond(scope, request, plan, result, hits, corrections, started);
}

function toHit(row: SearchRow, headline: string, neededCorrection: boolean, browsing: boolean): SearchHit {
  const match = browsing ? 'browse' : neededCorrection && row.tier < 6 ? 'fuzzy' : MATCH_BY_TIER[row.tier];
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
