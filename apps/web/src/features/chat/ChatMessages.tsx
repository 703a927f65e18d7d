import type { ChatMessage } from '../../api/chat';
import { useI18n } from '../../lib/i18n';
import { AssistantTurn } from './AssistantTurn';
import type { LiveTurn } from './live-turn';
import { UserTurn } from './UserTurn';

/** The messages of a conversation, oldest first, then the question being answered with its answer as it streams. */
export function ChatMessages({ messages, turn }: { messages: ChatMessage[]; turn: LiveTurn | null }) {
  const { t } = useI18n();
  return (
    <ol aria-label={t('chatMessages')} className="grid gap-5">
      {messages.map((message) => (
        <li key={message.id}>
          {message.role === 'user' ? (
            <UserTurn content={message.content} createdAt={message.created_at} />
          ) : (
            <AssistantTurn
              answer={{
                content: message.content,
                answer: message.answer,
                citations: message.citations,
                stopped: message.stopped,
                engineLabel: message.engine_label,
                engine: message.engine,
                outcome: message.outcome,
                messages: message.messages,
                phase: 'final',
              }}
            />
          )}
        </li>
      ))}
      {turn && (
        <li className="grid gap-5">
          <UserTurn content={turn.question} createdAt={turn.startedAt} />
          <AssistantTurn
            answer={{
              content: turn.answer,
              answer: turn.status === 'done' ? turn.answerSentence : '',
              citations: turn.status === 'done' ? turn.citations : [],
              stopped: turn.status === 'stopped',
              engineLabel: turn.engineLabel,
              engine: turn.engine,
              outcome: turn.status === 'done' ? turn.outcome : undefined,
              messages: turn.status === 'done' ? turn.messages : undefined,
              phase: turn.status === 'waiting' || turn.status === 'streaming' ? turn.status : 'final',
            }}
          />
        </li>
      )}
    </ol>
  );
}
