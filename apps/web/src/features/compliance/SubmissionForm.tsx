import { useId, useState } from 'react';
import { COMPLIANCE_TEXT_MAX, COMPLIANCE_TITLE_MAX, COMPLIANCE_TYPES, DEFAULT_COMPLIANCE_TYPE, type ComplianceType } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { complianceKeys, submitComplianceFile, submitComplianceText } from '../../api/compliance';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { UploadOrPasteForm, type UploadOrPaste } from '../../components/upload-or-paste-form';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { selectClass } from './fields';

/** The "New check" card: one file or pasted text, a rule set, Submit; calls onSubmitted with the new report's id. */
export function SubmissionForm({ onSubmitted }: { onSubmitted: (reportId: string) => void }) {
  const { t } = useI18n();
  const { locationCode } = useSession();
  const queryClient = useQueryClient();
  const ids = useId();
  const [title, setTitle] = useState('');
  const [complianceType, setComplianceType] = useState<ComplianceType>(DEFAULT_COMPLIANCE_TYPE as ComplianceType);

  const submit = async (upload: UploadOrPaste) => {
    const submitted =
      upload.source === 'file'
        ? await submitComplianceFile(upload.file, complianceType, locationCode)
        : await submitComplianceText({ text: upload.text, compliance_type: complianceType, ...(locationCode ? { location_code: locationCode } : {}), ...(title.trim() ? { title: title.trim() } : {}) });
    void queryClient.invalidateQueries({ queryKey: complianceKeys.all });
    onSubmitted(submitted.id);
  };

  return (
    <UploadOrPasteForm
      heading={t('complianceNewCheck')}
      sourceLabel={t('complianceSourceLabel')}
      fileLabel={t('complianceFileLabel')}
      textLabel={t('complianceTextLabel')}
      chooseFileText={t('complianceChooseFile')}
      pasteTextText={t('compliancePasteText')}
      textMax={COMPLIANCE_TEXT_MAX}
      textFields={
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-title`}>{t('complianceTitleLabel')}</Label>
          <Input id={`${ids}-title`} maxLength={COMPLIANCE_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
      }
      fields={
        <div className="grid min-w-64 flex-1 gap-1">
          <Label htmlFor={`${ids}-type`}>{t('complianceTypeLabel')}</Label>
          <select id={`${ids}-type`} className={selectClass} value={complianceType} onChange={(e) => setComplianceType(e.target.value as ComplianceType)}>
            {COMPLIANCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`complianceType_${type}`)}
              </option>
            ))}
          </select>
          {/* A phone cuts these long names short in the select; the chosen one is shown whole below it (the select already names it to a screen reader). */}
          <p aria-hidden="true" className="text-xs text-slate-700 sm:hidden">
            {t(`complianceType_${complianceType}`)}
          </p>
        </div>
      }
      submitIcon={<ShieldCheck aria-hidden="true" />}
      submitLabel={t('complianceSubmit')}
      onSubmit={submit}
    />
  );
}
