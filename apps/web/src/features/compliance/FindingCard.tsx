import { useId } from 'react';
import { SEVERITIES, type ComplianceFinding, type FindingStatus, type Severity } from '@civicdesk/contract';
import { BadgeCheck, Ban, Check, RotateCcw, Wrench } from 'lucide-react';
import { DiffText } from '../../components/diff-text';
import { NewTabLink } from '../../components/new-tab-link';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { entityLabel, ruleLabel } from './compliance-words';
import { safeHttpUrl } from '../../lib/safe-url';
import { smallSelectClass } from './fields';
import { SEVERITY_STYLES } from './severity';

const STATUS_ACTIONS: { to: FindingStatus; key: 'acceptFinding' | 'dismissFinding' | 'markFindingFixed'; icon: typeof Check }[] = [
  { to: 'accepted', key: 'acceptFinding', icon: Check },
  { to: 'dismissed', key: 'dismissFinding', icon: Ban },
  { to: 'fixed', key: 'markFindingFixed', icon: Wrench },
];

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useI18n();
  return <span className={cn('rounded border px-1.5 py-0.5 text-xs font-semibold', SEVERITY_STYLES[severity].badge)}>{t(`severity_${severity}`)}</span>;
}

/** One finding: what it is about, what it rests on, and the user's decisions on it (status, severity). */
export function FindingCard({ id, finding, selected, busy, onSelect, onStatus, onSeverity }: {
  id: string;
  finding: ComplianceFinding;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  onStatus: (status: FindingStatus) => void;
  onSeverity: (severity: Severity) => void;
}) {
  const { t, language } = useI18n();
  const ids = useId();
  const headingId = `${ids}-heading`;
  const sourceUrl = safeHttpUrl(finding.basis.source_url);
  const hasSpan = finding.start !== null && finding.end !== null;
  const otherForms = [...new Set(finding.places.map((p) => p.quote))].filter((q) => q !== finding.quote);
  return (
    <li
      id={id}
      aria-current={selected || undefined}
      className={cn('grid gap-2 rounded-md border bg-white p-3 text-sm', selected ? 'border-blue-700 ring-2 ring-blue-700' : 'border-slate-200')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <span className="rounded border border-slate-400 px-1.5 py-0.5 text-xs text-slate-800">{t(`findingStatus_${finding.status}`)}</span>
        {finding.origin === 'user' && <span className="text-xs text-slate-700">{t('findingByUser')}</span>}
      </div>
      <h4 className="font-semibold text-slate-900">
        <button type="button" onClick={onSelect} className="text-left underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
          <span id={headingId}>
            {ruleLabel(language, finding)}
            {finding.entity_type && <span className="font-normal text-slate-700"> · {entityLabel(language, finding.entity_type)}</span>}
          </span>
          <span className="sr-only"> {hasSpan ? t('showInDocument') : t('aboutWholeDocument')}</span>
        </button>
      </h4>
      {finding.quote && <blockquote className="border-l-4 border-slate-300 pl-2 italic text-slate-800">“{finding.quote}”</blockquote>}
      {!hasSpan && <p className="text-xs text-slate-700">{t('aboutWholeDocument')}</p>}
      {finding.places.length > 0 && (
        <p className="text-xs text-slate-700" data-testid="finding-places">
          {otherForms.length
            ? t('findingPlaces', { count: finding.places.length + 1, forms: otherForms.slice(0, 4).map((f) => `“${f}”`).join(', ') })
            : t('findingPlacesSame', { count: finding.places.length + 1 })}
        </p>
      )}
      <p className="text-slate-800">{finding.explanation}</p>
      {finding.suggestion && (
        <p className="text-slate-800">
          <span className="font-medium">{t('findingSuggestion')}: </span>
          {finding.suggestion}
        </p>
      )}
      {finding.difference && finding.difference.length > 0 && (
        <div className="grid gap-1 rounded border border-slate-200 bg-slate-50 p-2">
          <p className="text-xs text-slate-700">{t('misquoteLegend')}</p>
          <DiffText parts={finding.difference.map((part) => ({ kind: part.op, text: part.text }))} />
        </div>
      )}
      <div className="grid gap-1 rounded border border-slate-200 p-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">
            {finding.basis.reference} {finding.basis.title}
          </span>
          {finding.basis.verified && (
            <span className="inline-flex items-center gap-1 rounded border border-green-700 bg-green-50 px-1.5 py-0.5 text-xs text-green-900">
              <BadgeCheck className="size-3" aria-hidden="true" />
              {t('basisVerified')}
            </span>
          )}
        </p>
        {finding.basis.quote && <p className="whitespace-pre-wrap text-xs text-slate-800">{finding.basis.quote}</p>}
        {sourceUrl && (
          <NewTabLink href={sourceUrl} className="text-xs text-blue-800 underline underline-offset-2">
            {t('basisSource', { reference: finding.basis.reference })}
          </NewTabLink>
        )}
      </div>
      {finding.confidence !== null && finding.rule_set === 'privacy' && (
        <p className="text-xs text-slate-700">{t('findingConfidence', { percent: Math.round(finding.confidence * 100) })}</p>
      )}
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
        <label className="flex items-center gap-1 text-xs text-slate-800">
          {t('severityLabel')}
          <select
            className={smallSelectClass}
            value={finding.severity}
            disabled={busy}
            aria-describedby={headingId}
            onChange={(e) => onSeverity(e.target.value as Severity)}
          >
            {SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`severity_${severity}`)}
              </option>
            ))}
          </select>
        </label>
        {finding.status === 'open' ? (
          STATUS_ACTIONS.map(({ to, key, icon: Icon }) => (
            <Button key={to} size="sm" variant="outline" disabled={busy} aria-describedby={headingId} onClick={() => onStatus(to)}>
              <Icon aria-hidden="true" />
              {t(key)}
            </Button>
          ))
        ) : (
          <Button size="sm" variant="outline" disabled={busy} aria-describedby={headingId} onClick={() => onStatus('open')}>
            <RotateCcw aria-hidden="true" />
            {t('reopenFinding')}
          </Button>
        )}
      </div>
    </li>
  );
}
