import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchFilters, SearchScope } from '../../api/search';
import { rememberList } from '../../lib/last-visited-list';
import { rememberFilters, rememberedFilters } from './filters';
import { activeFilterCount, readHomeUrl, writeHomeUrl, type ExploreState, type HomeTab, type HomeUrlState } from './url-state';

interface Navigation {
  /** Typing replaces the history entry; deliberate steps (filters, pages, tabs) add one so Back undoes them. */
  replace?: boolean;
}

/** The Smart Search page's state, read from and written to the address. */
export function useHomeUrl() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readHomeUrl(params), [params]);

  const go = useCallback(
    (next: HomeUrlState, navigation: Navigation = {}) => {
      const nextParams = writeHomeUrl(next);
      if (nextParams.toString() !== params.toString()) setParams(nextParams, { replace: navigation.replace });
    },
    [params, setParams],
  );

  // Arriving on the results with a bare address (the menu link): bring back this session's filters.
  useEffect(() => {
    const bare = [...params.keys()].every((name) => name === 'tab');
    if (!bare || state.tab !== 'search') return;
    const remembered = rememberedFilters()[state.search.scope];
    if (activeFilterCount(remembered) > 0 || remembered.sort !== 'relevance') {
      go({ ...state, search: { ...state.search, filters: remembered } }, { replace: true });
    }
  }, [params, state, go]);

  useEffect(() => {
    if (state.tab === 'search' || state.tab === 'explore') rememberList(state.tab, `?${params.toString()}`);
  }, [params, state.tab]);

  return useMemo(
    () => ({
      ...state,
      setTab: (tab: HomeTab) => go({ ...state, tab }),
      setQuery: (q: string, navigation?: Navigation) => go({ ...state, tab: 'search', search: { ...state.search, q, page: 1 } }, navigation),
      setFilters: (filters: SearchFilters) => {
        rememberFilters(state.search.scope, filters);
        go({ ...state, tab: 'search', search: { ...state.search, filters, page: 1 } });
      },
      setScope: (scope: SearchScope) => {
        rememberFilters(state.search.scope, state.search.filters);
        // The scope's own filters come back (committee, status, section, types); the date range and the sort, which
        // every scope has, follow the reader from tab to tab (issue 22).
        const { from, to, sort } = state.search.filters;
        const filters = { ...rememberedFilters()[scope], from, to, sort };
        rememberFilters(scope, filters);
        go({ ...state, tab: 'search', search: { ...state.search, scope, filters, page: 1 } });
      },
      setPage: (page: number) => go({ ...state, search: { ...state.search, page } }),
      setExplore: (explore: ExploreState) => go({ ...state, tab: 'explore', explore }),
    }),
    [state, go],
  );
}
