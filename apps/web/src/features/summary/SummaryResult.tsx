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

/** What the summary found: the meeting, its motions and votes, actions, public comment, continued items, the next meeting and the gist. */
export function SummaryResult({ result, engine, activeId, onShow }: { result: MinutesResult; engine: MinutesRecord['engine'] } & Selection) {
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
      <ResultSection title={t('minutesActions', { count: result.actions.length })}>
        {result.actions.length === 0 ? (
          <p className="text-sm text-slate-700">{t('minutesNoActions')}</p>
        ) : (
          <ul className="grid gap-2">
            {result.actions.map((action, i) => (
              <ElementCard key={i} {...card(elementIds.action(i))} title={action.text}>
                <p className="text-slate-800">
                  {t('minutesActionOwner', { owner: action.owner ?? t('minutesNotStated') })} · {t('minutesActionDue', { due: action.due ?? t('minutesNotStated') })}
                </p>
              </ElementCard>
            ))}
          </ul>
        )}
      </ResultSection>
      <ResultSection title={t('minutesPublicComment', { count: result.public_comment.length })}>
        {result.public_comment.length === 0 ? (
          <p className="text-sm text-slate-700">{t('minutesNoPublicComment')}</p>
        ) : (
          <ul className="grid gap-2">
            {result.public_comment.map((comment, i) => (
              <ElementCard key={i} {...card(elementIds.comment(i))} title={comment.speaker ?? t('minutesCommentUnnamedSpeaker')}>
                <p className="text-slate-800">{t('minutesCommentTopic', { topic: comment.topic })}</p>
              </ElementCard>
            ))}
          </ul>
        )}
      </ResultSection>
      <ResultSection title={t('minutesContinued', { count: result.continued.length })}>
        {result.continued.length === 0 ? (
          <p className="text-sm text-slate-700">{t('minutesNoContinued')}</p>
        ) : (
          <ul className="grid gap-2">
            {result.continued.map((item, i) => (
              <ElementCard key={i} {...card(elementIds.continued(i))} title={item.text} />
            ))}
          </ul>
        )}
      </ResultSection>
      <ResultSection title={t('minutesNextMeeting')}>
        {result.next_meeting ? (
          <ul className="grid gap-2">
            <ElementCard {...card(elementIds.next())} title={result.next_meeting.text} />
          </ul>
        ) : (
          <p className="text-sm text-slate-700">{t('minutesNoNextMeeting')}</p>
        )}
      </ResultSection>
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
