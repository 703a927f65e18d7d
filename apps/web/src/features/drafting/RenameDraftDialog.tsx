import { useEffect, useState } from 'react';
import type { DraftSummary } from '@civicdesk/contract';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';

/** Rename a draft: prefilled with its title, refuses an empty one, sends the trimmed title. */
export function RenameDraftDialog({ draft, onClose, onRename }: { draft: Pick<DraftSummary, 'id' | 'title'> | null; onClose: () => void; onRename: (title: string) => Promise<void> }) {
  const { t } = useI18n();
  const [title, setTitle] = useState('');
  const { busy, error, run } = useSubmission();
  useEffect(() => setTitle(draft?.title ?? ''), [draft]);
  const trimmed = title.trim();
  return (
    <Dialog open={Boolean(draft)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!trimmed) return;
            void run(async () => {
              await onRename(trimmed);
              onClose();
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('renameDraft')}</DialogTitle>
            <DialogDescription>{draft?.title}</DialogDescription>
          </DialogHeader>
          <div className="my-4 grid gap-1">
            <Label htmlFor="draft-title">{t('draftTitleLabel')}</Label>
            <Input id="draft-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={!trimmed} aria-describedby={!trimmed ? 'draft-title-error' : undefined} />
            {!trimmed && (
              <p id="draft-title-error" className="text-sm text-red-800">
                {t('draftTitleEmpty')}
              </p>
            )}
            {error && (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!trimmed || busy}>
              {busy ? t('saving') : t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
