import { useState } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import type { ChatConversation } from '../../api/chat';
import { DeleteConfirmation } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { chatPath } from './chat-path';

/** One chat of the list: a link that opens it, and Delete behind a confirmation. */
export function ChatConversationRow({ conversation, active, onDelete }: { conversation: ChatConversation; active: boolean; onDelete: () => Promise<boolean> }) {
  const { t, language } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const title = conversation.title.trim() || t('chatUntitled');

  return (
    <li className={cn('group flex items-center gap-1 rounded-md pr-1 hover:bg-slate-100', active && 'bg-blue-50 hover:bg-blue-100')}>
      <Link
        to={chatPath(conversation.id)}
        aria-current={active ? 'page' : undefined}
        title={title}
        className="grid min-w-0 flex-1 rounded-md px-2 py-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <span className={cn('truncate text-sm text-slate-800', active && 'font-medium text-blue-900')}>{title}</span>
        <time dateTime={conversation.updatedAt} className="text-xs text-slate-700">
          {new Date(conversation.updatedAt).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </Link>
      <Button variant="ghost" size="iconSm" aria-label={t('chatDeleteLabel', { title })} onClick={() => setConfirming(true)} className="text-slate-700 hover:text-red-800">
        <Trash2 aria-hidden="true" />
      </Button>
      <DeleteConfirmation
        open={confirming}
        onOpenChange={setConfirming}
        title={t('chatDeleteTitle')}
        description={t('chatDeleteDescription', { title })}
        onDelete={onDelete}
      />
    </li>
  );
}
