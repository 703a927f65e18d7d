import { SearchX } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SearchResponse } from '@civicdesk/contract';
import { QueryError } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useExampleFileNumber } from '../../api/search';
import { useI18n } from '../../lib/i18n';
import { ResultCard } from './ResultCard';

/** The result list with its loading, error and empty states. */
export function SearchResults({ results, query, hasFilters, rangeReversed, onClearFilters }: {
  results: UseQueryResult<SearchResponse>;
  query: string;
  hasFilters: boolean;
  rangeReversed: boolean;
  onClearFilters: () => void;
}) {
  const { t } = useI18n();
  const example = useExampleFileNumber();
  if (rangeReversed) return <p className="text-sm text-slate-700">{t('dateRangeReversed')}</p>;
  if (results.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">{t('searching')}</span>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="rounded-lg border border-slate-200 bg-white p-5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-3 h-5 w-3/4" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-5/6" />
          </div>
        ))}
      </div>
    );
  }
  if (results.isError) {
    return <QueryError error={results.error} title={t('searchFailed')} onRetry={() => void results.refetch()} />;
  }
  const { hits, total } = results.data;
  if (total === 0 || hits.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <SearchX className="size-8 text-slate-500" aria-hidden="true" />
        <h3 className="text-base font-semibold text-slate-900">{query.trim() ? t('noResultsFor', { query: query.trim() }) : t('noRecords')}</h3>
        <p className="max-w-md text-sm text-slate-700">{hasFilters ? t('noResultsWithFilters') : example ? t('noResultsTips', { example }) : t('noResultsTipsPlain')}</p>
        {hasFilters && (
          <Button variant="outline" onClick={onClearFilters}>
            {t('clearFilters')}
          </Button>
        )}
      </div>
    );
  }
  // "Similar spelling" on each hit only helps when the page mixes exact and similar matches.
  const markFuzzy = hits.some((hit) => hit.match !== 'fuzzy');
  return (
    <ol className={cn('grid gap-3 transition-opacity', results.isPlaceholderData && 'opacity-60')}>
      {hits.map((hit) => (
        <li key={`${hit.source}:${hit.id}`}>
          <ResultCard hit={hit} markFuzzy={markFuzzy} />
        </li>
      ))}
    </ol>
  );
}
