import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';

/**
 * A plain data table in a horizontally scrolling frame; the caption names it for screen readers.
 * The frame is a named region that takes focus, so a keyboard user can scroll a table wider than a
 * phone (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function Table({ caption, className, children, ...props }: HTMLAttributes<HTMLTableElement> & { caption: string }) {
  const { t } = useI18n();
  return (
    <div
      role="region"
      aria-label={t('tableRegion', { caption })}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const Th = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800', className)} {...props} />
);

export const Td = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('border-b border-slate-100 px-3 py-2 align-top text-slate-800', className)} {...props} />
);
