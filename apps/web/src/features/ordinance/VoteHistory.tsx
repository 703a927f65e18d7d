import { Link } from 'react-router';
import type { OrdinanceDetail } from '@civicdesk/contract';
import { Panel } from '../../components/page';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { formatDay } from '../../lib/format';
import { recordLabel } from '../../lib/i18n/record-labels';

/**
 * The readings and votes of the measure, oldest first, each linked to the meeting where it was
 * taken when the city's agendas include it.
 */
export function VoteHistory({ ordinance, highlightedItemId }: { ordinance: OrdinanceDetail; highlightedItemId: string | null }) {
  const { t, language } = useI18n();
  const key = (date: string | null, reading: string | null) => `${date}|${(reading ?? '').toUpperCase()}`;
  const meetingOf = new Map(ordinance.agenda_items.filter((item) => item.agenda_id).map((item) => [key(item.date, item.section_name), item]));
  // The votes as recorded; when only agenda items carry the history, those stand in for them.
  const recorded = ordinance.votes.length
    ? ordinance.votes
    : ordinance.agenda_items.filter((item) => item.date).map((item) => ({ date: item.date!, reading: item.section_name ?? item.title, recorded_as: null }));
  const votes = [...recorded].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Panel aria-labelledby="votes-heading">
      <h2 id="votes-heading" className="text-base font-semibold text-slate-900">
        {t('votesHeading')}
      </h2>
      {votes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('noVotes')}</p>
      ) : (
        <ol className="mt-3 grid gap-0">
          {votes.map((vote, index) => {
            const item = meetingOf.get(key(vote.date, vote.reading)) ?? ordinance.agenda_items.find((i) => i.date === vote.date && i.agenda_id);
            const found = Boolean(item && item.id === highlightedItemId);
            return (
              <li key={`${vote.date}-${index}`} className="relative border-l-2 border-blue-200 pb-4 pl-4 last:pb-0">
                <span aria-hidden="true" className="absolute -left-[7px] top-1 size-3 rounded-full border-2 border-white bg-blue-700" />
                <p className={cn('text-sm font-medium text-slate-900', found && '-mx-1 rounded bg-amber-100 px-1')}>
                  {vote.recorded_as ? t('voteRecordedAs', { word: vote.recorded_as }) : recordLabel(language, 'section', vote.reading)}
                  {found && <span className="ml-2 text-xs font-normal text-amber-950">{t('foundBySearch')}</span>}
                </p>
                <p className="text-sm text-slate-700">
                  <time dateTime={vote.date}>{formatDay(vote.date, language)}</time>
                  {item?.agenda_id && (
                    <>
                      {' · '}
                      <Link
                        to={`/agenda/${encodeURIComponent(item.agenda_id)}#item-${encodeURIComponent(item.id)}`}
                        className="rounded text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                      >
                        {t('openMeeting')}
                      </Link>
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
