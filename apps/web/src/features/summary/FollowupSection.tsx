import { useId, useState } from 'react';
import type { MinutesRecord } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Cpu, MessageCircleQuestion, Quote } from 'lucide-react';
import { askMinutesFollowup, minutesKeys } from '../../api/minutes';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { localiseOpening } from '../../lib/i18n/product-sentence';
import { useSubmission } from '../../lib/use-submission';
import { ResultSection } from './ResultSection';
import { elementCardId, elementIds } from './summary-elements';

const QUESTION_MAX = 2_000;

/** Questions about these minutes, answered from them alone: each answer with the quotes it rests on and the engine that wrote it. */
export function FollowupSection({ record, activeId, onShow }: { record: MinutesRecord; activeId: string | null; onShow: (id: string) => void }) {
  const { t, language } = useI18n();
  const ids = useId();
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  const { busy, error, setError, submitWith } = useSubmission();

  const ask = submitWith(async () => {
    if (!question.trim()) {
      setError(t('minutesFollowupEmpty'));
      return;
    }
    const updated = await askMinutesFollowup(record.id, question);
    queryClient.setQueryData(minutesKeys.record(record.id), updated);
    setQuestion('');
  });

  return (
    <ResultSection title={t('minutesFollowupHeading')}>
      {record.followups.length === 0 ? (
        <p className="text-sm text-slate-700">{t('minutesFollowupNone')}</p>
      ) : (
        <ol className="grid gap-3" aria-live="polite">
          {record.followups.map((followup, f) => (
            <li key={`${followup.created_at}-${f}`} className="grid gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm">
              <h4 className="font-semibold text-slate-900">{followup.question}</h4>
              <p className="whitespace-pre-line text-slate-900">{localiseOpening(t, followup.answer, followup.messages, language)}</p>
              {followup.citations.length > 0 && (
                <ul className="grid gap-2" aria-label={t('minutesFollowupCitations')}>
                  {followup.citations.map((citation, c) => {
                    const id = elementIds.citation(f, c);
                    const quoteId = `${ids}-${f}-${c}`;
                    return (
                      <li key={id} id={elementCardId(id)} aria-current={activeId === id || undefined}>
                        <figure className={cn('rounded-md border-l-4 border-blue-700 bg-blue-50/60 py-2 pl-3 pr-2', activeId === id && 'ring-2 ring-blue-700')}>
                          <blockquote id={quoteId} className="flex gap-2 italic leading-relaxed text-slate-900">
                            <Quote className="mt-0.5 size-3.5 shrink-0 text-blue-800" aria-hidden="true" />
                            <span>{citation.quote}</span>
                          </blockquote>
                          <figcaption className="mt-1">
                            <button
                              type="button"
                              aria-describedby={quoteId}
                              onClick={() => onShow(id)}
                              className="rounded text-xs font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                            >
                              {t('minutesShowInMinutes')}
                            </button>
                          </figcaption>
                        </figure>
                      </li>
                    );
                  })}
                </ul>
              )}
              <p className="inline-flex items-center gap-1.5 text-xs text-slate-700">
                <Cpu className="size-3.5" aria-hidden="true" />
                {t('minutesAnsweredBy', { engine: followup.engine === 'offline' ? t('minutesEngine_offline') : (followup.model ?? t('minutesEngine_openai-compatible')) })}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(e) => void ask(e)} noValidate className="grid gap-2">
        <Label htmlFor={`${ids}-question`}>{t('minutesFollowupQuestionLabel')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${ids}-question`}
            className="min-w-0 flex-1 basis-56"
            maxLength={QUESTION_MAX}
            value={question}
            aria-describedby={error ? `${ids}-error` : undefined}
            aria-invalid={Boolean(error) || undefined}
            onChange={(e) => setQuestion(e.target.value)}
          />
          <Button type="submit" disabled={busy}>
            <MessageCircleQuestion aria-hidden="true" />
            {busy ? t('minutesFollowupAsking') : t('minutesFollowupAsk')}
          </Button>
        </div>
        {error && (
          <p id={`${ids}-error`} role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
      </form>
    </ResultSection>
  );
}
