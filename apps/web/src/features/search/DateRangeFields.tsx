import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { dateClass } from './field-styles';

const DATE_SETTLE_MS = 400;

export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * From/To calendar fields. A range that ends before it starts is not sent (the API would refuse
 * it); the fields say so instead and keep what the user typed.
 */
export function DateRangeFields({ from, to, onChange, layout = 'stacked' }: DateRange & {
  onChange: (range: DateRange) => void;
  layout?: 'stacked' | 'inline';
}) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState<DateRange>({ from, to });
  // Each field follows the address on its own: "From" arriving there must not wipe a "To" typed meanwhile.
  useEffect(() => setDraft((draft) => ({ ...draft, from })), [from]);
  useEffect(() => setDraft((draft) => ({ ...draft, to })), [to]);

  const reversed = Boolean(draft.from && draft.to && draft.from > draft.to);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Typing a year digit by digit passes through 0002, 0020, 0202: wait until the field settles.
  useEffect(() => {
    if (reversed || (draft.from === from && draft.to === to)) return;
    const timer = setTimeout(() => onChangeRef.current({ from: draft.from, to: draft.to }), DATE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [draft, from, to, reversed]);

  const update = (next: DateRange) => setDraft(next);

  return (
    <div className={layout === 'inline' ? 'flex flex-wrap items-end gap-3' : 'grid gap-2'}>
      <div className="grid gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium text-slate-800">
          {t('dateFrom')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={dateClass}
          value={draft.from ?? ''}
          max={draft.to}
          onChange={(event) => update({ ...draft, from: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-800">
          {t('dateTo')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={dateClass}
          value={draft.to ?? ''}
          min={draft.from}
          aria-invalid={reversed || undefined}
          aria-describedby={reversed ? `${id}-error` : undefined}
          onChange={(event) => update({ ...draft, to: event.target.value || undefined })}
        />
      </div>
      {reversed && (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-red-800">
          {t('dateRangeReversed')}
        </p>
      )}
    </div>
  );
}
