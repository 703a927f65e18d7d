import type { Principal } from '../../../platform/auth/guard';
import type { AppContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { fileStore } from '../../../platform/files/store';
import * as repo from '../repo';
import { findLeaks } from './leaks';
import { rasterRedactedPdf } from './raster-pdf';
import { redactionSpans } from './spans';
import { textToRedactedPdf } from './text-pdf';
import { recordSafely, tenantOf, type RequestOrigin } from '../../audit/service';

/**
 * GET /compliance/compliance-report/download-redacted-pdf/{id}: the document for release, with the
 * accepted privacy findings and the spans the reviewer marked removed (decision 026). The file's
 * name and title are neutral: a file name can hold the very name that was withheld.
 */
export async function redactedPdf(ctx: AppContext, principal: Principal, reportId: string, origin: RequestOrigin): Promise<{ bytes: Uint8Array; filename: string; redactions: number }> {
  const report = await repo.findReport(ctx.db, { userId: principal.userId }, reportId);
  if (!report) throw notFound('Compliance report');
  if (report.jobState !== 'completed') throw new AppError('CONFLICT', 'The check of this document has not completed yet');
  const accepted = (await repo.acceptedPrivacyFindings(ctx.db, [reportId])).filter((f) => f.start !== null && f.end !== null);
  const spans = redactionSpans(report.text, accepted.flatMap((f) => [{ start: f.start!, end: f.end! }, ...(((f.places as { start: number; end: number }[] | null) ?? []))]));
  const title = 'Redacted copy for release';
  let bytes: Uint8Array | null = null;
  if (report.fileKind === 'pdf' && report.storageKey) {
    const original = await fileStore(ctx.config.dataDir).read(report.storageKey);
    bytes = await rasterRedactedPdf(original, report.text, spans, title);
  }
  bytes ??= await textToRedactedPdf(report.text, spans, title);
  // The requester's attack, run before the file leaves: a value found in it is never sent.
  const values = spans.map((s) => report.text.slice(s.start, s.end));
  if ((await findLeaks(bytes, values, { skipImages: true })).length) {
    bytes = await textToRedactedPdf(report.text, spans, title);
    if ((await findLeaks(bytes, values)).length) throw new AppError('INTERNAL_ERROR', 'The redacted copy could not be made safely');
  }
  await repo.addAudit(ctx.db, [{ reportId, userId: principal.userId, action: 'report.redacted_download', from: null, to: `${spans.length} redaction${spans.length === 1 ? '' : 's'}` }]);
  await recordSafely(ctx, { action: 'redacted_pdf.downloaded', actor: { id: principal.userId }, tenant: tenantOf(principal), origin, details: { report_id: reportId, redactions: spans.length } });
  return { bytes, filename: `redacted-${reportId.slice(0, 8)}.pdf`, redactions: spans.length };
}
