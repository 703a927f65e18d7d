import { FileText, Gavel, ListOrdered, Megaphone, ScrollText, type LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { useI18n, type MessageKey } from '../lib/i18n';
import { useRecordLabel } from '../lib/i18n/record-labels';

const TYPE_LOOK: Record<string, { icon: LucideIcon; className: string; key: MessageKey }> = {
  ORDINANCE: { icon: Gavel, className: 'border-indigo-200 bg-indigo-50 text-indigo-800', key: 'docTypeORDINANCE' },
  RESOLUTION: { icon: ScrollText, className: 'border-teal-200 bg-teal-50 text-teal-800', key: 'docTypeRESOLUTION' },
  AGENDA_ITEM: { icon: ListOrdered, className: 'border-amber-200 bg-amber-50 text-amber-900', key: 'docTypeAGENDA_ITEM' },
  PROCLAMATION: { icon: Megaphone, className: 'border-fuchsia-200 bg-fuchsia-50 text-fuchsia-800', key: 'docTypePROCLAMATION' },
  DOCUMENT: { icon: FileText, className: 'border-slate-300 bg-slate-50 text-slate-800', key: 'docTypeDOCUMENT' },
};

export function useDocumentTypeLabel() {
  const { t } = useI18n();
  return (type: string) => {
    const look = TYPE_LOOK[type];
    return look ? t(look.key) : type;
  };
}

export function DocumentTypeBadge({ type, className }: { type: string; className?: string }) {
  const label = useDocumentTypeLabel()(type);
  const look = TYPE_LOOK[type] ?? TYPE_LOOK.DOCUMENT;
  const Icon = look.icon;
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium', look.className, className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

/** Colour follows the meaning clerks read from a status: in force, still moving, or stopped. */
function statusTone(status: string): string {
  const value = status.toLowerCase();
  if (/(effective|enacted|adopted|approved|passed|in force|law)/.test(value)) return 'border-green-200 bg-green-50 text-green-800';
  if (/(veto|fail|withdraw|repeal|expire|disapprov|reject|tabled|dead)/.test(value)) return 'border-red-200 bg-red-50 text-red-800';
  if (/(pending|introduc|referred|hearing|postpon|draft|no text)/.test(value)) return 'border-amber-200 bg-amber-50 text-amber-900';
  return 'border-slate-300 bg-slate-50 text-slate-800';
}

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const label = useRecordLabel();
  if (!status) return null;
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', statusTone(status), className)}>
      {label('status', status)}
    </span>
  );
}

/** Clerks find measures by their file number first ("B25-914"): it is set apart in a fixed-width face. */
export function FileNumber({ value, className }: { value: string | null | undefined; className?: string }) {
  if (!value) return null;
  return <span className={cn('font-mono text-sm font-semibold tracking-tight text-slate-900', className)}>{value}</span>;
}
