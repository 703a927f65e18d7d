import { useSyncExternalStore } from 'react';
import { SEARCH_SCOPES, type SearchFilters, type SearchScope } from '../../api/search';
import { EMPTY_FILTERS, readHomeUrl } from './url-state';

/**
 * The client-held filters of spec §3: agenda filters, resolution filters and all-category
 * filters, one set per search scope. They live for the browser session (sessionStorage), so a
 * clerk who leaves Smart Search for an ordinance and comes back through the menu finds the
 * filters as they left them, and switching scope brings back that scope's own filters.
 */
export type ClientFilters = Record<SearchScope, SearchFilters>;

const STORAGE_KEY = 'civicdesk.search-filters';
const listeners = new Set<() => void>();
let cache: ClientFilters | null = null;

const emptyFilters = (): ClientFilters => ({ all: EMPTY_FILTERS, agenda: EMPTY_FILTERS, resolution: EMPTY_FILTERS });

/** Stored values go through the same checks as the address, so a stale or edited entry is harmless. */
function sanitize(filters: unknown): SearchFilters {
  if (!filters || typeof filters !== 'object') return EMPTY_FILTERS;
  const value = filters as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const name of ['from', 'to', 'sort', 'committee', 'status', 'section'] as const) {
    if (typeof value[name] === 'string') params.set(name, value[name]);
  }
  if (Array.isArray(value.types)) params.set('types', value.types.filter((type) => typeof type === 'string').join(','));
  return readHomeUrl(params).search.filters;
}

function load(): ClientFilters {
  const filters = emptyFilters();
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    for (const scope of SEARCH_SCOPES) filters[scope] = sanitize(stored[scope]);
  } catch {
    // Unreadable storage: start from no filters.
  }
  return filters;
}

export function rememberedFilters(): ClientFilters {
  cache ??= load();
  return cache;
}

export function rememberFilters(scope: SearchScope, filters: SearchFilters): void {
  const current = rememberedFilters();
  if (JSON.stringify(current[scope]) === JSON.stringify(filters)) return;
  cache = { ...current, [scope]: filters };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(cache));
  } catch {
    // Private mode or a full quota: the filters still hold for this page's life.
  }
  listeners.forEach((listener) => listener());
}

export function forgetFilters(): void {
  cache = emptyFilters();
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  listeners.forEach((listener) => listener());
}

export function useClientFilters(): ClientFilters {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rememberedFilters,
    rememberedFilters,
  );
}

/** Testing seam: forget the in-memory copy so the next read comes from storage. */
export function reloadClientFiltersForTest(): void {
  cache = null;
}
