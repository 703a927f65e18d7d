import { CalendarRange, FileStack, Gavel, Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAgendaList, useAgendaStats } from '../../api/agendas';
import { useOrdinanceStatistics } from '../../api/ordinances';
import { BarChart } from '../../components/bar-chart';
import { Panel } from '../../components/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { MeetingRow } from '../../components/meeting-row';
import { ReconstructedNote } from '../../components/reconstructed-note';
import { DocumentsPanel } from '../../components/uploaded-documents/DocumentsPanel';
import { formatDay, formatNumber } from '../../lib/format';
import { recordLabel, type RecordField } from '../../lib/i18n/record-labels';
import { Loading, QueryError } from '../../components/query-state';

const RECENT_MEETINGS = 5;

/** HOME: the city's record at a glance — totals, the latest meetings, charts, uploaded documents. */
export function HomeTab({ onBrowseMeetings }: { onBrowseMeetings: () => void }) {
  const { t, language } = useI18n();
  const stats = useAgendaStats();
  const recent = useAgendaList({ limit: RECENT_MEETINGS });
  const ordinances = useOrdinanceStatistics();
  const data = stats.data;
  // A chart's bar names a record's value in the reader's language (English: the record's own words).
  const toBar = (field: RecordField) => (facet: { value: string; count: number }) => ({ label: recordLabel(language, field, facet.value), count: facet.count });

  return (
    <div className="grid gap-6">
      {stats.isError ? (
        <QueryError error={stats.error} title={t('statsFailed')} onRetry={() => void stats.refetch()} />
      ) : (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure icon={<Landmark className="size-5" />} label={t('statMeetings')} value={data && formatNumber(data.totals.agendas, language)} />
          <Figure icon={<FileStack className="size-5" />} label={t('statAgendaItems')} value={data && formatNumber(data.totals.agenda_items, language)} />
          <Figure icon={<Gavel className="size-5" />} label={t('statOrdinances')} value={data && formatNumber(data.totals.ordinances, language)} />
          <Figure
            icon={<CalendarRange className="size-5" />}
            label={t('statCoverage')}
            value={data && (data.first_date && data.last_date ? `${data.first_date.slice(0, 4)}–${data.last_date.slice(0, 4)}` : '—')}
          />
        </dl>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel aria-labelledby="recent-meetings-heading" className="p-4 sm:p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="recent-meetings-heading" className="text-lg font-semibold text-slate-900">
              {t('recentMeetings')}
            </h2>
            <button
              type="button"
              onClick={onBrowseMeetings}
              className="rounded text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {t('browseAllMeetings')}
            </button>
          </div>
          {data?.last_date && <p className="text-sm text-slate-700">{t('latestMeetingOn', { date: formatDay(data.last_date, language) })}</p>}
          <div className="mt-3">
            {recent.isPending ? (
              <Loading className="grid gap-3">
                {[0, 1, 2].map((row) => (
                  <Skeleton key={row} className="h-16 w-full" />
                ))}
              </Loading>
            ) : recent.isError ? (
              <QueryError error={recent.error} title={t('meetingsFailed')} onRetry={() => void recent.refetch()} />
            ) : recent.data.agendas.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-700">{t('noMeetings')}</p>
            ) : (
              <>
                <ul className="divide-y divide-slate-100">
                  {recent.data.agendas.map((agenda) => (
                    <li key={agenda.id}>
                      <MeetingRow agenda={agenda} />
                    </li>
                  ))}
                </ul>
                {recent.data.agendas.some((agenda) => agenda.reconstructed) && <ReconstructedNote compact className="mt-3" />}
              </>
            )}
          </div>
        </Panel>
        {data ? (
          <BarChart title={t('chartItemsByYear')} description={t('chartNewestFirst')} bars={data.agenda_items_by_year.map((facet) => ({ label: facet.value, count: facet.count }))} initialCount={12} />
        ) : (
          <ChartPlaceholder />
        )}
      </div>

      <section aria-labelledby="statistics-heading" className="grid gap-4">
        <h2 id="statistics-heading" className="text-lg font-semibold text-slate-900">
          {t('statisticsHeading')}
        </h2>
        {data ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <BarChart
              title={t('chartItemsByCommittee')}
              bars={data.by_committee.map((facet) => ({ label: facet.value || t('noCommittee'), count: facet.count }))}
              longLabels
              initialCount={8}
            />
            <div className="grid content-start gap-6">
              <BarChart title={t('chartItemsByStatus')} description={t('chartItemsByStatusNote')} bars={data.by_status.map(toBar('status'))} longLabels />
              {ordinances.data && ordinances.data.by_status.length > 0 && (
                <BarChart title={t('chartOrdinancesByStatus')} bars={ordinances.data.by_status.map(toBar('status'))} longLabels />
              )}
              {data.by_section.length > 0 && (
                <BarChart title={t('chartItemsBySection')} bars={data.by_section.map(toBar('section'))} longLabels />
              )}
            </div>
            {data.by_meeting_type.length > 1 && (
              <BarChart title={t('chartMeetingsByType')} bars={data.by_meeting_type.map(toBar('meetingType'))} longLabels />
            )}
          </div>
        ) : stats.isPending ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <ChartPlaceholder />
            <ChartPlaceholder />
          </div>
        ) : null}
      </section>

      <DocumentsPanel />
    </div>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string | undefined }) {
  // A <div> group of one <dt> and one <dd>: the only children a <dl> may hold besides those two.
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm text-slate-700">
        <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-800 [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 whitespace-nowrap text-xl font-semibold tabular-nums text-slate-900 sm:text-2xl">{value ?? <Skeleton className="mt-1 h-7 w-20" />}</dd>
    </div>
  );
}

function ChartPlaceholder() {
  return (
    <Panel>
      <Skeleton className="h-5 w-40" />
      <div className="mt-4 grid gap-3">
        {[90, 70, 55, 40, 25].map((width) => (
          <Skeleton key={width} className="h-3" style={{ width: `${width}%` }} />
        ))}
      </div>
    </Panel>
  );
}
