import { useId } from 'react';
import { AlertCircle, Plus } from 'lucide-react';
import type { ChatConversation } from '../../api/chat';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { ChatConversationRow } from './ChatConversationRow';

interface ChatConversationListProps {
  conversations: ChatConversation[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  activeId: string | null;
  onNewChat: () => void;
  onDelete: (conversation: ChatConversation) => Promise<boolean>;
}

/** The user's chats, newest first: open one, start a new one, delete one (after a confirmation). */
export function ChatConversationList({ conversations, loading, failed, onRetry, activeId, onNewChat, onDelete }: ChatConversationListProps) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white shadow-sm max-h-72 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-10rem)]">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('chatListHeading')}
        </h2>
        <Button variant="outline" size="sm" onClick={onNewChat}>
          <Plus aria-hidden="true" />
          {t('chatNew')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {loading ? (
          <ul aria-busy="true" aria-label={t('loading')} className="grid gap-1">
            {[0, 1, 2].map((row) => (
              <li key={row}>
                <Skeleton className="h-10 w-full" />
              </li>
            ))}
          </ul>
        ) : failed && !conversations ? (
          <div className="grid justify-items-center gap-2 px-2 py-4 text-center text-sm text-slate-800">
            <p className="flex items-center gap-2">
              <AlertCircle aria-hidden="true" className="size-4 text-amber-700" />
              {t('chatListLoadFailed')}
            </p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          </div>
        ) : !conversations?.length ? (
          <div className="px-2 py-4 text-center">
            <p className="text-sm font-medium text-slate-800">{t('chatListEmpty')}</p>
            <p className="mt-1 text-xs text-slate-700">{t('chatListEmptyHint')}</p>
          </div>
        ) : (
          <ul className="grid gap-0.5" data-testid="chat-conversations">
            {conversations.map((conversation) => (
              <ChatConversationRow
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onDelete={() => onDelete(conversation)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
