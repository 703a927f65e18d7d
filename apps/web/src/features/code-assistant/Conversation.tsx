import { useEffect, useRef } from 'react';
import type { ThreadMessage } from '@civicdesk/contract';
import { storedAnswerOf, storedQuestionOf } from '../../api/municipal-code';
import { useI18n } from '../../lib/i18n';
import { AnswerCard } from './AnswerCard';
import { AskingProgress } from './AskingProgress';
import { QuestionTurn } from './QuestionTurn';
import { revealInScrollArea } from '../../lib/scroll';
import type { PendingQuestion } from './useAskQuestion';

interface ConversationProps {
  threadId: string;
  messages: ThreadMessage[];
  pending: PendingQuestion | null;
}

/** The turns of a conversation, oldest first, and the question on its way with its progress. */
export function Conversation({ threadId, messages, pending }: ConversationProps) {
  const { t } = useI18n();
  const latestRef = useRef<HTMLLIElement>(null);
  const turnCount = messages.length + (pending ? 1 : 0);
  const firstShow = useRef(true);

  // A new turn (sent or answered) brings its question to the top, so the answer is read from its
  // start. Not on first show: a conversation opens at its beginning, under its title.
  useEffect(() => {
    if (firstShow.current) {
      firstShow.current = false;
      return;
    }
    revealInScrollArea(latestRef.current);
  }, [turnCount]);
  const lastQuestion = messages.map((message) => message.role).lastIndexOf('user');

  return (
    <ol className="grid gap-5" aria-label={t('conversationTurns')}>
      {messages.map((message, index) => {
        const latest = !pending && index === lastQuestion;
        return (
          <li key={message.id} ref={latest ? latestRef : undefined} className="scroll-mt-4">
            {message.role === 'user' ? (
              <QuestionTurn question={{ question: message.content, ...storedQuestionOf(message.payload) }} createdAt={message.createdAt} />
            ) : (
              <AssistantTurn threadId={threadId} message={message} />
            )}
          </li>
        );
      })}
      {pending && (
        <li ref={latestRef} className="grid scroll-mt-4 gap-5">
          <QuestionTurn question={pending} />
          <AskingProgress />
        </li>
      )}
    </ol>
  );
}

function AssistantTurn({ threadId, message }: { threadId: string; message: ThreadMessage }) {
  const { t } = useI18n();
  const answer = storedAnswerOf(message.payload);
  if (answer) return <AnswerCard answer={answer} threadId={threadId} />;
  // An answer saved without its full record still has its text: show that, plainly.
  return (
    <article className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('speakerAssistant')}</h3>
      <p className="whitespace-pre-wrap break-words text-[15px] leading-7 text-slate-900">{message.content}</p>
    </article>
  );
}
