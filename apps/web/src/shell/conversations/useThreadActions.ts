import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { THREAD_REFETCH_AFTER_ACTION_MS, THREAD_REFETCH_AFTER_NEW_CHAT_MS } from '@civicdesk/contract';
import { deleteThread, renameThread, threadKeys } from '../../api/threads';
import { copyText, threadShareUrl } from '../../lib/clipboard';
import { useNotify } from '../../lib/notify';
import { activeThreadIdOf } from '../../lib/routes';
import { track } from '../../lib/analytics';

/** The conversation actions of spec §4, shared by the sidebar rows, the top bar and the assistant page. */
export function useThreadActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const activeThreadId = activeThreadIdOf(pathname);

  const refetchThreadsAfter = useCallback(
    (delayMs: number) => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: threadKeys.list, exact: true }), delayMs);
    },
    [queryClient],
  );

  const shareThread = useCallback(
    async (threadId: string | undefined) => {
      if (!threadId) {
        notify.error('noConversationSelectedToShare');
        return;
      }
      if (await copyText(threadShareUrl(threadId))) {
        notify.success('conversationLinkCopied');
        track('thread_shared');
      } else {
        notify.error('failedToCopyLink');
      }
    },
    [notify],
  );

  /** Resolves true when renamed. The dialog already refuses an empty name; this guards every other caller. */
  const renameThreadTo = useCallback(
    async (threadId: string, title: string): Promise<boolean> => {
      const trimmed = title.trim();
      if (!trimmed) {
        notify.error('threadTitleCannotBeEmpty');
        return false;
      }
      try {
        await renameThread(threadId, trimmed);
      } catch {
        notify.error('failedToRenameConversation');
        return false;
      }
      notify.success('conversationRenamed');
      track('thread_renamed');
      void queryClient.invalidateQueries({ queryKey: threadKeys.detail(threadId) });
      refetchThreadsAfter(THREAD_REFETCH_AFTER_ACTION_MS);
      return true;
    },
    [notify, queryClient, refetchThreadsAfter],
  );

  const deleteThreadById = useCallback(
    async (threadId: string): Promise<boolean> => {
      try {
        await deleteThread(threadId);
      } catch {
        notify.error('failedToDeleteConversation');
        return false;
      }
      notify.success('conversationDeleted');
      track('thread_deleted');
      if (threadId === activeThreadId) navigate('/code-assistant');
      queryClient.removeQueries({ queryKey: threadKeys.detail(threadId) });
      refetchThreadsAfter(THREAD_REFETCH_AFTER_ACTION_MS);
      return true;
    },
    [activeThreadId, navigate, notify, queryClient, refetchThreadsAfter],
  );

  const startNewConversation = useCallback(() => {
    navigate('/code-assistant');
    notify.info('newConversationTitle', 'newConversationDescription');
    track('conversation_started', { tool: 'knowledge_assistant' });
    refetchThreadsAfter(THREAD_REFETCH_AFTER_NEW_CHAT_MS);
  }, [navigate, notify, refetchThreadsAfter]);

  return { activeThreadId, shareThread, renameThread: renameThreadTo, deleteThread: deleteThreadById, startNewConversation };
}
