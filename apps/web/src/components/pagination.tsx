import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';
import { useI18n } from '../lib/i18n';

/** Page numbers around the current one, with gaps: 1 … 4 5 [6] 7 8 … 50. */
export function pageWindow(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) out.push(page - sorted[index - 1] === 2 ? page - 1 : 'gap');
    out.push(page);
  });
  return out;
}

const itemClass =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

export function Pagination({ page, lastPage, onPage, label }: { page: number; lastPage: number; onPage: (page: number) => void; label: string }) {
  const { t } = useI18n();
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={cn(itemClass, 'text-slate-800 hover:bg-slate-100 disabled:opacity-50')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        {t('previousPage')}
      </button>
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, lastPage).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pageNumber', { page: item })}
                onClick={() => onPage(item)}
                className={cn(itemClass, item === page ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-100')}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className={cn(itemClass, 'text-slate-800 hover:bg-slate-100 disabled:opacity-50')} disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t('nextPage')}
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
