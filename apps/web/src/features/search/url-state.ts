import { SEARCH_DOCUMENT_TYPES, SEARCH_QUERY_MAX, SEARCH_SORTS, type SearchDocumentType } from '@civicdesk/contract';
import { SEARCH_SCOPES, type SearchFilters, type SearchState } from '../../api/search';

/**
 * The Smart Search page keeps its whole state in the address (?tab=search&q=…&page=…&types=…),
 * so Back steps through searches and a link reproduces what the sender saw. This module is the
 * one place that reads and writes those parameters; anything malformed falls back to a default.
 */
export const HOME_TABS = ['home', 'search', 'explore'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

export interface ExploreState {
  meetingType?: string;
  from?: string;
  to?: string;
  page: number;
}

export interface HomeUrlState {
  tab: HomeTab;
  search: SearchState;
  explore: ExploreState;
}

export const EMPTY_FILTERS: SearchFilters = { types: [], sort: 'relevance' };
/** The search API refuses pages past this one (contract: page ≤ 1000). */
export const MAX_PAGE = 1000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && ISO_DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);
const textParam = (value: string | null, max = 300) => value?.trim().slice(0, max) || undefined;
const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

function typesParam(value: string | null): SearchDocumentType[] {
  if (!value) return [];
  const wanted = new Set(value.split(',').map((type) => type.trim().toUpperCase()));
  // Canonical order, no duplicates, unknown names dropped.
  return SEARCH_DOCUMENT_TYPES.filter((type) => wanted.has(type));
}

export function readHomeUrl(params: URLSearchParams): HomeUrlState {
  const q = (params.get('q') ?? '').slice(0, SEARCH_QUERY_MAX);
  const search: SearchState = {
    q,
    page: pageParam(params.get('page')),
    scope: oneOf(SEARCH_SCOPES, params.get('scope'), 'all'),
    filters: {
      types: typesParam(params.get('types')),
      from: day(params.get('from')),
      to: day(params.get('to')),
      sort: oneOf(SEARCH_SORTS, params.get('sort'), 'relevance'),
      committee: textParam(params.get('committee')),
      status: textParam(params.get('status'), 100),
      section: textParam(params.get('section'), 200),
    },
  };
  const explore: ExploreState = {
    meetingType: textParam(params.get('meeting'), 100),
    from: day(params.get('m_from')),
    to: day(params.get('m_to')),
    page: pageParam(params.get('m_page')),
  };
  // A shared link with a query but no tab opens on the results.
  const tab = oneOf(HOME_TABS, params.get('tab'), q.trim() ? 'search' : 'home');
  return { tab, search, explore };
}

/** The canonical address of a state: defaults are left out so links stay short. */
export function writeHomeUrl(state: HomeUrlState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) params.set(name, String(value));
  };
  const { search, explore } = state;
  set('tab', state.tab, 'home');
  set('q', search.q);
  set('scope', search.scope, 'all');
  if (search.scope === 'all') set('types', search.filters.types.join(','));
  set('from', search.filters.from);
  set('to', search.filters.to);
  set('sort', search.filters.sort, 'relevance');
  set('committee', search.filters.committee);
  set('status', search.filters.status);
  set('section', search.filters.section);
  set('page', search.page, 1);
  set('meeting', explore.meetingType);
  set('m_from', explore.from);
  set('m_to', explore.to);
  set('m_page', explore.page, 1);
  return params;
}

/** How many filters narrow the search (the date range counts once). */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    filters.types.length +
    (filters.from || filters.to ? 1 : 0) +
    (filters.committee ? 1 : 0) +
    (filters.status ? 1 : 0) +
    (filters.section ? 1 : 0)
  );
}

/** The year a date range covers exactly, e.g. 2019-01-01…2019-12-31 → "2019". */
export function wholeYearOf(filters: Pick<SearchFilters, 'from' | 'to'>): string | undefined {
  const year = filters.from?.slice(0, 4);
  return year && filters.from === `${year}-01-01` && filters.to === `${year}-12-31` ? year : undefined;
}
