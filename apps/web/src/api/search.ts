import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE_DEFAULT, type SearchDocumentType, type SearchResponse, type SearchSort } from '@civicdesk/contract';
import { api } from './client';

/**
 * Which engine a search runs on: everything (GET /search), agenda items only
 * (GET /agenda_item/research) or resolutions and ordinances (GET /ordinance/search/).
 * Each keeps its own client-held filters (spec §3).
 */
export const SEARCH_SCOPES = ['all', 'agenda', 'resolution'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchFilters {
  /** Only used by the all-category scope. */
  types: SearchDocumentType[];
  from?: string;
  to?: string;
  sort: SearchSort;
  committee?: string;
  status?: string;
  section?: string;
}

export interface SearchState {
  q: string;
  page: number;
  scope: SearchScope;
  filters: SearchFilters;
}

export const SEARCH_ENDPOINTS: Record<SearchScope, string> = {
  all: '/search',
  agenda: '/agenda_item/research',
  resolution: '/ordinance/search/',
};

/** The API call of a search state: path and query string of the scope's endpoint. */
export function searchRequestPath(search: SearchState, pageSize = SEARCH_PAGE_SIZE_DEFAULT): string {
  const params = new URLSearchParams();
  const { filters } = search;
  if (search.q.trim()) params.set('query', search.q.trim());
  if (search.scope === 'all' && filters.types.length) params.set('document_types', filters.types.join(','));
  if (filters.from) params.set('start_date', filters.from);
  if (filters.to) params.set('end_date', filters.to);
  params.set('sort_by', filters.sort);
  if (filters.committee) params.set('committee', filters.committee);
  if (filters.status) params.set('status', filters.status);
  if (filters.section) params.set('section', filters.section);
  params.set('page', String(search.page));
  params.set('total_limit', String(pageSize));
  return `${SEARCH_ENDPOINTS[search.scope]}?${params.toString()}`;
}

export const searchKeys = {
  all: ['search'] as const,
  results: (path: string) => ['search', path] as const,
};

/**
 * One search page. The previous page stays on screen while the next one loads (no flash of
 * skeletons between keystrokes or pages); the query is cancelled when the user types on.
 */
export function useSearchResults(search: SearchState, enabled = true) {
  const path = searchRequestPath(search);
  return useQuery({
    queryKey: searchKeys.results(path),
    queryFn: ({ signal }) => api.get<SearchResponse>(path, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/**
 * A file number of the reader's own city to show in search hints ("such as B25-914" for D.C.): its
 * newest measure's. Null while loading, or when the city has no measure with a number: the hint then
 * names no example rather than another city's.
 */
export function useExampleFileNumber(): string | null {
  const query = useQuery({
    queryKey: ['search', 'example-file-number'] as const,
    queryFn: ({ signal }) => api.get<SearchResponse>('/ordinance/search/?query=&sort_by=date_desc&total_limit=5', signal),
    staleTime: 60 * 60_000,
  });
  return query.data?.hits.find((h) => h.file_number)?.file_number ?? null;
}
