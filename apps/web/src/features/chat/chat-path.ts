/** The chat page keeps the open conversation in its address (/chat?conversation=ID), so a reload or a link reopens it. */
export const CONVERSATION_PARAM = 'conversation';

export const chatPath = (conversationId?: string | null) =>
  conversationId ? `/chat?${new URLSearchParams({ [CONVERSATION_PARAM]: conversationId })}` : '/chat';
