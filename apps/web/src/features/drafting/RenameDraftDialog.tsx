import { DRAFT_TITLE_MAX, type DraftSummary } from '@civicdesk/contract';
import { RenameDialog } from '../../components/rename-dialog';
import { useI18n } from '../../lib/i18n';

/** Rename a draft: prefilled with its title, refuses an empty one, sends the trimmed title. */
export function RenameDraftDialog({ draft, onClose, onRename }: { draft: Pick<DraftSummary, 'id' | 'title'> | null; onClose: () => void; onRename: (title: string) => Promise<void> }) {
  const { t } = useI18n();
  return (
    <RenameDialog
      open={Boolean(draft)}
      onClose={onClose}
      currentTitle={draft?.title ?? ''}
      maxLength={DRAFT_TITLE_MAX}
      heading={t('renameDraft')}
      description={draft?.title ?? ''}
      label={t('draftTitleLabel')}
      submitLabel={t('save')}
      emptyMessage={t('draftTitleEmpty')}
      onRename={onRename}
    />
  );
}
