import { useEffect, useId, useState, type FormEvent } from 'react';
import { THREAD_TITLE_MAX } from '@civicdesk/contract';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
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
  const inputId = useId();
  const [title, setTitle] = useState(currentTitle);
  const [saving, setSaving] = useState(false);
  const trimmed = title.trim();

  useEffect(() => {
    if (open) setTitle(currentTitle);
  }, [open, currentTitle]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || saving) return;
    setSaving(true);
    const renamed = await onRename(trimmed);
    setSaving(false);
    if (renamed) onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('renameConversationTitle')}</DialogTitle>
            <DialogDescription>{t('renameConversationDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t('conversationName')}</Label>
            <Input
              id={inputId}
              value={title}
              maxLength={THREAD_TITLE_MAX}
              autoComplete="off"
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!trimmed || saving}>
              {saving ? t('saving') : t('rename')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
