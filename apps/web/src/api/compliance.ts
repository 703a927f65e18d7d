import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  UPLOAD_MAX_BYTES,
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
import type { Translate } from '../lib/i18n';
import { api, ApiError, fieldErrorsOf, userMessageOf } from './client';
import { downloadApiFile } from './download';

/** Compliance Check and Code Compliance (spec §2 /compliance, /compliance/code; §7 "Compliance"). */
export const complianceKeys = {
  all: ['compliance'] as const,
  report: (id: string) => ['compliance', 'report', id] as const,
  history: (filters: ComplianceHistoryFilters) => ['compliance', 'history', filters] as const,
  praRequests: ['compliance', 'pra'] as const,
  code: (locationCode: string, view: CodeReportView) => ['compliance', 'code', locationCode, view] as const,
  codeAll: ['compliance', 'code'] as const,
};

/** A check still has work to do: poll it. */
export const isJobActive = (state: JobState | undefined) => state === 'queued' || state === 'running';
const POLL_MS = 1_000;

const path = (id: string) => encodeURIComponent(id);

export function useComplianceReport(id: string | null) {
  return useQuery({
    queryKey: complianceKeys.report(id ?? ''),
    queryFn: ({ signal }) => api.get<ComplianceReport>(`/compliance/${path(id!)}`, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (isJobActive(query.state.data?.job_state) ? POLL_MS : false),
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

const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.txt'];
export const ACCEPTED_FILE_TYPES = ACCEPTED_EXTENSIONS.join(',');

/** What is wrong with a file before it is sent (the server decides again, by its bytes). */
export function fileProblemOf(file: File): 'complianceFileTooLarge' | 'complianceFileType' | 'complianceFileEmpty' | null {
  if (file.size === 0) return 'complianceFileEmpty';
  if (file.size > UPLOAD_MAX_BYTES) return 'complianceFileTooLarge';
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension)) ? null : 'complianceFileType';
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

/**
 * The message for a failed submission: the server's own when it sent one; otherwise what its status
 * means here (a proxy that refuses a large upload answers 413 without the API's body).
 */
export function submissionErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError && !error.body?.message) {
    if (error.status === 413) return t('complianceFileTooLarge');
    if (error.status === 415) return t('complianceFileType');
  }
  const message = userMessageOf(error, t);
  // A refused field says why ("accessibility needs a PDF file"); add that to a general message.
  const reasons = Object.values(fieldErrorsOf(error)).filter((reason) => !message.includes(reason));
  return reasons.length ? `${message}: ${reasons.join('; ')}` : message;
}

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
      return isJobActive(report?.run?.job_state) || isJobActive(report?.runs[0]?.job_state) ? POLL_MS : false;
    },
  });
}

export const startCodeRun = (locationCode: string) => api.post<{ run: CodeRunSummary }>(`/compliance/code/${path(locationCode)}/run`);
