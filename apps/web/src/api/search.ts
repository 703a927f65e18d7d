import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@civicdesk/contract';
import { searchRequestPath, type SearchState } from '../features/search/url-state';
import { api } from './client';

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
