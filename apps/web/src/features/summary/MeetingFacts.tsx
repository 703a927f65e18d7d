import type { MinutesResult } from '@civicdesk/contract';
import { useI18n, type MessageKey } from '../../lib/i18n';

type Meeting = MinutesResult['meeting'];

/** The meeting as the minutes name it: only what they say, each fact labelled. */
export function MeetingFacts({ meeting }: { meeting: Meeting }) {
  const { t } = useI18n();
  const list = (names: string[]) => (names.length ? names.join(', ') : null);
  const quorum = meeting.quorum === null ? null : meeting.quorum ? t('minutesMeetingQuorumYes') : t('minutesMeetingQuorumNo');
  const facts: [MessageKey, string | null][] = [
    ['minutesMeetingBody', meeting.body],
    ['minutesMeetingType', meeting.meeting_type],
    ['minutesMeetingDate', meeting.date],
    ['minutesMeetingTime', meeting.time],
    ['minutesMeetingPlace', meeting.place],
    ['minutesMeetingPresiding', meeting.presiding],
    ['minutesMeetingPresent', list(meeting.present)],
    ['minutesMeetingAbsent', list(meeting.absent)],
    ['minutesMeetingQuorum', quorum],
  ];
  const stated = facts.filter((fact): fact is [MessageKey, string] => Boolean(fact[1]));
  if (stated.length === 0) return <p className="text-sm text-slate-700">{t('minutesMeetingNothingStated')}</p>;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {stated.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-900">{t(key)}</dt>
          <dd className="mb-1 text-slate-800 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
