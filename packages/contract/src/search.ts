import { calendarDaySchema } from './dates';
import { z } from 'zod';
import { DOCUMENT_TYPES } from './constants';

/**
 * Smart Search (spec §3 "Search params", §7 "Files and research"). One response shape for
 * GET /search, GET /{cityCode}/research/meili/{query}, GET /agenda_item/research and
 * GET /ordinance/search/. See docs/decisions/010-014.
 */

/** Uploaded documents without a document_type of their own are searched and shown as DOCUMENT. */
export const SEARCH_DOCUMENT_TYPES = [...DOCUMENT_TYPES, 'DOCUMENT'] as const;
export const searchDocumentTypeSchema = z.enum(SEARCH_DOCUMENT_TYPES);
export type SearchDocumentType = z.infer<typeof searchDocumentTypeSchema>;

export const SEARCH_SORTS = ['relevance', 'date_desc', 'date_asc'] as const;
export const searchSortSchema = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof searchSortSchema>;

export const SEARCH_PAGE_SIZE_DEFAULT = 20;
export const SEARCH_PAGE_SIZE_MAX = 100;
export const SEARCH_QUERY_MAX = 500;
/** Deepest page a search answers (Meilisearch's maxTotalHits idea): hits past it are counted, not listed. */
export const SEARCH_MAX_OFFSET = 1000;

/** "2024-05-01": an ISO calendar day, as query parameter and in answers (the one calendar-date rule, dates.ts). */
export const isoDaySchema = calendarDaySchema;

/** A query-string flag: true/false/1/0 (z.coerce.boolean would read "false" as true). */
export const queryFlagSchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * `a,b` or repeated `x=a&x=b` in a query string -> a list of one enum. Case and spaces do not
 * matter; the API document lists the values (its `enum` names the canonical spelling).
 */
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([
      z.string().max(500).meta({ enum: [...values], description: `One of ${values.join(', ')}; several as a comma-separated list or a repeated parameter.` }),
      z.array(z.string().max(100).meta({ enum: [...values] })).max(20),
    ])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim().toUpperCase()).filter(Boolean))
    .pipe(z.array(z.enum(values)));

const sortParam = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ({ date: 'date_desc', newest: 'date_desc', oldest: 'date_asc', rank: 'relevance' })[v] ?? v)
  .pipe(searchSortSchema)
  .meta({ enum: [...SEARCH_SORTS, 'date', 'newest', 'oldest', 'rank'], description: 'relevance (the default), date_desc (newest first) or date_asc; date, newest, oldest and rank are read as these.' });

const text = (max: number) => z.string().trim().max(max);
const code = z.string().trim().min(1).max(16);

/** Shared by every search call: free text, date range, sort, paging, facet filters. */
export const searchFilterFields = {
  query: text(SEARCH_QUERY_MAX).default(''),
  city_code: code.optional(),
  state_code: code.optional(),
  start_date: isoDaySchema.optional(),
  end_date: isoDaySchema.optional(),
  sort_by: sortParam.default('relevance'),
  /** 1-based page of `total_limit` hits. */
  page: z.coerce.number().int().min(1).max(1000).default(1),
  committee: text(300).optional(),
  status: text(100).optional(),
  /** An agenda section, e.g. "FINAL READING". */
  section: text(200).optional(),
};

const checkDateRange = (v: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (v.start_date && v.end_date && v.start_date > v.end_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date is before start_date' });
  }
};

/** GET /search: the all-category search (spec §3 "Search params"). */
export const searchQuerySchema = z
  .object({
    ...searchFilterFields,
    /** Page size of the merged list. */
    total_limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
    /** At most this many hits of each document type per page (a balanced "all categories" page). */
    limit_per_type: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).optional(),
    document_types: listOf(SEARCH_DOCUMENT_TYPES).optional(),
  })
  .superRefine(checkDateRange);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** GET /{cityCode}/research/meili/{query} */
export const researchParamsSchema = z.object({ cityCode: code, query: text(SEARCH_QUERY_MAX) });
export const researchQuerySchema = z
  .object({
    start_date: isoDaySchema.optional(),
    end_date: isoDaySchema.optional(),
    sort_by: sortParam.default('relevance'),
    page: searchFilterFields.page,
    total_limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
    document_types: listOf(SEARCH_DOCUMENT_TYPES).optional(),
  })
  .superRefine(checkDateRange);

/** How a hit matched, strongest first: the first tiers of the ranking (decision 011). */
export const MATCH_KINDS = ['file_number', 'phrase', 'all_terms', 'some_terms', 'fuzzy', 'browse'] as const;
export const matchKindSchema = z.enum(MATCH_KINDS);

export const searchHitSchema = z.object({
  id: z.string(),
  /** Where the record lives: legislation -> GET /ordinance/{id}, agenda_item -> GET /agenda/{agenda_id}, external_document -> GET /file. */
  source: z.enum(['legislation', 'agenda_item', 'external_document']),
  document_type: searchDocumentTypeSchema,
  title: z.string(),
  /** "B25-914" */
  file_number: z.string().nullable(),
  /** The record's day: effective/enacted/introduced for laws, the meeting day for items, the upload day for documents. */
  date: z.string().nullable(),
  committee: z.string().nullable(),
  status: z.string().nullable(),
  section_name: z.string().nullable(),
  agenda_id: z.string().nullable(),
  legislation_id: z.string().nullable(),
  /** HTML: matched words in <mark>…</mark>; every other character is escaped text. */
  snippet: z.string(),
  /** The web page that shows the record. */
  url: z.string(),
  score: z.number(),
  match: matchKindSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;
export const searchFacetsSchema = z.object({
  document_type: z.array(facetValueSchema),
  year: z.array(facetValueSchema),
  committee: z.array(facetValueSchema),
  status: z.array(facetValueSchema),
  section: z.array(facetValueSchema),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  location: z.object({ code: z.string(), name: z.string() }),
  /** All matching records (before paging). */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  sort_by: searchSortSchema,
  /** True when words were matched by spelling similarity ("snwo" -> "snow"). */
  typo_tolerant: z.boolean(),
  /** Which spellings were used for which words of the query ("snwo" matched as "snow"), when typo_tolerant. */
  spelling_corrections: z.array(z.object({ word: z.string(), matched: z.array(z.string()) })).default([]),
  /** Spanish words of the query the city's records do not hold, searched as the English words records use ("estacionamiento" as "parking"). */
  translated_words: z.array(z.object({ word: z.string(), matched: z.array(z.string()) })).default([]),
  hits: z.array(searchHitSchema),
  facets: searchFacetsSchema,
  took_ms: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
