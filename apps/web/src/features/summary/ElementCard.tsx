import type { ReactNode } from 'react';
import { LocateFixed } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { elementCardId } from './summary-elements';

/**
 * One element of a summary as a list item: its title is a button that shows the element's words in
 * the minutes; the card is marked (aria-current, a ring) while its words are highlighted there.
 */
export function ElementCard({ elementId, active, onShow, heading, title, children }: {
  elementId: string;
  active: boolean;
  onShow: () => void;
  /** A short name shown as the card's heading ("Motion 1"). */
  heading?: string;
  /** Or the element's own words, shown as the button when the card has no heading. */
  title?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const button = (
    <button
      type="button"
      onClick={onShow}
      className="group inline-flex items-start gap-1.5 rounded text-left underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      <LocateFixed className="mt-1 size-3.5 shrink-0 text-blue-800" aria-hidden="true" />
      <span>
        {heading ?? title}
        <span className="sr-only"> · {t('minutesShowInMinutes')}</span>
      </span>
    </button>
  );
  return (
    <li
      id={elementCardId(elementId)}
      aria-current={active || undefined}
      className={cn('grid scroll-mt-4 gap-2 rounded-md border bg-white p-3 text-sm', active ? 'border-blue-700 ring-2 ring-blue-700' : 'border-slate-200')}
    >
      {heading ? <h4 className="font-semibold text-slate-900">{button}</h4> : <p className="text-slate-900">{button}</p>}
      {children}
    </li>
  );
}
