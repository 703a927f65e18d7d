import { useId } from 'react';
import type { AnswerOutcome, Citation, ProductSentence } from '@civicdesk/contract';
import { type Translate, useI18n } from '../lib/i18n';
import { localiseOpening } from '../lib/i18n/product-sentence';

/**
 * The answer of an assistant turn split as the server marks it (`analysis.answer`, the chatbot's
 * `answer`): the sentence that answers, and the details and exceptions after it. Null when the
 * text does not open with that sentence (an older answer, a stopped one), so it shows as one text.
 */
export function splitAnswer(text: string, answer: string | null | undefined): { answer: string; details: string } | null {
  const lead = answer?.trim();
  if (!lead || !text.trimStart().startsWith(lead)) return null;
  return { answer: lead, details: text.trimStart().slice(lead.length).trim() };
}

/** An answer as the reader sees it (issue 30): the product's sentences in the reader's language, how it stands, and what each citation is to it. */
export interface AnswerView {
  /** The whole text, its opening sentences in the reader's language. */
  text: string;
  /** The sentence that answers (or says the code does not answer directly) and what follows it; null when the text does not open with it. */
  split: { answer: string; details: string } | null;
  /** The code does not answer directly: the sentence says so, and the citations are related provisions only. */
  notDirect: boolean;
  /** What a citation is to the answer: the provision that states it, a related one, or (undefined) a quote beside the answer. */
  supportOf: (citation: Citation) => 'answers' | 'related' | undefined;
}

export function answerView(t: Translate, answer: { text: string; sentence?: string | null; outcome?: AnswerOutcome; messages?: ProductSentence[] }): AnswerView {
  const text = localiseOpening(t, answer.text, answer.messages);
  const sentence = answer.sentence ? localiseOpening(t, answer.sentence, answer.messages) : answer.sentence;
  const notDirect = answer.outcome === 'not_direct';
  return {
    text,
    split: splitAnswer(text, sentence),
    notDirect,
    supportOf: (c) => (c.supports ? 'answers' : notDirect ? 'related' : undefined),
  };
}

/** The sentence that answers, set apart from the quotes and details that follow it; or, amber, the sentence that says the code does not answer directly. */
export function AnswerSentence({ text, notDirect = false }: { text: string; notDirect?: boolean }) {
  const { t } = useI18n();
  const labelId = useId();
  return (
    <section
      aria-labelledby={labelId}
      data-testid={notDirect ? 'answer-not-direct' : 'answer-sentence'}
      className={notDirect ? 'rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3' : 'rounded-lg border-l-4 border-blue-700 bg-blue-50 px-4 py-3'}
    >
      <h4 id={labelId} className={notDirect ? 'text-xs font-semibold uppercase tracking-wide text-amber-900' : 'text-xs font-semibold uppercase tracking-wide text-blue-900'}>
        {notDirect ? t('answerNotDirectHeading') : t('answerInShort')}
      </h4>
      {/* Engine text is data: shown as text with its line breaks, never as HTML. */}
      <p className="mt-1 whitespace-pre-wrap break-words text-base font-medium leading-7 text-slate-900">{text}</p>
    </section>
  );
}
