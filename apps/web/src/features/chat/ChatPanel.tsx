import { useId, useRef } from 'react';
import { AlertCircle, MessageSquareDashed, MessagesSquare } from 'lucide-react';
import { ApiError } from '../../api/client';
import { useChatConversation } from '../../api/chat';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { useFollowBottom } from './follow-bottom';
import { isAnswering, type LiveTurn } from './live-turn';
import { Loading } from '../../components/query-state';

interface ChatPanelProps {
  conversationId: string | null;
  turn: LiveTurn | null;
  failure: string | null;
  onSend: (question: string) => Promise<boolean>;
  onStop: () => void;
  onNewChat: () => void;
}

/** The open conversation (or a new chat): its title, its messages, the answer streaming in, the message box. */
export function ChatPanel({ conversationId, turn, failure, onSend, onStop, onNewChat }: ChatPanelProps) {
  const { t } = useI18n();
  const headingId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const conversation = useChatConversation(conversationId);
  const messages = conversation.data?.messages ?? [];
  const growth = messages.length + (turn ? turn.answer.length + turn.citations.length + 1 : 0);
  useFollowBottom(endRef, growth, turn?.startedAt ?? null);

  const title = conversationId ? conversation.data?.title.trim() || t('chatUntitled') : t('chatNewHeading');
  const loading = Boolean(conversationId) && conversation.isPending;
  const missing = conversation.error instanceof ApiError && conversation.error.status === 404;

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-5">
      <h2 id={headingId} className="truncate text-lg font-semibold text-slate-900" title={title}>
        {loading ? <span className="sr-only">{t('loading')}</span> : title}
      </h2>
      {loading ? (
        <Loading className="-mt-4 grid gap-3">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="ml-auto h-14 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </Loading>
      ) : conversationId && conversation.isError ? (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {missing ? <MessageSquareDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
          <div className="grid gap-2">
            <p className="font-semibold">{missing ? t('chatNotFound') : t('chatLoadFailed')}</p>
            {missing && <p>{t('chatNotFoundBody')}</p>}
            <div className="flex gap-2">
              {!missing && (
                <Button variant="outline" size="sm" onClick={() => void conversation.refetch()}>
                  {t('retry')}
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={onNewChat}>
                {t('chatNew')}
              </Button>
            </div>
          </div>
        </div>
      ) : messages.length === 0 && !turn ? (
        <EmptyChat />
      ) : (
        <ChatMessages messages={messages} turn={turn} />
      )}
      {!(conversationId && conversation.isError) && (
        // Held at the bottom of the view, so Send and Stop stay still while the answer grows above
        // them; the strip under it keeps them clear of the floating feedback button.
        <div className="sticky bottom-0 z-10 -mx-1 bg-slate-50 px-1 pb-16 pt-2">
          <ChatComposer onSend={onSend} onStop={onStop} answering={isAnswering(turn)} failure={failure} focusKey={conversationId ?? 'new'} />
        </div>
      )}
      <div ref={endRef} />
    </section>
  );
}

function EmptyChat() {
  const { t } = useI18n();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-5 py-6">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-800">
        <MessagesSquare className="size-5" />
      </span>
      <div>
        <h3 className="font-semibold text-slate-900">{t('chatEmptyTitle')}</h3>
        <p className="mt-1 text-sm text-slate-700">{t('chatEmptyBody')}</p>
      </div>
    </div>
  );
}
