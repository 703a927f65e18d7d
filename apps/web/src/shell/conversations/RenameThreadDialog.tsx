import { THREAD_TITLE_MAX } from '@civicdesk/contract';
import { RenameDialog } from '../../components/rename-dialog';
import { useI18n } from '../../lib/i18n';

interface RenameThreadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentTitle: string;
  /** Receives the trimmed title; resolves true when the rename succeeded. */
  onRename: (title: string) => Promise<boolean>;
}

/** Spec §5: prefilled with the current title; Rename is disabled and Enter ignored while the trimmed name is empty. */
export function RenameThreadDialog({ open, onOpenChange, currentTitle, onRename }: RenameThreadDialogProps) {
  const { t } = useI18n();
  return (
    <RenameDialog
      open={open}
      onClose={() => onOpenChange(false)}
      currentTitle={currentTitle}
      maxLength={THREAD_TITLE_MAX}
      heading={t('renameConversationTitle')}
      description={t('renameConversationDescription')}
      label={t('conversationName')}
      submitLabel={t('rename')}
      onRename={onRename}
    />
  );
}
