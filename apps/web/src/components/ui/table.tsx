import { useEffect, useId, useRef, useState, type HTMLAttributes, type RefObject, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';

/**
 * A plain data table in a horizontally scrolling frame; the caption names it for screen readers.
 * The frame is a named region that takes focus, so a keyboard user can scroll a table wider than a
 * phone (WCAG 2.1.1; axe's scrollable-region-focusable). When the table is wider than its frame, a
 * line above it says so, since a phone shows no scroll bar until it is scrolled. The frame is
 * `relative` so that screen-reader-only text in a far column stays inside it instead of widening the
 * page, and its width is contained so that a wide table never widens the card or grid around it.
 */
export function Table({ caption, className, children, ...props }: HTMLAttributes<HTMLTableElement> & { caption: string }) {
  const { t } = useI18n();
  const hintId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(frame);
  return (
    <div className="min-w-0">
      {overflows && (
        <p id={hintId} className="mb-1 flex items-center justify-end gap-1 text-xs text-slate-700">
          <MoveHorizontal aria-hidden="true" className="size-3.5" />
          {t('tableScrollHint')}
        </p>
      )}
      <div
        ref={frame}
        role="region"
        aria-label={t('tableRegion', { caption })}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg contain-inline-size border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either changes size. */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

export const Th = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800', className)} {...props} />
);

export const Td = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('border-b border-slate-100 px-3 py-2 align-top text-slate-800', className)} {...props} />
);
