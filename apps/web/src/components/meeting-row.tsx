import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { AgendaSummary } from '@civicdesk/contract';
import { useI18n } from '../lib/i18n';
import { formatNumber } from '../lib/format';
import { useRecordLabel } from '../lib/i18n/record-labels';

/** A meeting in a list: a calendar leaf with the date, then what met and how much it handled. */
export function MeetingRow({ agenda }: { agenda: AgendaSummary }) {
  const { t, language } = useI18n();
  const label = useRecordLabel();
  const date = new Date(`${agenda.date}T00:00:00Z`);
  const valid = !Number.isNaN(date.getTime());
  const part = (options: Intl.DateTimeFormatOptions) => (valid ? new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date) : '');
  return (
    <Link
      to={`/agenda/${encodeURIComponent(agenda.id)}`}
      className="group flex items-center gap-3 rounded-lg px-1 py-3 sm:gap-4 sm:px-2 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      <span aria-hidden="true" className="flex w-14 shrink-0 flex-col items-center rounded-md border border-slate-200 bg-white py-1 text-center shadow-sm">
        <span className="text-[0.7rem] font-semibold uppercase text-red-800">{part({ month: 'short' })}</span>
        <span className="text-xl font-semibold leading-none text-slate-900">{part({ day: 'numeric' })}</span>
        <span className="text-[0.7rem] text-slate-700">{part({ year: 'numeric' })}</span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900 group-hover:text-blue-800 group-hover:underline">
          <span className="sr-only">{part({ dateStyle: 'long' })}: </span>
          {label('meetingTitle', agenda.title)}
        </span>
        <span className="block text-sm text-slate-700">
          {[agenda.body, label('meetingType', agenda.meeting_type)].filter(Boolean).join(' · ')}
        </span>
        <span className="mt-0.5 block text-sm text-slate-700">
          {t(agenda.item_count === 1 ? 'itemCountOne' : 'itemCount', { count: formatNumber(agenda.item_count, language) })}
          {agenda.sections.length > 0 && <> · {agenda.sections.map((section) => label('section', section)).join(', ')}</>}
        </span>
      </span>
      <ChevronRight className="size-5 shrink-0 text-slate-500 group-hover:text-blue-800" aria-hidden="true" />
    </Link>
  );
}
