import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { useI18n } from '../../lib/i18n';

interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}

/**
 * A confirmation for destructive actions, built on the Radix dialog with the alertdialog role:
 * a click outside does not dismiss it and focus starts on Cancel, the safe answer.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  onConfirm,
}: AlertDialogProps) {
  const { t } = useI18n();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        hideClose
        onPointerDownOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          cancelRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button ref={cancelRef} variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Delete ...?" behind the alert dialog: busy while `onDelete` runs, closed when it succeeds, left
 * open when it fails (the caller has said why).
 */
export function DeleteConfirmation({
  open,
  onOpenChange,
  title,
  description,
  onDelete,
}: Pick<AlertDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { onDelete: () => Promise<boolean> }) {
  const { t } = useI18n();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    const deleted = await onDelete();
    setDeleting(false);
    if (deleted) onOpenChange(false);
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={t('delete')}
      busyLabel={t('deleting')}
      busy={deleting}
      onConfirm={() => void confirm()}
    />
  );
}
