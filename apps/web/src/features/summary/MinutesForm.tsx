import { useId, useState, type FormEvent } from 'react';
import { MINUTES_TEXT_MAX } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { ACCEPTED_FILE_TYPES, fileProblemOf, submissionErrorMessage } from '../../api/compliance';
import { minutesKeys, submitMinutesFile, submitMinutesText } from '../../api/minutes';
import { Panel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Tabs } from '../../components/ui/tabs';
import { Textarea } from '../../components/ui/textarea';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';

type Source = 'file' | 'text';
const TITLE_MAX = 200;

/** "Summarize minutes": one file or pasted text and an optional title; calls onSubmitted with the new summary's id. */
export function MinutesForm({ onSubmitted }: { onSubmitted: (id: string) => void }) {
  const { t } = useI18n();
  const { locationCode } = useSession();
  const queryClient = useQueryClient();
  const ids = useId();
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const problem = (): string | null => {
    if (source === 'file') {
      if (!file) return t('minutesChooseFile');
      const fileProblem = fileProblemOf(file);
      return fileProblem && t(fileProblem);
    }
    if (!/[\p{L}\p{N}]/u.test(text)) return t('minutesPasteText');
    return text.length > MINUTES_TEXT_MAX ? t('complianceTextTooLong', { max: MINUTES_TEXT_MAX.toLocaleString() }) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problem();
    setError(found ?? '');
    if (found) return;
    setBusy(true);
    try {
      const fields = { title, location_code: locationCode };
      const submitted = source === 'file' ? await submitMinutesFile(file!, fields) : await submitMinutesText(text, fields);
      void queryClient.invalidateQueries({ queryKey: minutesKeys.historyAll });
      onSubmitted(submitted.id);
    } catch (err) {
      setError(submissionErrorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${ids}-error`;
  const describedBy = error ? errorId : undefined;
  return (
    <Panel aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="mb-3 text-lg font-semibold text-slate-900">
        {t('minutesNew')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <Tabs
          label={t('minutesSourceLabel')}
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
              <Label htmlFor={`${ids}-file`}>{t('minutesFileLabel')}</Label>
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
          ) : (
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-text`}>{t('minutesTextLabel')}</Label>
              <Textarea id={`${ids}-text`} rows={8} value={text} aria-describedby={describedBy} aria-invalid={Boolean(error) || undefined} onChange={(e) => setText(e.target.value)} />
            </div>
          )}
        </Tabs>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-64 flex-1 gap-1">
            <Label htmlFor={`${ids}-title`}>{t('complianceTitleLabel')}</Label>
            <Input id={`${ids}-title`} maxLength={TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <Button type="submit" disabled={busy}>
            <ScrollText aria-hidden="true" />
            {busy ? t('complianceSubmitting') : t('minutesSubmit')}
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
