import { useId, useState, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { FacetValue, SearchDocumentType, SearchFacets } from '@civicdesk/contract';
import type { SearchFilters, SearchScope } from '../../api/search';
import { useDocumentTypeLabel } from '../../components/record-badges';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { DateRangeFields } from './DateRangeFields';
import { checkboxClass } from './field-styles';
import { wholeYearOf } from './url-state';
import { recordLabel } from '../../lib/i18n/record-labels';

const SHORT_LIST = 6;

/**
 * The facets of the current results, Meilisearch-style: every value carries its count, a chosen
 * value narrows the search, and choosing it again widens it back.
 */
export function FacetPanel({ facets, filters, scope, onChange }: {
  facets: SearchFacets | undefined;
  filters: SearchFilters;
  scope: SearchScope;
  onChange: (filters: SearchFilters) => void;
}) {
  const { t, language } = useI18n();
  const typeLabel = useDocumentTypeLabel();
  const year = wholeYearOf(filters);

  const toggleType = (type: SearchDocumentType) =>
    onChange({ ...filters, types: filters.types.includes(type) ? filters.types.filter((v) => v !== type) : [...filters.types, type] });

  return (
    <div className="grid gap-6">
      <FacetGroup title={t('facetDate')}>
        <DateRangeFields from={filters.from} to={filters.to} onChange={(range) => onChange({ ...filters, ...range })} />
        {facets && facets.year.length > 0 && (
          <ValueList
            label={t('facetYear')}
            values={[...facets.year].sort((a, b) => b.value.localeCompare(a.value))}
            selected={year}
            render={(value) => value}
            language={language}
            onSelect={(value) =>
              onChange(value === year ? { ...filters, from: undefined, to: undefined } : { ...filters, from: `${value}-01-01`, to: `${value}-12-31` })
            }
          />
        )}
      </FacetGroup>

      {scope === 'all' && facets && facets.document_type.length > 0 && (
        <FacetGroup title={t('facetType')}>
          <ul className="grid gap-1.5">
            {facets.document_type.map((facet) => {
              const type = facet.value as SearchDocumentType;
              return (
                <li key={facet.value}>
                  <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" className={checkboxClass} checked={filters.types.includes(type)} onChange={() => toggleType(type)} />
                    <span className="flex-1">{typeLabel(facet.value)}</span>
                    <span className="tabular-nums text-slate-600">{formatNumber(facet.count, language)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </FacetGroup>
      )}

      {(
        [
          ['committee', t('facetCommittee'), facets?.committee],
          ['status', t('facetStatus'), facets?.status],
          ['section', t('facetSection'), facets?.section],
        ] as const
      ).map(([name, title, values]) =>
        values && (values.length > 0 || filters[name]) ? (
          <FacetGroup key={name} title={title}>
            <ValueList
              label={title}
              values={withSelected(values, filters[name])}
              selected={filters[name]}
              render={name === 'committee' ? (value) => value : (value) => recordLabel(language, name, value)}
              language={language}
              onSelect={(value) => onChange({ ...filters, [name]: value === filters[name] ? undefined : value })}
            />
          </FacetGroup>
        ) : null,
      )}
    </div>
  );
}

/** A chosen value stays listed even when the facet counts no longer include it. */
function withSelected(values: FacetValue[], selected: string | undefined): FacetValue[] {
  return selected && !values.some((v) => v.value === selected) ? [{ value: selected, count: 0 }, ...values] : values;
}

function FacetGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-700">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Single-choice values as toggle buttons (aria-pressed), the longest lists folded after a few. */
function ValueList({ label, values, selected, render, onSelect, language }: {
  label: string;
  values: FacetValue[];
  selected: string | undefined;
  render: (value: string) => string;
  onSelect: (value: string) => void;
  language: string;
}) {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? values : values.slice(0, SHORT_LIST);
  return (
    <div className="mt-2">
      <ul className="grid gap-0.5" aria-label={label}>
        {shown.map((facet) => {
          const active = facet.value === selected;
          return (
            <li key={facet.value}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(facet.value)}
                className={cn(
                  'flex w-full items-start gap-2 rounded-md px-2 py-1 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                  active ? 'bg-blue-50 font-medium text-blue-900' : 'text-slate-800 hover:bg-slate-100',
                )}
              >
                <Check className={cn('mt-0.5 size-4 shrink-0', active ? 'text-blue-800' : 'invisible')} aria-hidden="true" />
                <span className="min-w-0 flex-1 break-words">{render(facet.value)}</span>
                <span className="tabular-nums text-slate-600">{formatNumber(facet.count, language)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {values.length > SHORT_LIST && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
          className="mt-1 rounded px-2 text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {expanded ? t('showFewer') : t('showAllCount', { count: values.length })}
        </button>
      )}
    </div>
  );
}
