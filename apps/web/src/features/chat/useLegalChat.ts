import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatConversationDetail } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { chatKeys, streamLegalChat } from '../../api/chat';
import { userMessageOf } from '../../api/client';
import { useI18n } from '../../lib/i18n';
import { applyChatEvent, startTurn, withExchange, type LiveTurn } from './live-turn';

/**
 * Asking the Legal Chatbot: one answer at a time, streamed into `turn`. Stopping (the Stop
 * button, Esc, opening another chat, leaving the page) aborts the request, which ends the server's
 * work; the partial answer stays, marked stopped. A failure gives the question back (`send`
 * resolves false) with the server's message. `announcement` is for a polite live region: the
 * start and the end of an answer, never each word.
 */
export function useLegalChat({ shownConversationId, onNewConversation }: { shownConversationId: string | null; onNewConversation: (id: string) => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<LiveTurn | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const inFlight = useRef<{ controller: AbortController; askedIn: string | null } | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      inFlight.current?.controller.abort();
    };
  }, []);

  // Another conversation (or a new chat) stops the answer of the one left, and starts clean.
  const shown = useRef(shownConversationId);
  useEffect(() => {
    shown.current = shownConversationId;
    if (inFlight.current && inFlight.current.askedIn !== shownConversationId) inFlight.current.controller.abort();
    setTurn((current) => (current && current.askedIn !== shownConversationId ? null : current));
    setFailure(null);
  }, [shownConversationId]);

  const stop = useCallback(() => inFlight.current?.controller.abort(), []);

  const finish = useCallback(
    (ended: LiveTurn) => {
      const id = ended.conversationId;
      void queryClient.invalidateQueries({ queryKey: chatKeys.list, exact: true });
      if (mounted.current) {
        const sources = ended.citations.length;
        setAnnouncement(ended.status === 'stopped' ? t('chatAnnounceStopped') : sources ? t('chatAnnounceDoneSources', { count: sources }) : t('chatAnnounceDone'));
      }
      if (!id) {
        // Stopped before the server named the conversation: it is in the list; keep the turn in view.
        if (mounted.current) setTurn(ended);
        return;
      }
      queryClient.setQueryData<ChatConversationDetail>(chatKeys.detail(id), (stored) =>
        stored || !ended.askedIn ? withExchange(stored, ended, id) : stored,
      );
      // A finished answer is stored before its stream closes, so it can be read back; a stopped one
      // is stored a moment after the server notices, so reading it now could miss it.
      if (ended.status === 'done') void queryClient.invalidateQueries({ queryKey: chatKeys.detail(id), exact: true, refetchType: 'none' });
      if (!mounted.current) return;
      setTurn(null);
      // A new chat moves to its address, unless the user has already gone to another one.
      if (!ended.askedIn && shown.current === null) onNewConversation(id);
    },
    [onNewConversation, queryClient, t],
  );

  const send = useCallback(
    async (question: string): Promise<boolean> => {
      if (inFlight.current) return false;
      const controller = new AbortController();
      inFlight.current = { controller, askedIn: shownConversationId };
      let current = startTurn(question, shownConversationId);
      setTurn(current);
      setFailure(null);
      setAnnouncement(t('chatAnnounceStart'));
      try {
        await streamLegalChat(
          { message: question, conversationId: shownConversationId ?? undefined },
          {
            signal: controller.signal,
            onEvent: (event) => {
              current = applyChatEvent(current, event);
              if (mounted.current) setTurn(current);
            },
          },
        );
      } catch (error) {
        if (!controller.signal.aborted) {
          inFlight.current = null;
          // The server may have kept the question (and part of an answer): it shows the next time
          // the chat is read. Not now: the question is back in the box, and reading a chat that
          // has gone (the usual reason for a refusal) would replace the box with "not found".
          void queryClient.invalidateQueries({ queryKey: chatKeys.list, exact: true });
          if (current.conversationId) void queryClient.invalidateQueries({ queryKey: chatKeys.detail(current.conversationId), exact: true, refetchType: 'none' });
          if (mounted.current) {
            setTurn(null);
            setAnnouncement('');
            setFailure(userMessageOf(error, t));
          }
          return false;
        }
      }
      inFlight.current = null;
      finish({ ...current, status: current.status === 'done' ? 'done' : 'stopped' });
      return true;
    },
    [finish, queryClient, shownConversationId, t],
  );

  return { turn: turn && turn.askedIn === shownConversationId ? turn : null, failure, announcement, send, stop };
}
