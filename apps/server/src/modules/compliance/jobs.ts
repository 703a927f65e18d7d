import { randomUUID } from 'node:crypto';
import type { ComplianceType } from '@civicdesk/contract';
import type { AppContext } from '../../platform/context';
import { readScanFile } from '../../platform/files/ocr/job';
import { fileStore } from '../../platform/files/store';
import { runCheck } from './check';
import { codeBookOf } from './code-book';
import { citySettings, locationLaw } from '../locations/settings';
import * as repo from './repo';

export const COMPLIANCE_CHECK_JOB = 'compliance-check';

class Cancelled extends Error {}

/**
 * A scanned upload read by OCR in its worker thread (decision 039), page by page on the report's
 * progress; its text is stored as the report's (the findings' places point into it). Null when OCR
 * finds no words: the report then checks what it can, as before.
 */
async function readScan(ctx: AppContext, reportId: string, storageKey: string) {
  const scan = await readScanFile(fileStore(ctx.config.dataDir).localPath(storageKey), (p) => {
    void repo.setProgress(ctx.db, reportId, 2 + Math.round((40 * p.done) / p.total), 'reading by OCR').catch(() => undefined);
  });
  if (!scan.text) return null;
  await repo.setReportText(ctx.db, reportId, scan.text);
  return scan;
}

/**
 * The compliance check as a job: read the report, run its rule sets, write the findings and mark it
 * completed in one transaction. A cancel seen between rule sets stops it with nothing written; a
 * failure is retried by the queue, and the last failed attempt marks the report failed.
 */
export function defineComplianceJobs(ctx: AppContext) {
  ctx.jobs.define<{ reportId: string }>(
    COMPLIANCE_CHECK_JOB,
    async ({ reportId }, job) => {
      const report = await repo.reportById(ctx.db, reportId);
      if (!report || (report.jobState !== 'queued' && report.jobState !== 'running')) return;
      try {
        const location = await repo.locationById(ctx.db, report.locationId);
        if (!location) throw new Error('The report\'s location no longer exists');
        await repo.setProgress(ctx.db, reportId, 2, 'reading');
        const pdf = report.fileKind === 'pdf' && report.storageKey ? await fileStore(ctx.config.dataDir).read(report.storageKey) : null;
        // A scan's words are read by OCR first, so its content is checked too; it still has no text layer (accessibility says so).
        const scan = pdf && !report.hasText && report.storageKey ? await readScan(ctx, reportId, report.storageKey) : null;
        const outcome = await runCheck(
          {
            text: scan?.text ?? report.text,
            complianceType: report.complianceType as ComplianceType,
            stateCode: citySettings(location).holidays_region,
            law: locationLaw(location),
            pdf,
            hasText: report.hasText,
          },
          codeBookOf(ctx.db, { id: location.id, code: location.code, codeName: citySettings(location).drafting.code_name }),
          async (stage, done) => {
            const current = await repo.reportById(ctx.db, reportId);
            if (current?.jobState === 'cancelled') throw new Cancelled();
            await repo.setProgress(ctx.db, reportId, done, stage);
          },
        );
        const rows = outcome.findings
          .sort((a, b) => (a.start ?? -1) - (b.start ?? -1))
          .map((f, position) => ({
            id: randomUUID(),
            reportId,
            position,
            ruleSet: f.ruleSet,
            rule: f.rule,
            entityType: f.entityType ?? null,
            severity: f.severity,
            start: f.start,
            end: f.end,
            quote: f.quote,
            basis: f.basis,
            explanation: f.explanation,
            suggestion: f.suggestion,
            difference: f.difference ?? null,
            places: f.places?.length ? f.places : null,
            confidence: f.confidence ?? null,
            status: f.status ?? 'open',
            origin: 'rule',
          }));
        const ocr = scan ? { ocr: scan.reading } : {};
        await repo.completeReport(ctx.db, reportId, rows, { engine: 'offline', documentFacts: outcome.facts ? { ...outcome.facts, rule_sets: outcome.ruleSets, ...ocr } : { rule_sets: outcome.ruleSets, ...ocr } });
      } catch (err) {
        if (err instanceof Cancelled) return;
        if (job.lastAttempt) await repo.endReport(ctx.db, reportId, 'failed', 'The check could not be completed. Try again, or contact support if it fails again.');
        throw err;
      }
    },
    // A check spends most of its time waiting (on the database, and for its turns on a busy event loop):
    // four at once per process keep reports completing while the API is saturated.
    { retryLimit: 2, expireInSeconds: 3600, concurrency: 4 },
  );
}
