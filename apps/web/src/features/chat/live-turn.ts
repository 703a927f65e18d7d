import type { AnswerOutcome, ChatConversationDetail, Citation, EngineName, ProductSentence } from '@civicdesk/contract';
import { titleFrom } from '@civicdesk/contract';
import type { ChatMessage, LegalChatEvent } from '../../api/chat';

/**
 * The question being answered and its answer as it streams in. `waiting` until the first word,
 * `streaming` while words arrive, then `done` or `stopped` (the user stopped it, or left).
 */
export type LiveStatus = 'waiting' | 'streaming' | 'done' | 'stopped';

export interface LiveTurn {
  question: string;
  /** The conversation it was asked in (null: a new chat); the server names the new one in `meta`. */
  conversationId: string | null;
  /** The conversation shown when it was asked, so the turn stays with the page that asked it. */
  askedIn: string | null;
  answer: string;
  /** The sentence that answers, known when the answer ends (the done event). */
  answerSentence: string;
  citations: Citation[];
  engineLabel: string | null;
  engine: EngineName | null;
  /** How the answer stands and the product's own sentences it opens with (the done event). */
  outcome?: AnswerOutcome;
  messages?: ProductSentence[];
  status: LiveStatus;
  startedAt: string;
}

export function startTurn(question: string, conversationId: string | null, now = new Date()): LiveTurn {
  return {
    question,
    conversationId,
    askedIn: conversationId,
    answer: '',
    answerSentence: '',
    citations: [],
    engineLabel: null,
    engine: null,
    status: 'waiting',
    startedAt: now.toISOString(),
  };
}

export function applyChatEvent(turn: LiveTurn, event: LegalChatEvent): LiveTurn {
  switch (event.type) {
    case 'meta':
      return { ...turn, conversationId: event.data.conversation_id, engineLabel: event.data.engine_label, engine: event.data.engine };
    case 'token':
      return { ...turn, answer: turn.answer + event.data.text, status: 'streaming' };
    case 'citations':
      return { ...turn, citations: event.data.citations };
    case 'done':
      return { ...turn, conversationId: event.data.conversation_id, answerSentence: event.data.answer ?? '', outcome: event.data.outcome, messages: event.data.messages, status: 'done' };
  }
}

export const isAnswering = (turn: LiveTurn | null) => turn !== null && (turn.status === 'waiting' || turn.status === 'streaming');

/**
 * The exchange as the server stores it (the question, and the answer when any word of it came),
 * so the conversation shows it at once, before it is read back.
 */
export function storedExchangeOf(turn: LiveTurn): ChatMessage[] {
  const key = `local-${turn.startedAt}`;
  const question: ChatMessage = {
    id: `${key}-question`,
    role: 'user',
    content: turn.question,
    citations: [],
    stopped: false,
    engine_label: null,
    created_at: turn.startedAt,
  };
  if (!turn.answer) return [question];
  const answer: ChatMessage = {
    id: `${key}-answer`,
    role: 'assistant',
    content: turn.answer,
    answer: turn.status === 'done' ? turn.answerSentence : '',
    citations: turn.status === 'done' ? turn.citations : [],
    stopped: turn.status === 'stopped',
    engine_label: turn.engineLabel,
    engine: turn.engine,
    ...(turn.status === 'done' && turn.outcome ? { outcome: turn.outcome } : {}),
    ...(turn.status === 'done' && turn.messages ? { messages: turn.messages } : {}),
    created_at: new Date().toISOString(),
  };
  return [question, answer];
}

/** The conversation with the exchange appended (or started, for a new chat titled like the server does). */
export function withExchange(conversation: ChatConversationDetail | undefined, turn: LiveTurn, id: string): ChatConversationDetail {
  const exchange = storedExchangeOf(turn);
  const updatedAt = exchange.at(-1)!.created_at;
  if (conversation) return { ...conversation, updatedAt, messages: [...conversation.messages, ...exchange] };
  // The title the server gives it (chat service: the question cut at a word).
  return { id, title: titleFrom(turn.question) || 'New conversation', updatedAt, messages: exchange };
}
