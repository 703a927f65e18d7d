import { X } from 'lucide-react';
import type { SearchFilters } from '../../api/search';
import { useDocumentTypeLabel } from '../../components/record-badges';
import { formatDay } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { EMPTY_FILTERS, activeFilterCount, wholeYearOf } from './url-state';
import { recordLabel } from '../../lib/i18n/record-labels';

/** The filters in force as removable chips, so a clerk always sees why the list is narrowed. */
export function ActiveFilters({ filters, onChange }: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  const { t, language } = useI18n();
  const typeLabel = useDocumentTypeLabel();
  if (activeFilterCount(filters) === 0) return null;

  const year = wholeYearOf(filters);
  const dateLabel = year
    ? year
    : filters.from && filters.to
      ? t('dateBetween', { from: formatDay(filters.from, language), to: formatDay(filters.to, language) })
      : filters.from
        ? t('dateSince', { date: formatDay(filters.from, language) })
        : t('dateUntil', { date: formatDay(filters.to, language) });

  const chips: { key: string; label: string; remove: SearchFilters }[] = [
    ...filters.types.map((type) => ({ key: type, label: typeLabel(type), remove: { ...filters, types: filters.types.filter((v) => v !== type) } })),
    ...(filters.from || filters.to ? [{ key: 'date', label: dateLabel, remove: { ...filters, from: undefined, to: undefined } }] : []),
    ...(filters.committee ? [{ key: 'committee', label: filters.committee, remove: { ...filters, committee: undefined } }] : []),
    ...(filters.status ? [{ key: 'status', label: recordLabel(language, 'status', filters.status), remove: { ...filters, status: undefined } }] : []),
    ...(filters.section ? [{ key: 'section', label: recordLabel(language, 'section', filters.section), remove: { ...filters, section: undefined } }] : []),
  ];

  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={t('activeFilters')} role="group">
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          onClick={() => onChange(chip.remove)}
          aria-label={t('removeFilter', { filter: chip.label })}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-1 pl-3 pr-2 text-sm text-blue-900 hover:bg-blue-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <span className="truncate">{chip.label}</span>
          <X className="size-3.5 shrink-0" aria-hidden="true" />
        </button>
      ))}
      <button
        type="button"
        onClick={() => onChange({ ...EMPTY_FILTERS, sort: filters.sort })}
        className="rounded px-1 text-sm font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        {t('clearFilters')}
      </button>
    </div>
  );
}
