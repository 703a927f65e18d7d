import { Bot, User } from 'lucide-react';
import type { ThreadMessage } from '@civicdesk/contract';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';

/** The saved turns of a conversation. Text is rendered as text, never as HTML. */
export function ThreadMessages({ messages }: { messages: ThreadMessage[] }) {
  const { t, language } = useI18n();
  if (messages.length === 0) return <p className="text-sm text-slate-700">{t('noMessages')}</p>;
  return (
    <ol className="grid gap-4">
      {messages.map((message) => {
        const fromUser = message.role === 'user';
        const Icon = fromUser ? User : Bot;
        return (
          <li
            key={message.id}
            className={cn(
              'rounded-lg border p-4 shadow-sm',
              fromUser ? 'ml-auto max-w-[85%] border-blue-200 bg-blue-50' : 'mr-auto max-w-full border-slate-200 bg-white',
            )}
          >
            <div className="mb-2 flex items-center gap-2 text-xs text-slate-700">
              <Icon aria-hidden="true" className="size-4" />
              <span className="font-semibold">{fromUser ? t('speakerUser') : t('speakerAssistant')}</span>
              <time dateTime={message.createdAt}>
                {new Date(message.createdAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </div>
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-900">{message.content}</p>
          </li>
        );
      })}
    </ol>
  );
}
