import { Bot, Cpu, Quote } from 'lucide-react';
import type { OrdinanceAnswer } from '@civicdesk/contract';
import { useI18n } from '../../lib/i18n';
import { localiseOpening } from '../../lib/i18n/product-sentence';

export type Citation = OrdinanceAnswer['citations'][number];

/** Which engine wrote an answer: the built-in offline engine quotes; a configured model is named. */
export function EngineBadge({ answer }: { answer: Pick<OrdinanceAnswer, 'engine' | 'model'> }) {
  const { t } = useI18n();
  const offline = answer.engine === 'offline';
  const Icon = offline ? Cpu : Bot;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-slate-50 px-2.5 py-0.5 text-xs font-medium text-slate-800">
      <Icon className="size-3.5" aria-hidden="true" />
      {offline ? t('engineOffline') : t('engineModel', { model: answer.model ?? t('engineModelUnnamed') })}
    </span>
  );
}

/**
 * An answer with the passages it rests on. Text from the engine is shown as text (paragraphs
 * split on blank lines), never as markup; each quote can be found in the ordinance's text.
 */
export function AnswerView({ answer, onShowQuote }: { answer: OrdinanceAnswer; onShowQuote: (citation: Citation) => void }) {
  const { t, language } = useI18n();
  // The product's own sentences (not answered directly, a fact the record lacks) in the reader's language.
  const paragraphs = localiseOpening(t, answer.answer, answer.messages, language).split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  return (
    <div className="grid gap-3">
      <div className="grid gap-2 text-[0.95rem] leading-relaxed text-slate-900">
        {paragraphs.length ? paragraphs.map((paragraph, index) => <p key={index} className="whitespace-pre-line">{paragraph}</p>) : <p>{t('answerEmpty')}</p>}
      </div>
      {answer.citations.length > 0 && (
        <div>
          <h4 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-700">{t('quotesHeading')}</h4>
          <ul className="grid gap-2">
            {answer.citations.map((citation, index) => (
              <li key={`${citation.start}-${index}`}>
                <figure className="rounded-md border-l-4 border-blue-700 bg-blue-50/60 py-2 pl-3 pr-2">
                  <blockquote className="flex gap-2 text-sm italic leading-relaxed text-slate-900">
                    <Quote className="mt-0.5 size-3.5 shrink-0 text-blue-800" aria-hidden="true" />
                    <span>{citation.quote}</span>
                  </blockquote>
                  <figcaption className="mt-1">
                    {citation.start < 0 || citation.end <= citation.start ? (
                      // The engine also quotes the measure's long title and official summary, which are not in its text.
                      <span className="text-xs text-slate-700">{t('quoteFromRecord')}</span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => onShowQuote(citation)}
                        className="rounded text-xs font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                      >
                        {t('showInText')}
                      </button>
                    )}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <EngineBadge answer={answer} />
      </div>
    </div>
  );
}
