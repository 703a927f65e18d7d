import { useId, useState, type DragEvent } from 'react';
import { FileUp, Upload, X } from 'lucide-react';
import { UPLOAD_MAX_FILES } from '@civicdesk/contract';
import { useUploadDocuments } from '../../api/documents';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { toast } from '../ui/use-toast';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { formatBytes } from '../../lib/format';
import { ACCEPT_ATTRIBUTE, MAX_MEGABYTES, problemOf, tooManyFiles, uploadErrorMessage } from './upload-rules';
import { FormError } from '../form-error';

/** The page-header button that opens the upload dialog. */
export function UploadDocumentsButton({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Upload aria-hidden="true" />
          {t('uploadDocuments')}
        </Button>
      </DialogTrigger>
      {open && <UploadDocumentsDialog onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

/** Choose or drop PDF, DOCX and TXT files, see what is wrong before sending, and upload them. */
function UploadDocumentsDialog({ onDone }: { onDone: () => void }) {
  const { t, language } = useI18n();
  const { locationCode } = useSession();
  const upload = useUploadDocuments(locationCode);
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);

  const add = (chosen: FileList | null) => {
    if (!chosen) return;
    // Copy now: the input's FileList is live and is emptied when the input is reset below.
    const picked = [...chosen];
    upload.reset();
    setFiles((current) => {
      const known = new Set(current.map((file) => `${file.name}:${file.size}`));
      return [...current, ...picked.filter((file) => !known.has(`${file.name}:${file.size}`))];
    });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const problems = files.map(problemOf);
  const blocked = files.length === 0 || problems.some(Boolean) || tooManyFiles(files.length) || upload.isPending;

  const send = () =>
    upload.mutate(files, {
      onSuccess: ({ documents }) => {
        const withoutText = documents.filter((document) => document.flag === 'no text');
        const truncated = documents.filter((document) => document.flag === 'text truncated');
        const names = (list: typeof documents) => list.map((d) => d.title).join(', ');
        toast({
          variant: 'success',
          title: t(documents.length === 1 ? 'uploadedOne' : 'uploadedMany', { count: documents.length }),
          description: [
            withoutText.length ? t('uploadedNoText', { names: names(withoutText) }) : '',
            truncated.length ? t('uploadedTruncated', { names: names(truncated) }) : '',
          ].filter(Boolean).join(' ') || t('uploadedSearchable'),
        });
        onDone();
      },
    });

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('uploadDocuments')}</DialogTitle>
        <DialogDescription>{t('uploadDescription', { max: MAX_MEGABYTES, count: UPLOAD_MAX_FILES })}</DialogDescription>
      </DialogHeader>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
          dragging ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <FileUp className="size-8 text-slate-500" aria-hidden="true" />
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="peer sr-only"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="cursor-pointer rounded px-1 text-sm text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600">
          <span className="font-semibold text-blue-800 underline underline-offset-2">{t('chooseFiles')}</span> {t('orDragThemHere')}
        </label>
        <p className="text-xs text-slate-700">{t('acceptedTypes', { max: MAX_MEGABYTES })}</p>
      </div>

      {files.length > 0 && (
        <ul className="grid gap-2" aria-label={t('chosenFiles')}>
          {files.map((file, index) => (
            <li key={`${file.name}:${file.size}`} className="flex items-start gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{file.name}</p>
                <p className={problems[index] ? 'text-red-800' : 'text-slate-700'}>
                  {problems[index] === 'type'
                    ? t('uploadUnsupported')
                    : problems[index] === 'size'
                      ? t('uploadTooLarge', { max: MAX_MEGABYTES })
                      : formatBytes(file.size, language)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="iconSm"
                aria-label={t('removeFile', { name: file.name })}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {tooManyFiles(files.length) && (
        <p role="alert" className="text-sm text-red-800">
          {t('tooManyFiles', { count: UPLOAD_MAX_FILES })}
        </p>
      )}
      {upload.isError && <FormError>{uploadErrorMessage(upload.error, t)}</FormError>}

      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button onClick={send} disabled={blocked}>
          <Upload aria-hidden="true" />
          {upload.isPending ? t('uploading') : files.length > 1 ? t('uploadCount', { count: files.length }) : t('upload')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
