import { useEffect, useId, useState, type FormEvent } from 'react';
import { COMPLIANCE_FOLDER_MAX, REPORT_STATUSES, SEVERITIES, type ComplianceReport, type ReportStatus } from '@civicdesk/contract';
import { Folder } from 'lucide-react';
import { formatDate } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useI18n } from '../../lib/i18n';
import { selectClass } from './fields';
import { SeverityBadge } from './FindingCard';

/** The report's facts, its status and folder (both the user's to set), and its findings counted by severity. */
export function ReportDetails({ report, folders, busy, onStatus, onFolder }: {
  report: ComplianceReport;
  folders: string[];
  busy: boolean;
  onStatus: (status: ReportStatus) => void;
  onFolder: (folder: string | null) => void;
}) {
  const { t, language } = useI18n();
  const ids = useId();
  const [folder, setFolder] = useState(report.folder ?? '');
  useEffect(() => setFolder(report.folder ?? ''), [report.folder]);

  const saveFolder = (event: FormEvent) => {
    event.preventDefault();
    const next = folder.trim() || null;
    if (next !== report.folder) onFolder(next);
  };

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="font-medium text-slate-900">{t('complianceTypeLabel')}</dt>
        <dd>{t(`complianceType_${report.compliance_type}`)}</dd>
        <dt className="font-medium text-slate-900">{t('reportSource')}</dt>
        <dd>{report.filename ?? t('reportPastedText')}</dd>
        <dt className="font-medium text-slate-900">{t('reportCreated')}</dt>
        <dd>{formatDate(report.created_at, language)}</dd>
        <dt className="font-medium text-slate-900">{t('reportJobState')}</dt>
        <dd>{t(`jobState_${report.job_state}`)}</dd>
      </dl>
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-status`}>{t('reportStatusLabel')}</Label>
          <select id={`${ids}-status`} className={selectClass} value={report.status} disabled={busy} onChange={(e) => onStatus(e.target.value as ReportStatus)}>
            {REPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`reportStatus_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <form className="flex flex-wrap items-end gap-2" onSubmit={saveFolder} aria-label={t('reportFolderForm')}>
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-folder`}>{t('reportFolderLabel')}</Label>
            <Input
              id={`${ids}-folder`}
              list={`${ids}-folders`}
              className="w-56"
              maxLength={COMPLIANCE_FOLDER_MAX}
              placeholder={t('noFolder')}
              value={folder}
              aria-describedby={`${ids}-folder-hint`}
              onChange={(e) => setFolder(e.target.value)}
            />
            <datalist id={`${ids}-folders`}>
              {folders.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <Button type="submit" variant="outline" disabled={busy || (folder.trim() || null) === report.folder}>
            <Folder aria-hidden="true" />
            {t('saveFolder')}
          </Button>
          <Button variant="ghost" disabled={busy || report.folder === null} onClick={() => onFolder(null)}>
            {t('noFolder')}
          </Button>
          <p id={`${ids}-folder-hint`} className="w-full text-xs text-slate-700">
            {report.folder ? t('inFolder', { folder: report.folder }) : t('folderHint')}
          </p>
        </form>
      </div>
      {report.job_state === 'completed' && (
        <div>
          <p className="mb-1 text-sm text-slate-800">{t('findingCounts', { total: report.counts.total, open: report.counts.open, accepted: report.counts.accepted })}</p>
          <ul className="flex flex-wrap gap-2" aria-label={t('findingsBySeverity')}>
            {SEVERITIES.map((severity) => (
              <li key={severity} className="flex items-center gap-1 text-sm text-slate-900">
                <SeverityBadge severity={severity} />
                <span>{report.counts.by_severity[severity] ?? 0}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
