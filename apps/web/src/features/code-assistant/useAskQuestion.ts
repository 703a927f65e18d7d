import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  HISTORY_MAX_TURNS,
  THREAD_REFETCH_AFTER_ACTION_MS,
  THREAD_REFETCH_AFTER_NEW_CHAT_MS,
  type GenerateResponse,
  type HistoryTurn,
  type ThreadDetail,
  type ThreadMessage,
} from '@civicdesk/contract';
import { api } from '../../api/client';
import { generateAnswer } from '../../api/municipal-code';
import { threadKeys } from '../../api/threads';
import { track } from '../../lib/analytics';
import { SPEC_MESSAGES } from '../../lib/messages';
import { useSession } from '../../lib/session-context';
import type { AskDraft } from './AskForm';

/** The question on its way, shown in the conversation until its answer arrives. */
export interface PendingQuestion {
  question: string;
  attachments: string[];
  webSearch: boolean;
  codeSearch: boolean;
}

/** Navigation state telling the conversation page it was opened by a question just answered. */
export interface AnsweredNavigationState {
  answered: true;
}

const HISTORY_TURN_MAX_CHARS = 20_000;

function historyOf(messages: readonly ThreadMessage[] = []): HistoryTurn[] {
  return messages.slice(-HISTORY_MAX_TURNS).map((m) => ({ role: m.role, content: m.content.slice(0, HISTORY_TURN_MAX_CHARS) }));
}

/** The exchange as the server stores it, so a follow-up shows at once, before the thread is reloaded. */
function storedExchange(draft: AskDraft, answer: GenerateResponse): ThreadMessage[] {
  return [
    {
      id: `local-${answer.id}-question`,
      role: 'user',
      content: draft.question,
      payload: { attachments: draft.attachments.map((f) => f.name), enable_web_search: draft.webSearch, enable_municipal_code_search: draft.codeSearch },
      createdAt: answer.timestamp,
    },
    { id: `local-${answer.id}-answer`, role: 'assistant', content: answer.analysis.summary, payload: answer, createdAt: answer.timestamp },
  ];
}

/**
 * Asking on /code-assistant starts a conversation and moves to it; asking inside one (as its owner)
 * continues it. The sidebar list is refetched 500 ms after a new chat and 100 ms after a follow-up
 * (spec §4 and §9).
 */
export function useAskQuestion({ threadId, messages }: { threadId?: string; messages?: ThreadMessage[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { locationCode } = useSession();
  const [pending, setPending] = useState<PendingQuestion | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refetchThreadsAfter = useCallback(
    (delayMs: number) => setTimeout(() => void queryClient.invalidateQueries({ queryKey: threadKeys.list, exact: true }), delayMs),
    [queryClient],
  );

  const ask = useCallback(
    async (draft: AskDraft): Promise<boolean> => {
      setFailure(null);
      setPending({ question: draft.question, attachments: draft.attachments.map((f) => f.name), webSearch: draft.webSearch, codeSearch: draft.codeSearch });
      const answer = await generateAnswer({
        question: draft.question,
        cityCode: locationCode ?? undefined,
        threadId,
        history: historyOf(messages),
        enableWebSearch: draft.webSearch,
        enableMunicipalCodeSearch: draft.codeSearch,
        attachments: draft.attachments,
      });
      const answeredThreadId = answer.metadata.thread_id;
      if (!answer.success || !answeredThreadId) {
        if (mounted.current) {
          setPending(null);
          setFailure(answer.errors[0] || SPEC_MESSAGES.unknownGenerationError);
        }
        return false;
      }
      track('assistant_question_answered', { answer_found: answer.metadata.answer_found, follow_up: Boolean(threadId) });

      if (!threadId) {
        refetchThreadsAfter(THREAD_REFETCH_AFTER_NEW_CHAT_MS);
        // Load the new conversation before moving to it, so the answer does not flash away.
        await queryClient
          .fetchQuery({
            queryKey: threadKeys.detail(answeredThreadId),
            queryFn: () => api.get<ThreadDetail>(`/municipal_code/thread/${encodeURIComponent(answeredThreadId)}`),
          })
          .catch(() => undefined);
        if (mounted.current) {
          const state: AnsweredNavigationState = { answered: true };
          navigate(`/code-assistant/${encodeURIComponent(answeredThreadId)}`, { state });
        }
        return true;
      }

      refetchThreadsAfter(THREAD_REFETCH_AFTER_ACTION_MS);
      queryClient.setQueryData<ThreadDetail>(threadKeys.detail(threadId), (thread) =>
        thread ? { ...thread, updatedAt: answer.timestamp, messages: [...thread.messages, ...storedExchange(draft, answer)] } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: threadKeys.detail(threadId), exact: true });
      if (mounted.current) setPending(null);
      return true;
    },
    [locationCode, messages, navigate, queryClient, refetchThreadsAfter, threadId],
  );

  return { ask, pending, failure, sending: pending !== null };
}
