import { useId } from 'react';
import { MEETING_TYPES } from '@civicdesk/contract';
import { useAgendaList, useAgendaStats } from '../../api/agendas';
import { Panel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { MeetingRow } from '../../components/meeting-row';
import { ReconstructedNote } from '../../components/reconstructed-note';
import { DateRangeFields } from './DateRangeFields';
import { selectClass } from './field-styles';
import { formatNumber } from '../../lib/format';
import { recordLabel } from '../../lib/i18n/record-labels';
import { Pagination } from '../../components/pagination';
import type { ExploreState } from './url-state';
import { Loading, QueryError } from '../../components/query-state';

export const MEETINGS_PER_PAGE = 20;

/** EXPLORE: the city's meetings by type and date, newest first, each opening its agenda. */
export function ExploreTab({ explore, onChange }: { explore: ExploreState; onChange: (explore: ExploreState) => void }) {
  const { t, language } = useI18n();
  const typeId = useId();
  const stats = useAgendaStats();
  const meetings = useAgendaList({
    meetingType: explore.meetingType,
    from: explore.from,
    to: explore.to,
    skip: (explore.page - 1) * MEETINGS_PER_PAGE,
    limit: MEETINGS_PER_PAGE,
  });
  // The types the city actually has, with counts; the spec's list when the statistics are not in yet.
  const types = stats.data?.by_meeting_type.length ? stats.data.by_meeting_type : MEETING_TYPES.map((value) => ({ value, count: null }));
  const filtered = Boolean(explore.meetingType || explore.from || explore.to);
  const data = meetings.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / MEETINGS_PER_PAGE)) : 1;

  return (
    <div className="grid gap-4">
      <Panel className="p-4">
        <h2 className="sr-only">{t('exploreFilters')}</h2>
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-1">
            <label htmlFor={typeId} className="text-sm font-medium text-slate-800">
              {t('meetingType')}
            </label>
            <select
              id={typeId}
              className={cn(selectClass, 'h-9 min-w-56')}
              value={explore.meetingType ?? ''}
              onChange={(event) => onChange({ ...explore, meetingType: event.target.value || undefined, page: 1 })}
            >
              <option value="">{t('allMeetingTypes')}</option>
              {types.map((type) => (
                <option key={type.value} value={type.value}>
                  {recordLabel(language, 'meetingType', type.value)}
                  {type.count !== null ? ` (${formatNumber(type.count, language)})` : ''}
                </option>
              ))}
            </select>
          </div>
          <DateRangeFields layout="inline" from={explore.from} to={explore.to} onChange={(range) => onChange({ ...explore, ...range, page: 1 })} />
          {filtered && (
            <Button variant="ghost" onClick={() => onChange({ page: 1 })}>
              {t('clearFilters')}
            </Button>
          )}
        </div>
      </Panel>

      <section aria-labelledby="explore-heading" aria-busy={meetings.isFetching}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="explore-heading" className="text-lg font-semibold text-slate-900">
            {data ? t(data.total === 1 ? 'meetingCountOne' : 'meetingCount', { count: formatNumber(data.total, language) }) : t('meetingsHeading')}
          </h2>
          {data && data.total > 0 && (
            <p className="text-sm text-slate-700">
              {t('showingRange', {
                from: formatNumber(data.skip + 1, language),
                to: formatNumber(data.skip + data.agendas.length, language),
                total: formatNumber(data.total, language),
              })}
            </p>
          )}
        </div>
        {data?.agendas.some((agenda) => agenda.reconstructed) && <ReconstructedNote className="mt-3" />}
        <div className="mt-3">
          {meetings.isPending ? (
            <Loading className="grid gap-2">
              {[0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} className="h-16 w-full" />
              ))}
            </Loading>
          ) : meetings.isError ? (
            <QueryError error={meetings.error} title={t('meetingsFailed')} onRetry={() => void meetings.refetch()} />
          ) : meetings.data.agendas.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
              <p className="font-semibold text-slate-900">{t('noMeetingsFound')}</p>
              <p className="mt-1 text-sm text-slate-700">{filtered ? t('noMeetingsFoundHint') : t('noMeetings')}</p>
            </div>
          ) : (
            <Panel className={cn('px-3 py-1', meetings.isPlaceholderData && 'opacity-60')}>
              <ul className="divide-y divide-slate-100">
                {meetings.data.agendas.map((agenda) => (
                  <li key={agenda.id}>
                    <MeetingRow agenda={agenda} />
                  </li>
                ))}
              </ul>
            </Panel>
          )}
        </div>
        {data && (
          <Pagination
            page={explore.page}
            lastPage={lastPage}
            label={t('meetingPages')}
            onPage={(page) => {
              onChange({ ...explore, page });
              document.getElementById('main-content')?.scrollTo({ top: 0 });
            }}
          />
        )}
      </section>
    </div>
  );
}
