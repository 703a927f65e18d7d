import { useId } from 'react';
import { useI18n } from '../lib/i18n';

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

/** The sentence that answers, set apart from the quotes and details that follow it. */
export function AnswerSentence({ text }: { text: string }) {
  const { t } = useI18n();
  const labelId = useId();
  return (
    <section aria-labelledby={labelId} data-testid="answer-sentence" className="rounded-lg border-l-4 border-blue-700 bg-blue-50 px-4 py-3">
      <h4 id={labelId} className="text-xs font-semibold uppercase tracking-wide text-blue-900">
        {t('answerInShort')}
      </h4>
      {/* Engine text is data: shown as text with its line breaks, never as HTML. */}
      <p className="mt-1 whitespace-pre-wrap break-words text-base font-medium leading-7 text-slate-900">{text}</p>
    </section>
  );
}
