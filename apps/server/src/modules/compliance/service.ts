import { randomUUID } from 'node:crypto';
import {
  complianceFileFieldsSchema,
  type ComplianceHistory,
  type ComplianceReport,
  type ComplianceTextRequest,
  type ComplianceType,
  type FindingStatus,
  type ReportStatus,
  type Severity,
} from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { withUploadedDocument } from '../../platform/files/form-request';
import { resolveLocation } from '../../platform/tenancy';
import { recordSafely, tenantOf, type RequestOrigin } from '../audit/service';
import { COMPLIANCE_CHECK_JOB } from './jobs';
import { presentReport, presentSummary } from './presenter';
import * as repo from './repo';

/**
 * Compliance reports (decision 024): a submission (file or pasted text) becomes a report whose
 * check runs as a job; the owner then reviews its findings — status and severity per finding,
 * status and folder per report — and every change lands in the report's audit trail.
 */
const owner = (p: Principal): repo.Owner => ({ userId: p.userId });

async function queueCheck(ctx: AppContext, reportId: string) {
  const jobId = await ctx.jobs.send(COMPLIANCE_CHECK_JOB, { reportId });
  await repo.setJobId(ctx.db, reportId, jobId);
}

const submitted = (id: string, type: ComplianceType) => ({ id, job_state: 'queued' as const, progress: 0, compliance_type: type });

export async function submitText(ctx: AppContext, principal: Principal, input: ComplianceTextRequest) {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.location_code });
  if (input.compliance_type === 'accessibility') {
    throw validationFailed('Accessibility rules check a PDF file; upload the PDF you publish', [{ field: 'body.compliance_type', message: 'accessibility needs a PDF file' }]);
  }
  const id = randomUUID();
  const title = input.title || input.text.trim().split('\n')[0].slice(0, 80) || 'Pasted text';
  await repo.insertReport(ctx.db, { id, userId: principal.userId, locationId: location.locationId, complianceType: input.compliance_type, source: 'text', title, text: input.text, jobState: 'queued' });
  await queueCheck(ctx, id);
  return submitted(id, input.compliance_type);
}

/** POST /compliance: one file (PDF, DOCX or TXT) through the one ingest path, and the form's fields. */
export async function submitFile(ctx: AppContext, principal: Principal, request: FastifyRequest) {
  const { id, type } = await withUploadedDocument(request, complianceFileFieldsSchema, { dataDir: ctx.config.dataDir, locationId: principal.locationId }, async (fields, uploaded) => {
    const type = fields.compliance_type;
    if (type === 'accessibility' && uploaded.kind !== 'pdf') {
      throw validationFailed('Accessibility rules check a PDF file; upload the PDF you publish', [{ field: 'body.compliance_type', message: 'accessibility needs a PDF file' }]);
    }
    const location = await resolveLocation(ctx.db, principal, { cityCode: fields.location_code });
    const id = randomUUID();
    await repo.insertReport(ctx.db, {
      id,
      userId: principal.userId,
      locationId: location.locationId,
      complianceType: type,
      source: 'file',
      title: uploaded.originalName,
      filename: uploaded.originalName,
      storageKey: uploaded.storageKey,
      fileKind: uploaded.kind,
      contentType: uploaded.contentType,
      sizeBytes: uploaded.sizeBytes,
      pageCount: uploaded.pageCount,
      hasText: uploaded.hasText,
      text: uploaded.text,
      jobState: 'queued',
    });
    return { id, type };
  });
  await queueCheck(ctx, id);
  return submitted(id, type);
}

export async function getReport(ctx: AppContext, principal: Principal, id: string): Promise<ComplianceReport> {
  const row = await repo.findReport(ctx.db, owner(principal), id);
  if (!row) throw notFound('Compliance report');
  const [findings, audit, location] = await Promise.all([repo.findingsOf(ctx.db, id), repo.auditOf(ctx.db, { reportId: id }), repo.locationById(ctx.db, row.locationId)]);
  return presentReport(row, location?.code ?? '', findings, audit);
}

export async function history(ctx: AppContext, principal: Principal, filter: repo.HistoryFilter): Promise<ComplianceHistory> {
  const { rows, total } = await repo.listReports(ctx.db, owner(principal), filter);
  const counts = await repo.findingCounts(ctx.db, rows.map((r) => r.id));
  const folders = await repo.folderCounts(ctx.db, owner(principal));
  return {
    reports: rows.map((r) => presentSummary(r, principal.locationCode, counts.filter((c) => c.reportId === r.id))),
    total,
    folders,
  };
}

/** A report whose findings may be changed: its check has completed. */
async function completedReport(ctx: AppContext, principal: Principal, id: string) {
  const row = await repo.findReport(ctx.db, owner(principal), id);
  if (!row) throw notFound('Compliance report');
  if (row.jobState !== 'completed') throw new AppError('CONFLICT', 'The check of this document has not completed yet');
  return row;
}

async function findingOf(ctx: AppContext, reportId: string, findingId: string) {
  const finding = await repo.findingOf(ctx.db, reportId, findingId);
  if (!finding) throw notFound('Finding');
  return finding;
}

