import type { HTMLAttributes, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { userMessageOf } from '../api/client';
import { Button } from './ui/button';
import { Skeleton } from './ui/skeleton';
import { useI18n } from '../lib/i18n';

/**
 * A loading placeholder: the shapes of what is coming (skeletons, as children), announced to screen
 * readers as "Loading".
 */
export function Loading({ children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { t } = useI18n();
  return (
    <div role="status" {...props}>
      <span className="sr-only">{t('loading')}</span>
      {children}
    </div>
  );
}

/** Loading placeholder, error with retry, or the content of a loaded query. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useI18n();
  if (query.isPending) {
    return (
      <Loading className="grid gap-2">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </Loading>
    );
  }
  if (query.isError) return <QueryError error={query.error} title={t('failedToLoad')} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A failed load, said plainly, with the server's reason and a way to try again. */
export function QueryError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
      <span>
        {title}: {userMessageOf(error, t)}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-6 text-center text-sm text-slate-700">
        {children}
      </td>
    </tr>
  );
}

/** A lenient reader for admin rows whose exact field names the API contract leaves open. */
export function textOf(record: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), record);
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}
