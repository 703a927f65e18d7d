import { useId, useRef, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { SEARCH_MAX_OFFSET, SEARCH_SORTS, type SearchSort } from '@civicdesk/contract';
import { useSearchResults, type SearchFilters, type SearchScope, type SearchState } from '../../api/search';
import { Pagination } from '../../components/pagination';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { ActiveFilters } from './ActiveFilters';
import { FacetPanel } from './FacetPanel';
import { selectClass } from './field-styles';
import { SearchResults } from './SearchResults';
import { ScopeSwitcher } from './ScopeSwitcher';
import { activeFilterCount } from './url-state';

const SORT_LABELS: Record<SearchSort, MessageKey> = { relevance: 'sortRelevance', date_desc: 'sortNewest', date_asc: 'sortOldest' };

/** SEARCH: scope, facets and filters beside the result list, with counts, timing and pages. */
export function SearchTab({ search, onFilters, onScope, onPage }: {
  search: SearchState;
  onFilters: (filters: SearchFilters) => void;
  onScope: (scope: SearchScope) => void;
  onPage: (page: number) => void;
}) {
  const { t, language } = useI18n();
  const headingId = useId();
  const sortId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { filters } = search;
  const rangeReversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  const results = useSearchResults(search, !rangeReversed);
  const data = results.data;
  const filterCount = activeFilterCount(filters);

  const pageSize = data?.page_size ?? 20;
  const lastPage = data ? Math.max(1, Math.min(Math.ceil(data.total / pageSize), Math.floor(SEARCH_MAX_OFFSET / pageSize))) : 1;
  const goToPage = (page: number) => {
    onPage(page);
    document.getElementById('main-content')?.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  };

  const count = data ? formatNumber(data.total, language) : '';
  const heading = !data
    ? t('searchResults')
    : data.query
      ? t(data.total === 1 ? 'resultCountOne' : 'resultCount', { count })
      : t(data.total === 1 ? 'recordCountOne' : 'recordCount', { count });

  return (
    <div className="grid gap-4">
      <ScopeSwitcher scope={search.scope} onScope={onScope} />
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <section aria-labelledby={`${headingId}-filters`} className="min-w-0">
          <h2 id={`${headingId}-filters`} className="sr-only lg:not-sr-only lg:mb-3 lg:text-sm lg:font-semibold lg:text-slate-900">
            {t('filtersHeading')}
          </h2>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={`${headingId}-facets`}
            onClick={() => setFiltersOpen((v) => !v)}
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 lg:hidden"
          >
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {filterCount ? t('filtersWithCount', { count: filterCount }) : t('filtersHeading')}
          </button>
          <div id={`${headingId}-facets`} className={cn('mt-3 lg:mt-0 lg:block', filtersOpen ? 'block' : 'hidden')}>
            <FacetPanel facets={data?.facets} filters={filters} scope={search.scope} onChange={onFilters} />
          </div>
        </section>

        <section aria-labelledby={headingId} aria-busy={results.isFetching} className="min-w-0">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
                {heading}
              </h2>
              <p className="text-sm text-slate-700">
                {data && data.query && <>{t('resultsFor', { query: data.query })} · </>}
                {data && t('tookMs', { ms: Math.max(1, Math.round(data.took_ms)) })}
              </p>
              {/* Said once per finished search, not on every keystroke. */}
              <p className="sr-only" aria-live="polite">
                {data && !results.isFetching ? `${heading} ${data.query ? t('resultsFor', { query: data.query }) : ''}` : ''}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
                {t('sortBy')}
              </label>
              <select id={sortId} className={cn(selectClass, 'h-9')} value={filters.sort} onChange={(event) => onFilters({ ...filters, sort: event.target.value as SearchSort })}>
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {data?.typo_tolerant && (
            <p className="mt-3 rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900" role="status">
              {data.spelling_corrections.length
                ? t('typoTolerantNoticeWords', { words: data.spelling_corrections.map((c) => t('typoMatchedAs', { word: c.word, matched: c.matched.join(' / ') })).join('; ') })
                : t('typoTolerantNotice')}
            </p>
          )}
          {data && data.translated_words.length > 0 && (
            <p className="mt-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950" role="status" data-testid="translated-words">
              {t('translatedNotice', { words: data.translated_words.map((c) => t('typoMatchedAs', { word: c.word, matched: c.matched.join(' / ') })).join('; ') })}
            </p>
          )}
          <div className="mt-3">
            <ActiveFilters filters={filters} onChange={onFilters} />
          </div>
          <div className="mt-4">
            <SearchResults results={results} query={search.q} hasFilters={filterCount > 0} rangeReversed={rangeReversed} onClearFilters={() => onFilters({ ...filters, types: [], from: undefined, to: undefined, committee: undefined, status: undefined, section: undefined })} />
          </div>
          {data && data.total > SEARCH_MAX_OFFSET && search.page >= lastPage && (
            <p className="mt-4 text-center text-sm text-slate-700">{t('deepPagingNote', { max: formatNumber(SEARCH_MAX_OFFSET, language) })}</p>
          )}
          {data && <Pagination page={search.page} lastPage={lastPage} onPage={goToPage} label={t('resultPages')} />}
        </section>
      </div>
    </div>
  );
}