export async function setFindingStatus(ctx: AppContext, principal: Principal, reportId: string, findingId: string, status: FindingStatus) {
  await completedReport(ctx, principal, reportId);
  const finding = await findingOf(ctx, reportId, findingId);
  if (finding.status !== status) {
    await repo.updateFindings(ctx.db, reportId, [findingId], { status });
    await repo.addAudit(ctx.db, [{ reportId, findingId, userId: principal.userId, action: 'finding.status', from: finding.status, to: status }]);
  }
  return { report: await getReport(ctx, principal, reportId) };
}

export async function setFindingSeverity(ctx: AppContext, principal: Principal, reportId: string, findingId: string, severity: Severity) {
  await completedReport(ctx, principal, reportId);
  const finding = await findingOf(ctx, reportId, findingId);
  if (finding.severity !== severity) {
    await repo.updateFindings(ctx.db, reportId, [findingId], { severity });
    await repo.addAudit(ctx.db, [{ reportId, findingId, userId: principal.userId, action: 'finding.severity', from: finding.severity, to: severity }]);
  }
  return { report: await getReport(ctx, principal, reportId) };
}

export async function acceptAll(ctx: AppContext, principal: Principal, reportId: string) {
  await completedReport(ctx, principal, reportId);
  const open = (await repo.findingsOf(ctx.db, reportId)).filter((f) => f.status === 'open');
  await repo.updateFindings(ctx.db, reportId, open.map((f) => f.id), { status: 'accepted' });
  await repo.addAudit(ctx.db, open.map((f) => ({ reportId, findingId: f.id, userId: principal.userId, action: 'finding.status', from: 'open', to: 'accepted' })));
  return { report: await getReport(ctx, principal, reportId) };
}

export async function setReportStatus(ctx: AppContext, principal: Principal, reportId: string, status: ReportStatus) {
  const row = await repo.findReport(ctx.db, owner(principal), reportId);
  if (!row) throw notFound('Compliance report');
  if (row.status !== status) {
    await repo.updateReport(ctx.db, owner(principal), reportId, { status });
    await repo.addAudit(ctx.db, [{ reportId, userId: principal.userId, action: 'report.status', from: row.status, to: status }]);
  }
  return { report: await getReport(ctx, principal, reportId) };
}

export async function setReportFolder(ctx: AppContext, principal: Principal, reportId: string, folder: string | null) {
  const row = await repo.findReport(ctx.db, owner(principal), reportId);
  if (!row) throw notFound('Compliance report');
  if (row.folder !== folder) {
    await repo.updateReport(ctx.db, owner(principal), reportId, { folder });
    await repo.addAudit(ctx.db, [{ reportId, userId: principal.userId, action: 'report.folder', from: row.folder, to: folder }]);
  }
  return { report: await getReport(ctx, principal, reportId) };
}

/** A span the user marks for redaction: an accepted privacy finding of origin "user". */
export async function markRedaction(ctx: AppContext, principal: Principal, reportId: string, span: { start: number; end: number }, origin: RequestOrigin) {
  const row = await completedReport(ctx, principal, reportId);
  if (span.end <= span.start || span.end > row.text.length) {
    throw validationFailed('The span is not within the document', [{ field: 'body.end', message: `Give 0 <= start < end <= ${row.text.length}` }]);
  }
  const quote = row.text.slice(span.start, span.end);
  if (!/[\p{L}\p{N}]/u.test(quote)) throw validationFailed('Mark words or numbers to redact', [{ field: 'body.start', message: 'The span holds no words' }]);
  const id = randomUUID();
  await repo.insertFinding(ctx.db, {
    id,
    reportId,
    position: await repo.nextPosition(ctx.db, reportId),
    ruleSet: 'privacy',
    rule: 'privacy.user_marked',
    severity: 'high',
    status: 'accepted',
    start: span.start,
    end: span.end,
    quote,
    basis: { kind: 'rule', reference: 'Marked by the reviewer', title: 'Withheld from release', quote: null, source_url: null, verified: false, section_id: null },
    explanation: 'Marked for redaction by the reviewer.',
    suggestion: null,
    origin: 'user',
  });
  await repo.addAudit(ctx.db, [{ reportId, findingId: id, userId: principal.userId, action: 'finding.added', from: null, to: 'accepted' }]);
  // Where and how long, never the words withheld.
  await recordSafely(ctx, { action: 'redaction.marked', actor: { id: principal.userId }, tenant: tenantOf(principal), origin, details: { report_id: reportId, finding_id: id, characters: span.end - span.start } });
  return { report: await getReport(ctx, principal, reportId) };
}

export async function cancelCheck(ctx: AppContext, principal: Principal, reportId: string) {
  const row = await repo.findReport(ctx.db, owner(principal), reportId);
  if (!row) throw notFound('Compliance report');
  if (row.jobState !== 'queued' && row.jobState !== 'running') throw new AppError('CONFLICT', `The check has already ${row.jobState === 'completed' ? 'completed' : row.jobState}`);
  await repo.endReport(ctx.db, reportId, 'cancelled', null);
  if (row.jobId) await ctx.jobs.cancel(COMPLIANCE_CHECK_JOB, row.jobId);
  await repo.addAudit(ctx.db, [{ reportId, userId: principal.userId, action: 'report.job', from: row.jobState, to: 'cancelled' }]);
  return { report: await getReport(ctx, principal, reportId) };
}
