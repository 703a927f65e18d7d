import { Globe, Paperclip, SearchSlash } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import type { PendingQuestion } from './useAskQuestion';

/** A question as the user asked it, with what went with it (files, the web, the code left out). */
export function QuestionTurn({ question, createdAt }: { question: PendingQuestion; createdAt?: string }) {
  const { t, language } = useI18n();
  const extras = [
    question.attachments.length > 0 && { icon: Paperclip, text: t('questionAttachments', { names: question.attachments.join(', ') }) },
    question.webSearch && { icon: Globe, text: t('webSearchOn') },
    !question.codeSearch && { icon: SearchSlash, text: t('codeSearchOff') },
  ].filter((extra) => extra !== false);
  return (
    <div className="ml-auto grid w-fit max-w-[85%] gap-1 rounded-xl border border-slate-200 bg-slate-100 px-4 py-3 text-slate-900" data-testid="question-turn">
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-700">{t('youAsked')}</span>
        {createdAt && (
          <time dateTime={createdAt}>{new Date(createdAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        )}
      </p>
      <p className="whitespace-pre-wrap break-words text-[15px] leading-6">{question.question}</p>
      {extras.length > 0 && (
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
          {extras.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-1">
              <Icon aria-hidden="true" className="size-3.5" />
              {text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
