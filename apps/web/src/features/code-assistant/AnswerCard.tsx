import { useId } from 'react';
import { Copy, FilePen, Scale, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { GenerateResponse } from '@civicdesk/contract';
import { Button } from '../../components/ui/button';
import { copyText } from '../../lib/clipboard';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { answerAsText } from './answer-text';
import { AnswerNotes } from './AnswerNotes';
import { CitationCard } from '../../components/code-section/CitationCard';
import { AnswerSentence, answerView } from '../../components/answer-sentence';
import { engineNameOf } from '../../lib/i18n/product-sentence';
import { DraftEmailDialog } from './DraftEmailDialog';
import { SearchedSources } from './SearchedSources';

interface AnswerCardProps {
  answer: GenerateResponse;
  /** The conversation the answer belongs to; the email is drafted from it. */
  threadId: string;
}

/** An assistant turn: the plain-text summary, the verified quotes it rests on, and what was searched. */
export function AnswerCard({ answer, threadId }: AnswerCardProps) {
  const { t } = useI18n();
  const notify = useNotify();
  const headingId = useId();
  const citationsId = useId();
  const citations = answer.analysis.citations;
  const view = answerView(t, { text: answer.analysis.summary, sentence: answer.analysis.answer, outcome: answer.analysis.outcome, messages: answer.analysis.messages });
  const found = answer.metadata.answer_found;
  const split = found || view.notDirect ? view.split : null;
  const engine = engineNameOf(t, answer.metadata.engine, answer.metadata.model, answer.metadata.engine_label);
  // A question that asked for a draft (or revised one) links to it in the editor.
  const drafted = answer.metadata.drafted_documents as { id: string; title: string; url: string }[];

  const copyAnswer = async () => {
    if (await copyText(answerAsText(answer, t('citationsHeading')))) notify.success('answerCopied');
    else notify.error('copyFailed');
  };

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="answer-card">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          {found ? <Scale aria-hidden="true" className="size-4 text-blue-800" /> : <SearchX aria-hidden="true" className="size-4 text-amber-700" />}
          {found ? t('answerHeading') : view.notDirect ? t('answerNotDirectHeading') : t('answerNotFound')}
        </h3>
        {engine && <p className="text-xs text-slate-600">{t('answeredBy', { engine })}</p>}
      </header>
      <div className="grid gap-5 px-4 py-4 sm:px-5">
        {/* Text from the engine is data: rendered as text with its line breaks, never as HTML. */}
        {split ? (
          <>
            <AnswerSentence text={split.answer} notDirect={view.notDirect} />
            {split.details && <p data-testid="answer-details" className="whitespace-pre-wrap break-words text-[15px] leading-7 text-slate-900">{split.details}</p>}
          </>
        ) : (
          <p className="whitespace-pre-wrap break-words text-[15px] leading-7 text-slate-900">{view.text}</p>
        )}
        {drafted.length > 0 && (
          <ul className="grid gap-1">
            {drafted.map((d) => (
              <li key={d.id}>
                <Link to={d.url} className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-800 underline underline-offset-2">
                  <FilePen aria-hidden="true" className="size-4" />
                  {t('openDraft', { title: d.title })}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {citations.length > 0 && (
          <section aria-labelledby={citationsId} className="grid gap-3">
            <h4 id={citationsId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
              {view.notDirect ? t('relatedHeading') : t('citationsHeading')}
            </h4>
            <ol className="grid gap-3">
              {citations.map((citation, index) => (
                <li key={`${citation.source_id}-${index}`}>
                  <CitationCard citation={citation} position={index + 1} support={view.supportOf(citation)} />
                </li>
              ))}
            </ol>
          </section>
        )}
        <AnswerNotes answer={answer} />
        <SearchedSources answer={answer} />
      </div>
      <footer className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3 sm:px-5">
        <Button variant="outline" size="sm" onClick={() => void copyAnswer()}>
          <Copy aria-hidden="true" />
          {t('copyAnswer')}
        </Button>
        {threadId && <DraftEmailDialog threadId={threadId} question={answer.metadata.question} />}
      </footer>
    </article>
  );
}
