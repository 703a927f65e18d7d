import { useId, useState, type FormEvent } from 'react';
import { COMPLIANCE_TEXT_MAX, COMPLIANCE_TITLE_MAX, COMPLIANCE_TYPES, DEFAULT_COMPLIANCE_TYPE, type ComplianceType } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { ACCEPTED_FILE_TYPES, complianceKeys, fileProblemOf, submissionErrorMessage, submitComplianceFile, submitComplianceText } from '../../api/compliance';
import { Panel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Tabs } from '../../components/ui/tabs';
import { Textarea } from '../../components/ui/textarea';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { selectClass } from './fields';

type Source = 'file' | 'text';

/** The "New check" card: one file or pasted text, a rule set, Submit; calls onSubmitted with the new report's id. */
export function SubmissionForm({ onSubmitted }: { onSubmitted: (reportId: string) => void }) {
  const { t } = useI18n();
  const { locationCode } = useSession();
  const queryClient = useQueryClient();
  const ids = useId();
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [complianceType, setComplianceType] = useState<ComplianceType>(DEFAULT_COMPLIANCE_TYPE as ComplianceType);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const problem = (): string | null => {
    if (source === 'file') {
      if (!file) return t('complianceChooseFile');
      const fileProblem = fileProblemOf(file);
      return fileProblem && t(fileProblem);
    }
    if (!/[\p{L}\p{N}]/u.test(text)) return t('compliancePasteText');
    return text.length > COMPLIANCE_TEXT_MAX ? t('complianceTextTooLong', { max: COMPLIANCE_TEXT_MAX.toLocaleString() }) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problem();
    setError(found ?? '');
    if (found) return;
    setBusy(true);
    try {
      const submitted =
        source === 'file'
          ? await submitComplianceFile(file!, complianceType, locationCode)
          : await submitComplianceText({ text, compliance_type: complianceType, ...(locationCode ? { location_code: locationCode } : {}), ...(title.trim() ? { title: title.trim() } : {}) });
      void queryClient.invalidateQueries({ queryKey: complianceKeys.all });
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
        {t('complianceNewCheck')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <Tabs
          label={t('complianceSourceLabel')}
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
              <Label htmlFor={`${ids}-file`}>{t('complianceFileLabel')}</Label>
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
            <div className="grid gap-3">
              <div className="grid gap-1">
                <Label htmlFor={`${ids}-title`}>{t('complianceTitleLabel')}</Label>
                <Input id={`${ids}-title`} maxLength={COMPLIANCE_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${ids}-text`}>{t('complianceTextLabel')}</Label>
                <Textarea id={`${ids}-text`} rows={8} value={text} aria-describedby={describedBy} aria-invalid={Boolean(error) || undefined} onChange={(e) => setText(e.target.value)} />
              </div>
            </div>
          )}
        </Tabs>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-64 flex-1 gap-1">
            <Label htmlFor={`${ids}-type`}>{t('complianceTypeLabel')}</Label>
            <select id={`${ids}-type`} className={selectClass} value={complianceType} onChange={(e) => setComplianceType(e.target.value as ComplianceType)}>
              {COMPLIANCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`complianceType_${type}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy}>
            <ShieldCheck aria-hidden="true" />
            {busy ? t('complianceSubmitting') : t('complianceSubmit')}
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
