import { useQuery } from '@tanstack/react-query';
import {
  chatCitationsEventSchema,
  chatConversationSchema,
  chatDoneEventSchema,
  chatMetaEventSchema,
  chatTokenEventSchema,
  type ChatConversationDetail,
} from '@civicdesk/contract';
import { api } from './client';
import { streamPost, type StreamEvent } from './stream';

/** The shape a contract schema parses to, without importing zod into the web app. */
type Parsed<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type ChatConversation = Parsed<typeof chatConversationSchema>;
export type ChatMessage = ChatConversationDetail['messages'][number];

/** One event of POST /chat/legal, checked against the contract; anything else is ignored. */
export type LegalChatEvent =
  | { type: 'meta'; data: Parsed<typeof chatMetaEventSchema> }
  | { type: 'token'; data: Parsed<typeof chatTokenEventSchema> }
  | { type: 'citations'; data: Parsed<typeof chatCitationsEventSchema> }
  | { type: 'done'; data: Parsed<typeof chatDoneEventSchema> };

const EVENT_SCHEMAS = {
  meta: chatMetaEventSchema,
  token: chatTokenEventSchema,
  citations: chatCitationsEventSchema,
  done: chatDoneEventSchema,
} as const;

export function parseLegalChatEvent({ event, data }: StreamEvent): LegalChatEvent | null {
  if (!Object.hasOwn(EVENT_SCHEMAS, event)) return null;
  const type = event as keyof typeof EVENT_SCHEMAS;
  const parsed = EVENT_SCHEMAS[type].safeParse(data);
  return parsed.success ? ({ type, data: parsed.data } as LegalChatEvent) : null;
}

export const chatKeys = {
  list: ['chat', 'conversations'] as const,
  detail: (id: string) => ['chat', 'conversations', id] as const,
};

/** The caller's conversations, newest first (the server's order, kept if it ever changes). */
export function useChatConversations() {
  return useQuery({
    queryKey: chatKeys.list,
    queryFn: ({ signal }) => api.get<ChatConversation[]>('/chat/conversations', signal),
    select: (conversations) => [...conversations].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt)),
  });
}

/**
 * A conversation changes only through this page, which writes each exchange into the cache as it
 * ends; a stopped answer is stored by the server a moment after the stop, so reading the
 * conversation back at once could miss it. Hence a minute before it is read again.
 */
export function useChatConversation(id: string | null) {
  return useQuery({
    staleTime: 60_000,
    queryKey: chatKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<ChatConversationDetail>(`/chat/conversations/${encodeURIComponent(id!)}`, signal),
    enabled: Boolean(id),
  });
}

export function deleteChatConversation(id: string) {
  return api.delete<{ success: true; id: string }>(`/chat/conversations/${encodeURIComponent(id)}`);
}

/**
 * POST /chat/legal: a question, in a stored conversation when `conversationId` is given. Each
 * event reaches `onEvent` as it arrives; failures throw the client's ApiError; aborting `signal`
 * closes the stream, and the server keeps what it had streamed, marked stopped.
 */
export function streamLegalChat(
  request: { message: string; conversationId?: string },
  opts: { signal: AbortSignal; onEvent: (event: LegalChatEvent) => void },
): Promise<void> {
  const body = { message: request.message, ...(request.conversationId ? { conversation_id: request.conversationId } : {}) };
  return streamPost('/chat/legal', body, {
    signal: opts.signal,
    onEvent: (raw) => {
      const event = parseLegalChatEvent(raw);
      if (event) opts.onEvent(event);
    },
  });
}
