import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useComplianceHistory, type ComplianceHistoryFilters } from '../../api/compliance';
import { Page } from '../../components/page';
import { useI18n } from '../../lib/i18n';
import { RecordsRequests } from './RecordsRequests';
import { ReportHistory } from './ReportHistory';
import { ReportView } from './ReportView';
import { SubmissionForm } from './SubmissionForm';

/**
 * /compliance: check a document (a file or pasted text) against a rule set, work through its
 * findings, download it redacted, and answer records requests with it. The open report and request
 * live in the address (?report=, ?pra=), so a reload keeps them.
 */
export function ComplianceCheckPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report');
  const praId = params.get('pra');
  const [filters, setFilters] = useState<ComplianceHistoryFilters>({ page: 1 });
  const history = useComplianceHistory(filters);
  const folders = (history.data?.folders ?? []).map((folder) => folder.name);

  const setParam = (name: 'report' | 'pra', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'pra' },
    );

  return (
    <Page title={t('navComplianceCheck')} description={t('descComplianceCheck')} className="max-w-7xl">
      <div className="grid gap-6">
        <SubmissionForm onSubmitted={(id) => setParam('report', id)} />
        {reportId && <ReportView key={reportId} reportId={reportId} folders={folders} />}
        <ReportHistory history={history} filters={filters} onFilters={setFilters} currentId={reportId} />
        <RecordsRequests selectedId={praId} onSelect={(id) => setParam('pra', id)} />
      </div>
    </Page>
  );
}
