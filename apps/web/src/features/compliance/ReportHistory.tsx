import { useId } from 'react';
import { COMPLIANCE_TYPES, REPORT_STATUSES, type ComplianceHistory, type ComplianceType, type ReportStatus } from '@civicdesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COMPLIANCE_PAGE_SIZE, type ComplianceHistoryFilters } from '../../api/compliance';
import { Panel } from '../../components/page';
import { PageSteps } from '../../components/page-steps';
import { EmptyRow, formatDate, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { selectClass } from './fields';

/** The user's compliance reports, newest first, with filters and pages. */
export function ReportHistory({ history, filters, onFilters, currentId }: {
  history: UseQueryResult<ComplianceHistory>;
  filters: ComplianceHistoryFilters;
  onFilters: (filters: ComplianceHistoryFilters) => void;
  currentId: string | null;
}) {
  const { t, language } = useI18n();
  const ids = useId();
  const filtered = Boolean(filters.compliance_type || filters.status || filters.folder || filters.start_date || filters.end_date);
  const setFilter = (patch: Partial<ComplianceHistoryFilters>) => onFilters({ ...filters, ...patch, page: 1 });
  const folders = history.data?.folders ?? [];

  return (
    <Panel aria-labelledby={`${ids}-heading`} className="grid gap-4">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {t('yourReports')}
      </h2>
      <form className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end" onSubmit={(e) => e.preventDefault()} aria-label={t('reportFilters')}>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-type`}>{t('filterType')}</Label>
          <select id={`${ids}-type`} className={selectClass} value={filters.compliance_type ?? ''} onChange={(e) => setFilter({ compliance_type: (e.target.value || undefined) as ComplianceType | undefined })}>
            <option value="">{t('allTypes')}</option>
            {COMPLIANCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`complianceTypeShort_${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-status`}>{t('reportStatusLabel')}</Label>
          <select id={`${ids}-status`} className={selectClass} value={filters.status ?? ''} onChange={(e) => setFilter({ status: (e.target.value || undefined) as ReportStatus | undefined })}>
            <option value="">{t('allStatuses')}</option>
            {REPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`reportStatus_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-folder`}>{t('reportFolderLabel')}</Label>
          <select id={`${ids}-folder`} className={selectClass} value={filters.folder ?? ''} onChange={(e) => setFilter({ folder: e.target.value || undefined })}>
            <option value="">{t('allFolders')}</option>
            {folders.map((folder) => (
              <option key={folder.name} value={folder.name}>
                {t('folderWithCount', { name: folder.name, count: folder.count })}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-from`}>{t('checkedFrom')}</Label>
          <Input id={`${ids}-from`} type="date" value={filters.start_date ?? ''} onChange={(e) => setFilter({ start_date: e.target.value || undefined })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-to`}>{t('checkedTo')}</Label>
          <Input id={`${ids}-to`} type="date" value={filters.end_date ?? ''} onChange={(e) => setFilter({ end_date: e.target.value || undefined })} />
        </div>
        <Button variant="outline" disabled={!filtered} onClick={() => onFilters({ page: 1 })}>
          {t('complianceClearFilters')}
        </Button>
      </form>
      <QueryState query={history}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / COMPLIANCE_PAGE_SIZE));
          return (
            <>
              <Table caption={t('yourReports')}>
                <thead>
                  <tr>
                    <Th>{t('colTitle')}</Th>
                    <Th>{t('filterType')}</Th>
                    <Th>{t('reportStatusLabel')}</Th>
                    <Th>{t('colFindings')}</Th>
                    <Th>{t('reportFolderLabel')}</Th>
                    <Th>{t('reportCreated')}</Th>
                  </tr>
                </thead>
                <tbody>
                  {data.reports.length === 0 && <EmptyRow colSpan={6}>{filtered ? t('noReportsMatch') : t('noReportsYet')}</EmptyRow>}
                  {data.reports.map((report) => (
                    <tr key={report.id} className={report.id === currentId ? 'bg-blue-50' : undefined}>
                      <Td>
                        <Link
                          to={`/compliance?report=${encodeURIComponent(report.id)}`}
                          aria-current={report.id === currentId ? 'page' : undefined}
                          className="font-medium text-blue-800 underline-offset-2 hover:underline"
                        >
                          {report.title}
                        </Link>
                      </Td>
                      <Td className="whitespace-nowrap">{t(`complianceTypeShort_${report.compliance_type}`)}</Td>
                      <Td className="whitespace-nowrap">
                        {report.job_state === 'completed' ? t(`reportStatus_${report.status}`) : t(`jobState_${report.job_state}`)}
                      </Td>
                      <Td className="whitespace-nowrap">{report.job_state === 'completed' ? t('openOfTotal', { open: report.counts.open, total: report.counts.total }) : '—'}</Td>
                      <Td>{report.folder ?? '—'}</Td>
                      <Td className="whitespace-nowrap">{formatDate(report.created_at, language)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <PageSteps label={t('reportPages')} total={t('reportsTotal', { count: data.total })} page={filters.page} pages={pages} onPage={(page) => onFilters({ ...filters, page })} />
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}
