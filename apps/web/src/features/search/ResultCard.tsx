import { Link } from 'react-router';
import { CalendarDays, ListOrdered, Sparkles } from 'lucide-react';
import type { SearchHit } from '@civicdesk/contract';
import { useI18n } from '../../lib/i18n';
import { DocumentTypeBadge, FileNumber, StatusBadge } from '../../components/record-badges';
import { formatDay } from '../../lib/format';
import { hitHref, meetingHref } from './hit-links';
import { Snippet } from './Snippet';
import { recordLabel } from '../../lib/i18n/record-labels';

/** One search result: what it is, its file number and date first, then the title and the matched words. */
export function ResultCard({ hit, markFuzzy }: { hit: SearchHit; markFuzzy: boolean }) {
  const { t, language } = useI18n();
  const meeting = meetingHref(hit);
  const vote =
    hit.source === 'agenda_item' && hit.date
      ? t(hit.section_name ? 'voteAtMeeting' : 'itemAtMeeting', { reading: recordLabel(language, 'section', hit.section_name ?? ''), date: formatDay(hit.date, language) })
      : null;
  const detail = [hit.committee, hit.source === 'agenda_item' ? null : hit.section_name && recordLabel(language, 'section', hit.section_name)].filter(Boolean).join(' · ');
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {/* An agenda item is an agenda item, whatever kind of measure it takes up (issue 22); the reading is said below. */}
        <DocumentTypeBadge type={hit.source === 'agenda_item' ? 'AGENDA_ITEM' : hit.document_type} />
        <FileNumber value={hit.file_number} />
        {hit.date && (
          <span className="inline-flex items-center gap-1 text-sm text-slate-700">
            <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
            <time dateTime={hit.date}>{formatDay(hit.date, language)}</time>
          </span>
        )}
        <StatusBadge status={hit.status} />
        {markFuzzy && hit.match === 'fuzzy' && (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-violet-800">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {t('matchFuzzy')}
          </span>
        )}
      </div>
      <h3 className="mt-2 text-base font-semibold leading-snug text-slate-900">
        <Link to={hitHref(hit)} className="rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none">
          {hit.title}
        </Link>
      </h3>
      {detail && <p className="mt-1 text-sm text-slate-700">{detail}</p>}
      {hit.snippet && <Snippet html={hit.snippet} className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-800" />}
      {vote && (
        <p className="mt-2 inline-flex flex-wrap items-center gap-x-2 text-sm text-slate-800">
          <ListOrdered className="size-4 text-amber-800" aria-hidden="true" />
          {meeting ? (
            <Link
              to={meeting}
              className="rounded font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              {vote}
            </Link>
          ) : (
            vote
          )}
        </p>
      )}
    </article>
  );
}
