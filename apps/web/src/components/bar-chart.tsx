import { useState } from 'react';
import { Panel } from './page';
import { cn } from '../lib/cn';
import { useI18n } from '../lib/i18n';

export interface Bar {
  label: string;
  count: number;
}

/**
 * Horizontal bars drawn with plain elements, each with its value written out: screen readers
 * read a labelled list, and nobody has to estimate a bar's length. Long labels (committee
 * names) sit above their bar instead of being cut off.
 */
export function BarChart({ title, description, bars, longLabels = false, initialCount, className }: {
  title: string;
  description?: string;
  bars: Bar[];
  longLabels?: boolean;
  /** Show this many bars first, with a button for the rest. */
  initialCount?: number;
  className?: string;
}) {
  const { t, language } = useI18n();
  const [showAll, setShowAll] = useState(false);
  const max = Math.max(1, ...bars.map((b) => b.count));
  const shown = initialCount && !showAll ? bars.slice(0, initialCount) : bars;
  const number = new Intl.NumberFormat(language);
  return (
    <Panel className={className}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {description && <p className="mt-0.5 text-sm text-slate-700">{description}</p>}
      <ul className="mt-3 grid gap-2" aria-label={title}>
        {shown.map((bar) => (
          <li key={bar.label} className={cn('grid items-center gap-x-2 text-sm', longLabels ? 'grid-cols-[1fr_3.5rem]' : 'grid-cols-[6rem_1fr_3.5rem]')}>
            <span className="sr-only">{t('chartBarLabel', { label: bar.label, count: number.format(bar.count) })}</span>
            <span className={cn('text-slate-800', longLabels ? 'col-span-2 leading-snug' : 'truncate')} title={bar.label} aria-hidden="true">
              {bar.label}
            </span>
            <span className="h-2.5 rounded-full bg-slate-100" aria-hidden="true">
              <span className="block h-2.5 rounded-full bg-blue-700" style={{ width: `${Math.max(1, (bar.count / max) * 100)}%` }} />
            </span>
            <span className="text-right tabular-nums text-slate-800" aria-hidden="true">
              {number.format(bar.count)}
            </span>
          </li>
        ))}
      </ul>
      {initialCount !== undefined && bars.length > initialCount && (
        <button
          type="button"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
          className="mt-3 rounded text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {showAll ? t('showFewer') : t('showAllCount', { count: bars.length })}
        </button>
      )}
    </Panel>
  );
}
