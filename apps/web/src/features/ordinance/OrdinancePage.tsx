import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, FileX, Sparkles } from 'lucide-react';
import type { OrdinanceDetail } from '@civicdesk/contract';
import { ApiError } from '../../api/client';
import { useOrdinance, useOrdinanceSummary } from '../../api/ordinances';
import { Page, Panel, StatePanel } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { DocumentTypeBadge, FileNumber, StatusBadge } from '../../components/record-badges';
import { formatDay } from '../../lib/format';
import { lastListHref } from '../../lib/last-visited-list';
import { AnswerView, type Citation } from './AnswerView';
import { FollowupPanel } from './FollowupPanel';
import { OrdinanceText } from './OrdinanceText';
import { VoteHistory } from './VoteHistory';
import { Loading, QueryError } from '../../components/query-state';
import { recordLabel } from '../../lib/i18n/record-labels';

/** /ordinance/:id — a measure with its facts, summary, follow-up questions, votes and full text. */
export function OrdinancePage() {
  const { id } = useParams();
  const { t } = useI18n();
  const ordinance = useOrdinance(id);
  // Search results for a vote open the measure with ?agenda_item=<id>: that vote is marked.
  const [params] = useSearchParams();
  const [passage, setPassage] = useState<Citation | null>(null);

  const back = (
    <Link to={lastListHref('search')} className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      {t('backToSearch')}
    </Link>
  );

  if (ordinance.isPending) {
    return (
      <Page title={t('toolOrdinanceViewer')} actions={back}>
        <Loading className="grid gap-3">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </Loading>
      </Page>
    );
  }
  if (ordinance.isError) {
    const missing = ordinance.error instanceof ApiError && ordinance.error.status === 404;
    return (
      <Page title={missing ? t('ordinanceNotFound') : t('toolOrdinanceViewer')} actions={back}>
        {missing ? (
          <StatePanel icon={FileX} title={t('ordinanceNotFound')} tone="warning">
            <p>{t('ordinanceNotFoundHint')}</p>
          </StatePanel>
        ) : (
          <QueryError error={ordinance.error} title={t('ordinanceFailed')} onRetry={() => void ordinance.refetch()} />
        )}
      </Page>
    );
  }

  const measure = ordinance.data;
  return (
    <Page title={measure.title} actions={back} className="max-w-6xl">
      <div className="-mt-3 mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
        <FileNumber value={measure.file_number} className="text-base" />
        {measure.law_number && measure.file_number !== `L${measure.law_number}` && (
          <span className="font-mono text-sm text-slate-800">{t('ordinanceLawNumber', { number: measure.law_number })}</span>
        )}
        <DocumentTypeBadge type={measure.document_type} />
        <StatusBadge status={measure.status} />
      </div>
      {measure.long_title && measure.long_title !== measure.title && <p className="-mt-3 mb-6 max-w-4xl text-sm leading-relaxed text-slate-800">{measure.long_title}</p>}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-6">
          <SummaryPanel ordinance={measure} onShowQuote={setPassage} />
          <FollowupPanel ordinanceId={measure.id} onShowQuote={(citation) => setPassage({ ...citation })} />
          <OrdinanceText text={measure.text} passage={passage} historyUrl={measure.history_url} />
        </div>
        <div className="order-first grid content-start gap-6 lg:order-none">
          <Facts ordinance={measure} />
          <VoteHistory ordinance={measure} highlightedItemId={params.get('agenda_item')} />
        </div>
      </div>
    </Page>
  );
}

function SummaryPanel({ ordinance, onShowQuote }: { ordinance: OrdinanceDetail; onShowQuote: (citation: Citation) => void }) {
  const { t } = useI18n();
  const summary = useOrdinanceSummary(ordinance.id, true);
  return (
    <Panel aria-labelledby="summary-heading" aria-busy={summary.isPending}>
      <h2 id="summary-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles className="size-5 text-blue-800" aria-hidden="true" />
        {t('summaryHeading')}
      </h2>
      <div className="mt-3">
        {summary.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">{t('summarizing')}</span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : summary.isError ? (
          <QueryError error={summary.error} title={t('summaryFailed')} onRetry={() => void summary.refetch()} />
        ) : (
          <AnswerView answer={summary.data} onShowQuote={(citation) => onShowQuote({ ...citation })} />
        )}
      </div>
      {ordinance.record_note && (
        <p className="mt-4 rounded border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="record-note">
          <span className="font-medium">{t('recordNote')}</span> {ordinance.record_note}
        </p>
      )}
      {ordinance.summary && summary.data?.answer !== ordinance.summary && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer rounded font-medium text-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">{t('officialSummary')}</summary>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{ordinance.summary}</p>
        </details>
      )}
    </Panel>
  );
}

function Facts({ ordinance }: { ordinance: OrdinanceDetail }) {
  const { t, language } = useI18n();
  const rows: [string, string | null][] = [
    [t('factStatus'), ordinance.status ? recordLabel(language, 'status', ordinance.status) : null],
    [t('factKind'), ordinance.kind ? recordLabel(language, 'kind', ordinance.kind) : null],
    [t('factIntroduced'), formatDay(ordinance.introduced, language) || null],
    [t('factEnacted'), formatDay(ordinance.enacted, language) || null],
    [t('factEffective'), formatDay(ordinance.effective, language) || null],
    [t('factCommittee'), ordinance.committee],
    [t('factBill'), ordinance.bill_number],
    [t('factLaw'), ordinance.law_number],
    [t('factAct'), ordinance.act_number],
    [t('factCouncilPeriod'), ordinance.council_period !== null ? String(ordinance.council_period) : null],
  ];
  return (
    <Panel aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="text-base font-semibold text-slate-900">
        {t('factsHeading')}
      </h2>
      <dl className="mt-3 grid gap-3 text-sm">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
    </Panel>
  );
}
