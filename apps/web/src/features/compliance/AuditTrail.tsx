import type { AuditEntry } from '@civicdesk/contract';
import { formatDate } from '../../components/query-state';
import { useI18n } from '../../lib/i18n';
import { trailAction, trailValue } from './compliance-words';

/** Who changed what and when, oldest first, behind a disclosure that starts closed. */
export function AuditTrail({ entries, describeFinding }: { entries: AuditEntry[]; describeFinding?: (findingId: string) => string | null }) {
  const { t, language } = useI18n();
  return (
    <details className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
        {t('auditTrail', { count: entries.length })}
      </summary>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('auditEmpty')}</p>
      ) : (
        <ol className="mt-2 grid gap-1">
          {entries.map((entry, index) => {
            const about = entry.finding_id ? describeFinding?.(entry.finding_id) : null;
            return (
              <li key={index} className="text-slate-800">
                <time dateTime={entry.at} className="text-slate-700">
                  {formatDate(entry.at, language)}
                </time>
                {' · '}
                <span className="font-medium">{entry.by ?? t('auditBySystem')}</span>
                {' · '}
                {trailAction(language, entry.action)}
                {about && <> ({about})</>}
                {(entry.from !== null || entry.to !== null) && <>: {t('auditFromTo', { from: trailValue(language, entry.action, entry.from), to: trailValue(language, entry.action, entry.to) })}</>}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
