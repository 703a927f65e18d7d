import { useId, useState, type FormEvent } from 'react';
import { Loader2, MessageSquareText, Send } from 'lucide-react';
import type { OrdinanceAnswer } from '@civicdesk/contract';
import { useOrdinanceFollowup } from '../../api/ordinances';
import { userMessageOf } from '../../api/client';
import { Panel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { AnswerView, type Citation } from './AnswerView';

const QUESTION_MAX = 2000;
const SUGGESTIONS: MessageKey[] = ['suggestEffective', 'suggestAppliesTo', 'suggestPenalties'];

/** Follow-up questions about one ordinance, answered from its text (POST /ordinance/{id}/followup). */
export function FollowupPanel({ ordinanceId, onShowQuote }: { ordinanceId: string; onShowQuote: (citation: Citation) => void }) {
  const { t } = useI18n();
  const fieldId = useId();
  const ask = useOrdinanceFollowup(ordinanceId);
  const [question, setQuestion] = useState('');
  const [answers, setAnswers] = useState<OrdinanceAnswer[]>([]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || ask.isPending) return;
    ask.mutate(trimmed, {
      onSuccess: (answer) => {
        setAnswers((current) => [...current, { ...answer, question: answer.question ?? trimmed }]);
        setQuestion('');
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(question);
  };

  return (
    <Panel aria-labelledby={`${fieldId}-heading`}>
      <h2 id={`${fieldId}-heading`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MessageSquareText className="size-5 text-blue-800" aria-hidden="true" />
        {t('followupHeading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('followupIntro')}</p>

      {answers.length > 0 && (
        <ol className="mt-4 grid gap-5" aria-label={t('followupAnswers')}>
          {answers.map((answer, index) => (
            <li key={index} className="grid gap-2 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
              <p className="justify-self-end rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-900">
                <span className="sr-only">{t('yourQuestionWas')} </span>
                {answer.question}
              </p>
              <AnswerView answer={answer} onShowQuote={onShowQuote} />
            </li>
          ))}
        </ol>
      )}

      <div aria-live="polite" className="mt-3">
        {ask.isPending && (
          <p className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {t('answering')}
          </p>
        )}
      </div>
      {ask.isError && (
        <p role="alert" className="mt-2 rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('followupFailed')}: {userMessageOf(ask.error, t)}
        </p>
      )}

      {answers.length === 0 && (
        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('suggestedQuestions')}>
          {SUGGESTIONS.map((key) => (
            <button
              key={key}
              type="button"
              disabled={ask.isPending}
              onClick={() => {
                setQuestion(t(key));
                send(t(key));
              }}
              className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 hover:border-blue-700 hover:text-blue-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:opacity-60"
            >
              {t(key)}
            </button>
          ))}
        </div>
      )}

      <form onSubmit={submit} className="mt-4 grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          {t('followupLabel')}
        </label>
        <Textarea
          id={fieldId}
          value={question}
          maxLength={QUESTION_MAX}
          rows={2}
          className="min-h-16"
          placeholder={t('followupPlaceholder')}
          aria-describedby={`${fieldId}-hint`}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            // Enter asks; Shift+Enter starts a new line, as in every chat box.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send(question);
            }
          }}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={`${fieldId}-hint`} className="text-xs text-slate-700">
            {t('followupHint')}
          </p>
          <Button type="submit" disabled={!question.trim() || ask.isPending}>
            <Send aria-hidden="true" />
            {ask.isPending ? t('asking') : t('ask')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
