import { FileText, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { formatBytes } from './attachments';

/** The files going with the question, each with a button to take it off again. */
export function AttachmentList({ files, disabled, onRemove }: { files: File[]; disabled: boolean; onRemove: (index: number) => void }) {
  const { t } = useI18n();
  if (files.length === 0) return null;
  return (
    <ul aria-label={t('attachedFiles')} className="flex flex-wrap gap-2 px-3 pb-2">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${file.size}-${index}`}
          className="flex max-w-full items-center gap-1.5 rounded-md border border-slate-200 bg-slate-50 py-0.5 pl-2 pr-0.5 text-xs text-slate-800"
        >
          <FileText aria-hidden="true" className="size-3.5 shrink-0 text-slate-600" />
          <span className="truncate">{file.name}</span>
          <span className="shrink-0 text-slate-600">{formatBytes(file.size)}</span>
          <Button
            variant="ghost"
            size="iconSm"
            disabled={disabled}
            aria-label={t('removeAttachment', { name: file.name })}
            onClick={() => onRemove(index)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
