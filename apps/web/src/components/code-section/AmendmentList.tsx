import { useId } from 'react';
import { ExternalLink } from 'lucide-react';
import type { CodeSection } from '@civicdesk/contract';
import { useI18n, type Language } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { NewTabLink } from '../new-tab-link';

type AmendingMeasure = CodeSection['amended_by'][number];

/** Dates in the data are calendar dates: read them in UTC, so no time zone moves them by a day. */
function formatEffective(value: string, language: Language): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return new Date(time).toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'UTC' });
}

/**
 * The measures that amended a section, in the order the server lists them, and the history note the
 * city's own book prints for it ("(Ord. 56-421; Ord. 66-743)"), which is its amendment history where
 * no measure is recorded.
 */
export function AmendmentList({ measures, history }: { measures: AmendingMeasure[]; history?: string | null }) {
  const { t, language } = useI18n();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t('amendedBy')}
      </h3>
      {history && (
        <p className="text-sm text-slate-800" data-testid="section-history">
          <span className="font-medium">{t('historyNote')}</span> {history}
        </p>
      )}
      {measures.length === 0 ? (
        !history && <p className="text-sm text-slate-700">{t('noAmendments')}</p>
      ) : (
        <ul className="grid gap-2">
          {measures.map((measure) => {
            const historyUrl = safeHttpUrl(measure.history_url);
            const facts = [
              measure.file_number && t('fileNumber', { number: measure.file_number }),
              measure.law_number && t('lawNumber', { number: measure.law_number }),
              measure.effective && t('effectiveOn', { date: formatEffective(measure.effective, language) }),
            ].filter(Boolean);
            return (
              <li key={measure.id} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
                <p className="font-medium text-slate-900">{measure.title}</p>
                {facts.length > 0 && <p className="text-xs text-slate-700">{facts.join(' · ')}</p>}
                {historyUrl && (
                  <NewTabLink href={historyUrl} className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-blue-800 underline-offset-2 hover:underline">
                    {t('legislativeHistory')}
                    <ExternalLink aria-hidden="true" className="size-3" />
                  </NewTabLink>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
