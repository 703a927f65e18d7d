import { useEffect, useId, useState } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { useI18n } from '../lib/i18n';
import { useSubmission } from '../lib/use-submission';

interface RenameDialogProps {
  open: boolean;
  onClose: () => void;
  currentTitle: string;
  maxLength: number;
  heading: string;
  description: string;
  label: string;
  submitLabel: string;
  /** Said under the field while the trimmed name is empty. */
  emptyMessage?: string;
  /**
   * Receives the trimmed name. The dialog closes when it resolves (unless it resolves false,
   * which means the caller already told the user why); when it throws, the dialog says why
   * and keeps what was typed.
   */
  onRename: (title: string) => Promise<boolean | void>;
}

/** Rename a thread or a draft: prefilled with the current name; Save is disabled and Enter ignored while the trimmed name is empty. */
export function RenameDialog({ open, onClose, currentTitle, maxLength, heading, description, label, submitLabel, emptyMessage, onRename }: RenameDialogProps) {
  const { t } = useI18n();
  const inputId = useId();
  const [title, setTitle] = useState(currentTitle);
  const { busy, error, submitWith } = useSubmission();
  const trimmed = title.trim();

  useEffect(() => {
    if (open) setTitle(currentTitle);
  }, [open, currentTitle]);

  const submit = submitWith(async () => {
    if (!trimmed || busy) return;
    if ((await onRename(trimmed)) !== false) onClose();
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{heading}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{label}</Label>
            <Input
              id={inputId}
              value={title}
              maxLength={maxLength}
              autoComplete="off"
              aria-invalid={!trimmed}
              aria-describedby={!trimmed && emptyMessage ? `${inputId}-empty` : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            {!trimmed && emptyMessage && (
              <p id={`${inputId}-empty`} className="text-sm text-red-800">
                {emptyMessage}
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
              {busy ? t('saving') : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
