import { useId } from 'react';
import { CircleStop, Loader2, Scale } from 'lucide-react';
import type { AnswerOutcome, Citation, EngineName, ProductSentence } from '@civicdesk/contract';
import { CitationCard } from '../../components/code-section/CitationCard';
import { AnswerSentence, answerView } from '../../components/answer-sentence';
import { useI18n } from '../../lib/i18n';
import { engineNameOf } from '../../lib/i18n/product-sentence';

export interface AssistantAnswer {
  content: string;
  /** The sentence that answers, once the answer has ended ('' when there is none). */
  answer?: string;
  citations: Citation[];
  stopped: boolean;
  engineLabel: string | null;
  /** The engine that answered, named in the reader's language (the label is the server's, for answers stored before it). */
  engine?: EngineName | null;
  /** How the answer stands and the product's own sentences it opens with, once it has ended. */
  outcome?: AnswerOutcome;
  messages?: ProductSentence[];
  /** `waiting` before the first word, `streaming` while words arrive, `final` once it has ended. */
  phase: 'waiting' | 'streaming' | 'final';
}

/** An answer of the chatbot: its text as it streams, then the verified quotes it rests on. */
export function AssistantTurn({ answer }: { answer: AssistantAnswer }) {
  const { t } = useI18n();
  const headingId = useId();
  const citationsId = useId();
  const answering = answer.phase !== 'final';
  // While it streams the text is shown as it comes; once it ends, its opening sentences in the reader's language.
  const view = answerView(t, { text: answer.content, sentence: answer.answer, outcome: answer.outcome, messages: answering ? undefined : answer.messages });
  const split = answering ? null : view.split;
  const engine = engineNameOf(t, answer.engine, null, answer.engineLabel);

  return (
    <article
      aria-labelledby={headingId}
      aria-busy={answering || undefined}
      data-testid="chat-answer"
      data-phase={answer.phase}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          {answering ? <Loader2 aria-hidden="true" className="size-4 animate-spin text-blue-700" /> : <Scale aria-hidden="true" className="size-4 text-blue-800" />}
          {t('chatAnswer')}
          {answering && <span className="font-normal text-slate-700">{answer.phase === 'waiting' ? t('chatSearching') : t('chatWriting')}</span>}
        </h3>
        {engine && <p className="text-xs text-slate-700">{t('chatAnsweredBy', { engine })}</p>}
      </header>
      <div className="grid gap-4 px-4 py-4 sm:px-5">
        {/* The engine's text is data: shown as text with its line breaks, never as HTML. */}
        {split ? (
          <>
            <AnswerSentence text={split.answer} notDirect={view.notDirect} />
            {split.details && (
              <p data-testid="chat-answer-text" className="whitespace-pre-wrap break-words text-[15px] leading-7 text-slate-900">
                {split.details}
              </p>
            )}
          </>
        ) : answer.content ? (
          <p data-testid="chat-answer-text" className="whitespace-pre-wrap break-words text-[15px] leading-7 text-slate-900">
            {view.text}
            {answer.phase === 'streaming' && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-blue-700 align-middle" />}
          </p>
        ) : (
          answer.phase === 'waiting' && (
            <div aria-hidden="true" className="grid gap-2">
              <div className="h-3.5 w-11/12 animate-pulse rounded bg-slate-200" />
              <div className="h-3.5 w-4/5 animate-pulse rounded bg-slate-200" />
            </div>
          )
        )}
        {answer.stopped && (
          <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="chat-stopped">
            <CircleStop aria-hidden="true" className="size-4 shrink-0" />
            <span>
              <span className="font-semibold">{t('chatStopped')}.</span> {t('chatStoppedNote')}
            </span>
          </p>
        )}
        {answer.citations.length > 0 && (
          <section aria-labelledby={citationsId} className="grid gap-3">
            <h4 id={citationsId} className="text-xs font-semibold uppercase tracking-wide text-slate-700">
              {view.notDirect ? t('relatedHeading') : t('chatSources')}
            </h4>
            <ol className="grid gap-3">
              {answer.citations.map((citation, index) => (
                <li key={`${citation.source_id}-${index}`}>
                  <CitationCard citation={citation} position={index + 1} support={view.supportOf(citation)} />
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </article>
  );
}
