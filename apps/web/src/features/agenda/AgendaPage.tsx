import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ArrowLeft, FileX, Landmark, ListOrdered } from 'lucide-react';
import { useAgenda } from '../../api/agendas';
import { ApiError } from '../../api/client';
import { Page, Panel, StatePanel } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { formatDay, formatNumber } from '../../lib/format';
import { useRecordLabel } from '../../lib/i18n/record-labels';
import { lastListHref } from '../../lib/last-visited-list';
import { revealInMain } from '../../lib/scroll';
import { AgendaItemRow } from './AgendaItemRow';
import { ReconstructedNote } from '../../components/reconstructed-note';
import { Loading, QueryError } from '../../components/query-state';

const sectionAnchor = (index: number) => `section-${index + 1}`;

/** /agenda/:id — a meeting's agenda: its sections in order, each with its items in order. */
export function AgendaPage() {
  const { id } = useParams();
  const label = useRecordLabel();
  const { t, language } = useI18n();
  const { hash } = useLocation();
  const agenda = useAgenda(id);
  const highlightedId = hash.startsWith('#item-') ? decodeURIComponent(hash.slice('#item-'.length)) : null;

  // A search result links to one item: bring it into view once the agenda is drawn.
  useEffect(() => {
    if (!agenda.data || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) revealInMain(target);
  }, [agenda.data, hash]);

  const back = (
    <Link to={lastListHref('explore')} className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      {t('allMeetings')}
    </Link>
  );

  if (agenda.isPending) {
    return (
      <Page title={t('agendaTitle')} actions={back}>
        <Loading className="grid gap-3">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </Loading>
      </Page>
    );
  }
  if (agenda.isError) {
    const missing = agenda.error instanceof ApiError && agenda.error.status === 404;
    return (
      <Page title={missing ? t('agendaNotFound') : t('agendaTitle')} actions={back}>
        {missing ? (
          <StatePanel icon={FileX} title={t('agendaNotFound')} tone="warning">
            <p>{t('agendaNotFoundHint')}</p>
          </StatePanel>
        ) : (
          <QueryError error={agenda.error} title={t('agendaFailed')} onRetry={() => void agenda.refetch()} />
        )}
      </Page>
    );
  }

  const meeting = agenda.data;
  const sections = meeting.sections_with_items.filter((section) => section.items.length > 0);
  const unsectioned = meeting.items.filter((item) => !item.section_name);
  return (
    <Page
      title={`${label('meetingTitle', meeting.title)} — ${formatDay(meeting.date, language, 'long')}`}
      description={meeting.body ?? undefined}
      actions={back}
      className="max-w-6xl"
    >
      <div className="mb-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-800">
        <span className="inline-flex items-center gap-1.5">
          <Landmark className="size-4 text-slate-500" aria-hidden="true" />
          {label('meetingType', meeting.meeting_type)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <ListOrdered className="size-4 text-slate-500" aria-hidden="true" />
          {t(meeting.item_count === 1 ? 'itemCountOne' : 'itemCount', { count: formatNumber(meeting.item_count, language) })}
        </span>
      </div>
      {meeting.reconstructed && <ReconstructedNote className="mb-6" />}

      {meeting.items.length === 0 ? (
        <Panel>
          <p className="text-sm text-slate-700">{t('agendaEmpty')}</p>
        </Panel>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <nav aria-label={t('agendaSections')} className="lg:sticky lg:top-4 lg:self-start">
            <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-700">{t('agendaSections')}</h2>
            <ol className="grid gap-0.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.name}>
                  <a
                    href={`#${sectionAnchor(index)}`}
                    onClick={(event) => {
                      const target = document.getElementById(sectionAnchor(index));
                      if (!target) return;
                      event.preventDefault();
                      revealInMain(target, 'smooth');
                    }}
                    className="flex justify-between gap-2 rounded-md px-2 py-1 text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                  >
                    <span>{label('section', section.name)}</span>
                    <span className="tabular-nums text-slate-600">{section.items.length}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="grid gap-6">
            {sections.map((section, index) => (
              <Panel key={section.name} id={sectionAnchor(index)} tabIndex={-1} aria-labelledby={`${sectionAnchor(index)}-title`} className="p-2 focus:outline-none sm:p-3">
                <h2 id={`${sectionAnchor(index)}-title`} className="flex items-baseline justify-between gap-2 border-b border-slate-100 px-3 pb-2 pt-1 text-base font-semibold text-slate-900">
                  <span>{label('section', section.name)}</span>
                  <span className="text-sm font-normal text-slate-700">{t(section.items.length === 1 ? 'itemCountOne' : 'itemCount', { count: section.items.length })}</span>
                </h2>
                <ol className="divide-y divide-slate-100">
                  {section.items.map((item) => (
                    <li key={item.id}>
                      <AgendaItemRow item={item} highlighted={item.id === highlightedId} />
                    </li>
                  ))}
                </ol>
              </Panel>
            ))}
            {unsectioned.length > 0 && (
              <Panel aria-labelledby="other-items-title" className="p-2 sm:p-3">
                <h2 id="other-items-title" className="border-b border-slate-100 px-3 pb-2 pt-1 text-base font-semibold text-slate-900">
                  {t('otherItems')}
                </h2>
                <ol className="divide-y divide-slate-100">
                  {unsectioned.map((item) => (
                    <li key={item.id}>
                      <AgendaItemRow item={item} highlighted={item.id === highlightedId} />
                    </li>
                  ))}
                </ol>
              </Panel>
            )}
          </div>
        </div>
      )}
    </Page>
  );
}
