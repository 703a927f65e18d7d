import { Info } from 'lucide-react';
import type { GenerateResponse } from '@civicdesk/contract';
import { useI18n } from '../../lib/i18n';
import { serverText } from '../../lib/i18n/server-text';

/**
 * What the user should know about how an answer was made (web search not configured, a model
 * replaced by the offline engine, quotes dropped by the check). Quiet: it informs, it does not alarm.
 */
export function AnswerNotes({ answer }: { answer: GenerateResponse }) {
  const { t, language } = useI18n();
  const notes = [
    ...answer.errors.map((note) => serverText(language, note)),
    ...(answer.metadata.fallback_reason ? [t('fallbackReason', { reason: serverText(language, answer.metadata.fallback_reason) })] : []),
    ...(answer.metadata.dropped_citations > 0 ? [t('droppedCitations', { count: answer.metadata.dropped_citations })] : []),
  ].filter((note) => note.trim());
  if (notes.length === 0) return null;
  return (
    <aside aria-label={t('answerNotes')} className="flex gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <ul className="grid gap-1">
        {notes.map((note, index) => (
          <li key={index}>{note}</li>
        ))}
      </ul>
    </aside>
  );
}
