import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ACCEPTED_FILE_TYPES, fileProblemOf, submissionErrorMessage } from '../api/uploads';
import { Panel } from './page';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Tabs } from './ui/tabs';
import { Textarea } from './ui/textarea';
import { useI18n } from '../lib/i18n';

/** What the user gave: one file, or pasted text. */
export type UploadOrPaste = { source: 'file'; file: File } | { source: 'text'; text: string };

/**
 * A titled card that takes one document as an uploaded file or as pasted text, checks it before it
 * is sent, and shows why a submission failed. The tool's own fields come in as `textFields` (beside
 * the pasted text) and `fields` (beside the submit button); `onSubmit` sends the document and
 * moves on, and a throw from it is shown as the form's error.
 */
export function UploadOrPasteForm({ heading, sourceLabel, fileLabel, textLabel, chooseFileText, pasteTextText, textMax, textFields, fields, submitIcon, submitLabel, onSubmit }: {
  heading: string;
  sourceLabel: string;
  fileLabel: string;
  textLabel: string;
  /** The error when no file is chosen. */
  chooseFileText: string;
  /** The error when the pasted text has no letter or digit. */
  pasteTextText: string;
  textMax: number;
  textFields?: ReactNode;
  fields: ReactNode;
  submitIcon: ReactNode;
  submitLabel: string;
  onSubmit: (document: UploadOrPaste) => Promise<void>;
}) {
  const { t } = useI18n();
  const ids = useId();
  const [source, setSource] = useState<UploadOrPaste['source']>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const problem = (): string | null => {
    if (source === 'file') {
      if (!file) return chooseFileText;
      const fileProblem = fileProblemOf(file);
      return fileProblem && t(fileProblem);
    }
    if (!/[\p{L}\p{N}]/u.test(text)) return pasteTextText;
    return text.length > textMax ? t('complianceTextTooLong', { max: textMax.toLocaleString() }) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problem();
    setError(found ?? '');
    if (found) return;
    setBusy(true);
    try {
      await onSubmit(source === 'file' ? { source, file: file! } : { source, text });
    } catch (err) {
      setError(submissionErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${ids}-error`;
  const describedBy = error ? errorId : undefined;
  const textField = (
    <div className="grid gap-1">
      <Label htmlFor={`${ids}-text`}>{textLabel}</Label>
      <Textarea id={`${ids}-text`} rows={8} value={text} aria-describedby={describedBy} aria-invalid={Boolean(error) || undefined} onChange={(e) => setText(e.target.value)} />
    </div>
  );
  return (
    <Panel aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="mb-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <Tabs
          label={sourceLabel}
          tabs={[
            { value: 'file', label: t('complianceUploadFile') },
            { value: 'text', label: t('compliancePasteTab') },
          ]}
          value={source}
          onValueChange={(next) => {
            setSource(next);
            setError('');
          }}
        >
          {source === 'file' ? (
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-file`}>{fileLabel}</Label>
              <Input
                id={`${ids}-file`}
                type="file"
                accept={ACCEPTED_FILE_TYPES}
                aria-describedby={[`${ids}-file-hint`, describedBy].filter(Boolean).join(' ')}
                aria-invalid={Boolean(error) || undefined}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="h-auto py-1.5"
              />
              <p id={`${ids}-file-hint`} className="text-xs text-slate-700">
                {t('complianceFileHint')}
              </p>
            </div>
          ) : textFields ? (
            <div className="grid gap-3">
              {textFields}
              {textField}
            </div>
          ) : (
            textField
          )}
        </Tabs>
        <div className="flex flex-wrap items-end gap-3">
          {fields}
          <Button type="submit" disabled={busy}>
            {submitIcon}
            {busy ? t('complianceSubmitting') : submitLabel}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
      </form>
    </Panel>
  );
}
