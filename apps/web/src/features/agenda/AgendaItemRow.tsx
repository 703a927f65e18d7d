import { useState } from 'react';
import { Link } from 'react-router';
import type { AgendaItem } from '@civicdesk/contract';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { FileNumber, StatusBadge } from '../../components/record-badges';

/** Purposes longer than this are folded to three lines, so a 60-item agenda stays scannable. */
const LONG_DESCRIPTION = 280;

/** An item of the agenda: its place, file number and status, the measure's title and purpose. */
export function AgendaItemRow({ item, highlighted }: { item: AgendaItem; highlighted: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const description = item.description && item.description !== item.title ? item.description : '';
  const long = description.length > LONG_DESCRIPTION;
  return (
    <article
      id={`item-${item.id}`}
      tabIndex={-1}
      className={cn(
        'flex gap-4 rounded-lg px-3 py-4 focus:outline-none',
        highlighted && 'bg-amber-50 ring-2 ring-amber-400',
      )}
    >
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold tabular-nums text-slate-800">
        {item.position}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="sr-only">{t('itemNumber', { number: item.position })}</span>
          <FileNumber value={item.file_number} />
          <StatusBadge status={item.status} />
        </div>
        <h3 className="mt-1 font-semibold leading-snug text-slate-900">
          {item.legislation_id ? (
            <Link
              to={`/ordinance/${encodeURIComponent(item.legislation_id)}`}
              className="rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h3>
        {description && <p className={cn('mt-1 text-sm leading-relaxed text-slate-800', long && !open && 'line-clamp-3')}>{description}</p>}
        {long && (
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
            className="mt-0.5 rounded text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            {open ? t('showLess') : t('showMore')}
          </button>
        )}
        {item.committee && <p className="mt-1 text-sm text-slate-700">{item.committee}</p>}
      </div>
    </article>
  );
}
