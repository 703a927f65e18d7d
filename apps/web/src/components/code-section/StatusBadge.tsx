import type { Citation } from '@civicdesk/contract';
import { cn } from '../../lib/cn';
import { useI18n, type MessageKey } from '../../lib/i18n';

const STATUS_LABELS: Record<Citation['status'], MessageKey> = {
  in_force: 'statusInForce',
  repealed: 'statusRepealed',
  reserved: 'statusReserved',
  document: 'statusDocument',
  web: 'statusWeb',
};

const STATUS_STYLES: Record<Citation['status'], string> = {
  in_force: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  repealed: 'border-red-200 bg-red-50 text-red-800',
  reserved: 'border-amber-200 bg-amber-50 text-amber-800',
  document: 'border-slate-200 bg-slate-50 text-slate-700',
  web: 'border-sky-200 bg-sky-50 text-sky-800',
};

/** Whether a source is law in force, repealed, a number kept reserved, an uploaded document or a web page. */
export function StatusBadge({ status, className }: { status: Citation['status']; className?: string }) {
  const { t } = useI18n();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium leading-5',
        STATUS_STYLES[status] ?? STATUS_STYLES.document,
        className,
      )}
    >
      {t(STATUS_LABELS[status] ?? 'statusDocument')}
    </span>
  );
}
