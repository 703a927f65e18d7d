import type { ReactNode } from 'react';
import type { MinutesRecord, MinutesResult } from '@civicdesk/contract';
import { Cpu, Info, TriangleAlert } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import { ElementCard } from './ElementCard';
import { MeetingFacts } from './MeetingFacts';
import { MotionList } from './MotionList';
import { ResultSection } from './ResultSection';
import { elementIds } from './summary-elements';

interface Selection {
  activeId: string | null;
  onShow: (id: string) => void;
}

/** A part of the summary that lists elements as cards, or says there are none. */
function ElementListSection<T>({ title, emptyText, items, renderItem }: { title: string; emptyText: string; items: T[]; renderItem: (item: T, index: number) => ReactNode }) {
  return (
    <ResultSection title={title}>
      {items.length === 0 ? <p className="text-sm text-slate-700">{emptyText}</p> : <ul className="grid gap-2">{items.map((item, index) => renderItem(item, index))}</ul>}
    </ResultSection>
  );
}

/** What the summary found: the meeting, its motions and votes, actions, public comment, continued items, the next meeting and the gist. */
export function SummaryResult({ result, engine, ocr = null, activeId, onShow }: { result: MinutesResult; engine: MinutesRecord['engine']; ocr?: MinutesRecord['ocr'] } & Selection) {
  const { t } = useI18n();
  const card = (id: string) => ({ elementId: id, active: activeId === id, onShow: () => onShow(id) });
  return (
    <div className="grid content-start gap-5">
      <div className="grid gap-2 text-sm">
        {engine && (
          <p className="inline-flex w-fit items-center gap-1.5 rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs font-medium text-slate-800">
            <Cpu className="size-3.5" aria-hidden="true" />
            {t('minutesSummarizedBy', { engine: t(`minutesEngine_${engine}`) })}
          </p>
        )}
        {ocr && (
          // A scan's words are the OCR's reading: the reader is told so, how sure it was, and where to look again.
          <p className="flex items-start gap-2 rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950" data-testid="minutes-ocr">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('minutesReadByOcr', { pages: ocr.pages, total: ocr.page_count, confidence: Math.round(ocr.mean_confidence) })}
            {ocr.low_confidence_pages.length > 0 && ` ${t('minutesOcrLowPages', { pages: ocr.low_confidence_pages.join(', ') })}`}
          </p>
        )}
        {result.notice && (
          <p className="flex items-start gap-2 rounded-md border border-blue-300 bg-blue-50 px-3 py-2 text-slate-900">
            <Info className="mt-0.5 size-4 shrink-0 text-blue-800" aria-hidden="true" />
            {result.notice}
          </p>
        )}
        {result.dropped_spans > 0 && (
          <p className="flex items-start gap-2 rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {result.dropped_spans === 1 ? t('minutesDroppedOne') : t('minutesDropped', { count: result.dropped_spans })}
          </p>
        )}
      </div>
      <ResultSection title={t('minutesMeeting')}>
        <MeetingFacts meeting={result.meeting} />
      </ResultSection>
      <ResultSection title={t('minutesMotions', { count: result.motions.length })}>
        <MotionList motions={result.motions} activeId={activeId} onShow={onShow} />
      </ResultSection>
      <ElementListSection
        title={t('minutesActions', { count: result.actions.length })}
        emptyText={t('minutesNoActions')}
        items={result.actions}
        renderItem={(action, i) => (
          <ElementCard key={i} {...card(elementIds.action(i))} title={action.text}>
            <p className="text-slate-800">
              {t('minutesActionOwner', { owner: action.owner ?? t('minutesNotStated') })} · {t('minutesActionDue', { due: action.due ?? t('minutesNotStated') })}
            </p>
          </ElementCard>
        )}
      />
      <ElementListSection
        title={t('minutesPublicComment', { count: result.public_comment.length })}
        emptyText={t('minutesNoPublicComment')}
        items={result.public_comment}
        renderItem={(comment, i) => (
          <ElementCard key={i} {...card(elementIds.comment(i))} title={comment.speaker ?? t('minutesCommentUnnamedSpeaker')}>
            <p className="text-slate-800">{t('minutesCommentTopic', { topic: comment.topic })}</p>
          </ElementCard>
        )}
      />
      <ElementListSection
        title={t('minutesContinued', { count: result.continued.length })}
        emptyText={t('minutesNoContinued')}
        items={result.continued}
        renderItem={(item, i) => <ElementCard key={i} {...card(elementIds.continued(i))} title={item.text} />}
      />
      <ElementListSection
        title={t('minutesNextMeeting')}
        emptyText={t('minutesNoNextMeeting')}
        items={result.next_meeting ? [result.next_meeting] : []}
        renderItem={(next) => <ElementCard key="next" {...card(elementIds.next())} title={next.text} />}
      />
      {result.narrative.length > 0 && (
        <ResultSection title={t('minutesGist')}>
          <ol className="grid gap-2">
            {result.narrative.map((sentence, i) => (
              <ElementCard key={i} {...card(elementIds.gist(i))} title={sentence.sentence} />
            ))}
          </ol>
        </ResultSection>
      )}
    </div>
  );
}
