import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { MoreHorizontal, Pencil, Share2, Star, Trash2 } from 'lucide-react';
import type { ThreadSummary } from '@civicdesk/contract';
import { DeleteConfirmation } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { RenameThreadDialog } from './RenameThreadDialog';

interface ConversationRowProps {
  thread: ThreadSummary;
  active: boolean;
  starred: boolean;
  onToggleStar: () => void;
  onShare: () => void;
  onRename: (title: string) => Promise<boolean>;
  onDelete: () => Promise<boolean>;
}

export function ConversationRow({ thread, active, starred, onToggleStar, onShare, onRename, onDelete }: ConversationRowProps) {
  const { t } = useI18n();
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const menuTriggerRef = useRef<HTMLButtonElement>(null);
  const title = thread.title.trim() || t('untitledConversation');

  return (
    <li
      className={cn(
        'group flex items-center gap-0.5 rounded-md pr-1 hover:bg-slate-100',
        active && 'bg-blue-50 hover:bg-blue-100',
      )}
    >
      {/* A link, so selecting works with the keyboard and can open in a new tab; in place on /code-assistant. */}
      <Link
        to={`/code-assistant/${encodeURIComponent(thread.id)}`}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-sm text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
          active && 'font-medium text-blue-900',
        )}
        title={title}
      >
        {title}
      </Link>
      <Button
        variant="ghost"
        size="iconSm"
        aria-label={starred ? t('unstarConversation') : t('starConversation')}
        aria-pressed={starred}
        onClick={onToggleStar}
        className={cn(!starred && 'text-slate-600')}
      >
        <Star aria-hidden="true" className={cn(starred && 'fill-amber-500 text-amber-600')} />
      </Button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={menuTriggerRef} variant="ghost" size="iconSm" aria-label={t('conversationActions')} className="text-slate-700">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onShare}>
            <Share2 aria-hidden="true" /> {t('share')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setRenaming(true)}>
            <Pencil aria-hidden="true" /> {t('rename')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden="true" /> {t('delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RenameThreadDialog open={renaming} onOpenChange={setRenaming} currentTitle={thread.title} onRename={onRename} />
      <DeleteConfirmation
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('deleteConversationTitle')}
        description={t('deleteConversationDescription', { title })}
        onDelete={onDelete}
      />
    </li>
  );
}
