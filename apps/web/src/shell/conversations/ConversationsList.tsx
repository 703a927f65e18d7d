import { useEffect, useId, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useThreads } from '../../api/threads';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { isAuthPath, isCodeAssistantPath } from '../../lib/routes';
import { useSession } from '../../lib/session-context';
import { ConversationRow } from './ConversationRow';
import { useThreadActions } from './useThreadActions';

const PLACEHOLDER_ROWS = 3;

/** The sidebar's Conversations list (spec §2, §4). */
export function ConversationsList() {
  const { t } = useI18n();
  const headingId = useId();
  const { pathname } = useLocation();
  const { token, userInfo, toggleStar } = useSession();
  const notify = useNotify();
  const actions = useThreadActions();
  const threadsQuery = useThreads(Boolean(token) && !isAuthPath(pathname));
  const { refetch } = threadsQuery;

  useEffect(() => {
    if (threadsQuery.isError) notify.error('failedToLoadConversations');
  }, [threadsQuery.isError, threadsQuery.errorUpdatedAt, notify]);

  // Refetch when the conversation in the path changes within the Knowledge Assistant (spec §4).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (isCodeAssistantPath(pathname)) void refetch();
  }, [actions.activeThreadId, pathname, refetch]);

  // Newest first by updatedAt (the query's order), with starred conversations lifted to the top:
  // the star exists so that a conversation stays at hand however old it gets.
  const threads = useMemo(() => {
    const all = threadsQuery.data ?? [];
    const starred = new Set(userInfo.starredThreads);
    return [...all.filter((thread) => starred.has(thread.id)), ...all.filter((thread) => !starred.has(thread.id))];
  }, [threadsQuery.data, userInfo.starredThreads]);

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between px-3 pb-1 pt-3">
        <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {t('conversations')}
        </h2>
        <Button variant="outline" size="sm" onClick={actions.startNewConversation}>
          <Plus aria-hidden="true" /> {t('newConversationButton')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {threadsQuery.isPending && threadsQuery.fetchStatus !== 'idle' ? (
          <ul aria-busy="true" aria-label={t('loading')} className="grid gap-1 pt-1">
            {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
              <li key={index} data-testid="conversation-placeholder">
                <Skeleton className="h-8 w-full" />
              </li>
            ))}
          </ul>
        ) : threads.length === 0 ? (
          <div className="px-2 py-4 text-center">
            <p className="text-sm font-medium text-slate-800">{t('noConversationsYet')}</p>
            <p className="mt-1 text-xs text-slate-600">{t('startFirstConversation')}</p>
            {threadsQuery.isError && (
              <Button variant="link" size="sm" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            )}
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-0.5 pt-1" /* one column no wider than the sidebar: a long title truncates, its star and menu stay inside */>
            {threads.map((thread) => (
              <ConversationRow
                key={thread.id}
                thread={thread}
                active={thread.id === actions.activeThreadId}
                starred={userInfo.starredThreads.includes(thread.id)}
                onToggleStar={() => toggleStar(thread.id)}
                onShare={() => void actions.shareThread(thread.id)}
                onRename={(title) => actions.renameThread(thread.id, title)}
                onDelete={() => actions.deleteThread(thread.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
