import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { chatKeys, deleteChatConversation, useChatConversations, type ChatConversation } from '../../api/chat';
import { userMessageOf } from '../../api/client';
import { SectionViewerHost } from '../../components/code-section/SectionViewerHost';
import { Page } from '../../components/page';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { chatPath, CONVERSATION_PARAM } from './chat-path';
import { ChatConversationList } from './ChatConversationList';
import { ChatPanel } from './ChatPanel';
import { useLegalChat } from './useLegalChat';

/**
 * The Legal Chatbot (/chat, spec §2): the user's chats beside the open one, answers streamed word
 * by word with the sections they quote (opened in the code's section viewer). The open chat is in
 * the address (?conversation=ID), so a reload keeps it.
 */
export function LegalChatPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const conversationId = params.get(CONVERSATION_PARAM) || null;
  const conversations = useChatConversations();

  const openConversation = useCallback((id: string) => navigate(chatPath(id)), [navigate]);
  const chat = useLegalChat({ shownConversationId: conversationId, onNewConversation: openConversation });
  const newChat = () => navigate(chatPath(null));

  const remove = async (conversation: ChatConversation): Promise<boolean> => {
    try {
      await deleteChatConversation(conversation.id);
    } catch (error) {
      notify.error({ text: userMessageOf(error, t) });
      return false;
    }
    queryClient.setQueryData<ChatConversation[]>(chatKeys.list, (list) => list?.filter((c) => c.id !== conversation.id));
    queryClient.removeQueries({ queryKey: chatKeys.detail(conversation.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: chatKeys.list, exact: true });
    if (conversation.id === conversationId) navigate(chatPath(null), { replace: true });
    notify.success('chatDeleted');
    return true;
  };

  return (
    <SectionViewerHost>
      <Page title={t('navLegalChatbot')} description={t('chatIntro')} className="max-w-6xl pb-6">
        <div className="grid items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
          <ChatConversationList
            conversations={conversations.data}
            loading={conversations.isPending}
            failed={conversations.isError}
            onRetry={() => void conversations.refetch()}
            activeId={conversationId}
            onNewChat={newChat}
            onDelete={remove}
          />
          <ChatPanel conversationId={conversationId} turn={chat.turn} failure={chat.failure} onSend={chat.send} onStop={chat.stop} onNewChat={newChat} />
        </div>
        {/* Polite and quiet: the start and the end of an answer, never each word as it streams. */}
        <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcer">
          {chat.announcement}
        </p>
      </Page>
    </SectionViewerHost>
  );
}
