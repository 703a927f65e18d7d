import { useEffect, useMemo, useRef, useState } from 'react';
import type { MinutesRecord } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { isJobActive } from '../../api/jobs';
import { minutesKeys, useMinutes } from '../../api/minutes';
import type { SpanFocus } from '../../components/highlighted-text';
import { JobProgress } from '../../components/job-progress';
import { Panel } from '../../components/page';
import { formatDate, QueryState } from '../../components/query-state';
import { useI18n } from '../../lib/i18n';
import { revealInScrollArea } from '../../lib/scroll';
import { FollowupSection } from './FollowupSection';
import { ResultSection } from './ResultSection';
import { SourceText } from './SourceText';
import { SummaryResult } from './SummaryResult';
import { elementCardId, elementSpans, type ElementSpan } from './summary-elements';

/** The summary shown on /summary?id={id}: polled while its job runs, then the result beside the minutes it came from. */
export function SummaryView({ minutesId }: { minutesId: string }) {
  const query = useMinutes(minutesId);
  return <QueryState query={query}>{(record) => <LoadedSummary record={record} />}</QueryState>;
}

function LoadedSummary({ record }: { record: MinutesRecord }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [focus, setFocus] = useState<SpanFocus | null>(null);
  const spans = useMemo(() => elementSpans(record), [record]);
  const headingId = `summary-${record.id}-heading`;
  const active = isJobActive(record.job_state);

  // When the job finishes, the history's row of it (state, motions) is out of date.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: minutesKeys.historyAll });
    wasActive.current = active;
  }, [active, queryClient]);

  /** From the result: highlight the element's words in the minutes and move there. */
  const showInSource = (id: string) => {
    setActiveId(id);
    setFocus({ id, nonce: Date.now() });
  };
  /** From the minutes: select the element, bring its card into view and move focus to it, as the other way does. */
  const showInResult = (id: string) => {
    setActiveId(id);
    const card = document.getElementById(elementCardId(id));
    revealInScrollArea(card, { smooth: false });
    card?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  };

  const labelOf = (span: ElementSpan): string | null => {
    switch (span.kind) {
      case 'motion':
        return t('minutesMotionNumber', { number: span.ordinal });
      case 'action':
        return t('minutesActionNumber', { number: span.ordinal });
      case 'comment':
        return t('minutesCommentNumber', { number: span.ordinal });
      case 'continued':
        return t('minutesContinuedNumber', { number: span.ordinal });
      case 'next':
        return t('minutesNextMeeting');
      default:
        return null;
    }
  };

  const problem = record.job_state === 'failed' ? t('minutesFailed', { error: record.error ?? t('serverError') }) : record.error;
  return (
    <Panel aria-labelledby={headingId} className="grid gap-5">
      <div className="grid gap-1">
        <h2 id={headingId} className="break-words text-xl font-semibold text-slate-900">
          {record.title}
        </h2>
        <p className="text-sm text-slate-700">
          {record.filename ?? t('minutesPasted')} · {formatDate(record.created_at, language)}
        </p>
      </div>
      {active && <JobProgress label={t('minutesInProgress')} state={record.job_state} progress={record.progress} />}
      {problem && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      {record.job_state === 'cancelled' && <p className="rounded-md border border-slate-400 bg-slate-50 px-4 py-3 text-sm text-slate-900">{t('minutesCancelled')}</p>}
      {record.job_state === 'completed' && record.result && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="grid content-start gap-6">
            <SummaryResult result={record.result} engine={record.engine} ocr={record.ocr} activeId={activeId} onShow={showInSource} />
            <FollowupSection record={record} activeId={activeId} onShow={showInSource} />
          </div>
          <div className="lg:sticky lg:top-4 lg:self-start">
            <ResultSection title={t('minutesSourceHeading')}>
              <SourceText text={record.text} spans={spans} activeId={activeId} focus={focus} onSelect={showInResult} labelOf={labelOf} />
            </ResultSection>
          </div>
        </div>
      )}
    </Panel>
  );
}
