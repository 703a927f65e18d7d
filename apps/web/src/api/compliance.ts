import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CodeReport,
  type CodeRule,
  type CodeRunSummary,
  type ComplianceHistory,
  type ComplianceReport,
  type ComplianceType,
  type FindingStatus,
  type JobState,
  type PraDraftRequest,
  type PraRequest,
  type PraUpdate,
  type ReportStatus,
  type Severity,
} from '@civicdesk/contract';
import { api } from './client';
import { downloadApiFile } from './download';
import { isJobActive, JOB_POLL_MS, pollWhileJobActive } from './jobs';

/** Compliance Check and Code Compliance (spec §2 /compliance, /compliance/code; §7 "Compliance"). */
export const complianceKeys = {
  all: ['compliance'] as const,
  report: (id: string) => ['compliance', 'report', id] as const,
  history: (filters: ComplianceHistoryFilters) => ['compliance', 'history', filters] as const,
  praRequests: ['compliance', 'pra'] as const,
  code: (locationCode: string, view: CodeReportView) => ['compliance', 'code', locationCode, view] as const,
  codeAll: ['compliance', 'code'] as const,
};

const path = (id: string) => encodeURIComponent(id);

export function useComplianceReport(id: string | null) {
  return useQuery({
    queryKey: complianceKeys.report(id ?? ''),
    queryFn: ({ signal }) => api.get<ComplianceReport>(`/compliance/${path(id!)}`, signal),
    enabled: Boolean(id),
    refetchInterval: pollWhileJobActive,
  });
}

export interface ComplianceHistoryFilters {
  compliance_type?: ComplianceType;
  status?: ReportStatus;
  folder?: string;
  start_date?: string;
  end_date?: string;
  page: number;
  limit?: number;
}

export const COMPLIANCE_PAGE_SIZE = 20;

export function complianceHistoryPath(filters: ComplianceHistoryFilters): string {
  const limit = filters.limit ?? COMPLIANCE_PAGE_SIZE;
  const params = new URLSearchParams({ limit: String(limit), skip: String((filters.page - 1) * limit) });
  for (const key of ['compliance_type', 'status', 'folder', 'start_date', 'end_date'] as const) if (filters[key]) params.set(key, filters[key]!);
  return `/compliance/history?${params}`;
}

export function useComplianceHistory(filters: ComplianceHistoryFilters) {
  return useQuery({
    queryKey: complianceKeys.history(filters),
    queryFn: ({ signal }) => api.get<ComplianceHistory>(complianceHistoryPath(filters), signal),
    placeholderData: keepPreviousData,
  });
}

export interface ComplianceSubmitted {
  id: string;
  job_state: JobState;
  progress: number;
  compliance_type: ComplianceType;
}

/** POST /compliance (multipart): one file and the fields beside it. */
export function submitComplianceFile(file: File, complianceType: ComplianceType, locationCode?: string | null) {
  const form = new FormData();
  form.append('compliance_type', complianceType);
  if (locationCode) form.append('location_code', locationCode);
  // The file goes last: the server reads the fields before it streams the file.
  form.append('file', file, file.name);
  return api.post<ComplianceSubmitted>('/compliance', form);
}

export const submitComplianceText = (body: { text: string; compliance_type: ComplianceType; location_code?: string; title?: string }) =>
  api.post<ComplianceSubmitted>('/compliance/text', body);

type ReportAnswer = { report: ComplianceReport };

export const cancelCheck = (id: string) => api.post<ReportAnswer>(`/compliance/${path(id)}/cancel`);
export const updateFindingStatus = (reportId: string, findingId: string, status: FindingStatus) =>
  api.put<ReportAnswer>('/compliance/update-status', { report_id: reportId, finding_id: findingId, status });
export const updateFindingSeverity = (reportId: string, findingId: string, severity: Severity) =>
  api.put<ReportAnswer>('/compliance/update-severity', { report_id: reportId, finding_id: findingId, severity });
export const acceptAllFindings = (reportId: string) => api.put<ReportAnswer>('/compliance/accept-all-issues', { report_id: reportId });
export const updateReportStatus = (reportId: string, status: ReportStatus) =>
  api.put<ReportAnswer>('/compliance/compliance-report/update-status', { report_id: reportId, status });
export const updateReportFolder = (reportId: string, folder: string | null) =>
  api.put<ReportAnswer>('/compliance/compliance-report/update-folder', { report_id: reportId, folder });
export const markRedaction = (reportId: string, start: number, end: number) => api.post<ReportAnswer>(`/compliance/${path(reportId)}/redactions`, { start, end });

/** The redacted PDF, named as the server says (409 CONFLICT until the check has completed). */
export const downloadRedactedPdf = (report: Pick<ComplianceReport, 'id' | 'title'>) =>
  downloadApiFile(`/compliance/compliance-report/download-redacted-pdf/${path(report.id)}`, `${report.title || 'document'} (redacted).pdf`);

// ---- Records requests ----

export function usePraRequests() {
  return useQuery({
    queryKey: complianceKeys.praRequests,
    queryFn: ({ signal }) => api.get<{ requests: PraRequest[] }>('/compliance/pra-requests', signal),
  });
}

export const draftPraEmail = (body: Omit<PraDraftRequest, 'location_code'>) => api.post<PraRequest>('/compliance/draft-pra-email', body);

export const updatePraRequest = (body: PraUpdate) => api.put<PraRequest>('/compliance/update-pra-email-response', body);

// ---- Code Compliance ----

export interface CodeReportView {
  run_id?: string;
  rule?: CodeRule;
  page: number;
}
export const CODE_PAGE_SIZE = 50;

export function codeReportPath(locationCode: string, view: CodeReportView): string {
  const params = new URLSearchParams({ limit: String(CODE_PAGE_SIZE), skip: String((view.page - 1) * CODE_PAGE_SIZE) });
  if (view.run_id) params.set('run_id', view.run_id);
  if (view.rule) params.set('rule', view.rule);
  return `/compliance/code/${path(locationCode)}?${params}`;
}

export function useCodeReport(locationCode: string | null, view: CodeReportView) {
  return useQuery({
    queryKey: complianceKeys.code(locationCode ?? '', view),
    queryFn: ({ signal }) => api.get<CodeReport>(codeReportPath(locationCode!, view), signal),
    enabled: Boolean(locationCode),
    placeholderData: keepPreviousData,
    // A run in progress (the shown one, or the newest): poll until it has finished.
    refetchInterval: (query) => {
      const report = query.state.data;
      return isJobActive(report?.run?.job_state) || isJobActive(report?.runs[0]?.job_state) ? JOB_POLL_MS : false;
    },
  });
}

export const startCodeRun = (locationCode: string) => api.post<{ run: CodeRunSummary }>(`/compliance/code/${path(locationCode)}/run`);
