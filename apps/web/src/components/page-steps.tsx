import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { useI18n } from '../lib/i18n';

/** Under a paged table: how many there are, and Previous / "Page n of m" / Next. */
export function PageSteps({ label, total, page, pages, onPage }: {
  /** The navigation landmark's name ("Report pages"). */
  label: string;
  /** The count line ("42 reports"). */
  total: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <span>{total}</span>
      <span className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previousPage')}
        </Button>
        {t('pageOf', { page, pages })}
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('nextPage')}
        </Button>
      </span>
    </nav>
  );
}
