import { useEffect, useMemo, useRef, useState } from 'react';
import { RULE_SETS, SEVERITIES, type ComplianceFinding, type ComplianceReport, type RuleSet } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck, FileDown } from 'lucide-react';
import {
  acceptAllFindings,
  cancelCheck,
  complianceKeys,
  downloadRedactedPdf,
  markRedaction,
  updateFindingSeverity,
  updateFindingStatus,
  updateReportFolder,
  updateReportStatus,
  useComplianceReport,
} from '../../api/compliance';
import { userMessageOf } from '../../api/client';
import { isJobActive } from '../../api/jobs';
import { Panel } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { ruleLabel } from './compliance-words';
import { useNotify } from '../../lib/notify';
import { revealInScrollArea } from '../../lib/scroll';
import { AuditTrail } from './AuditTrail';
import { DocumentText, type FocusRequest } from './DocumentText';
import { FindingCard } from './FindingCard';
import { JobProgress } from '../../components/job-progress';
import { ReportDetails } from './ReportDetails';

const isRuleSet = (stage: string): stage is RuleSet => (RULE_SETS as readonly string[]).includes(stage);

/** Findings in reading order: those about the whole document first, then by where they start, the worst first. */
function inReadingOrder(findings: ComplianceFinding[]): ComplianceFinding[] {
  return [...findings].sort(
    (a, b) => (a.start ?? -1) - (b.start ?? -1) || SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity),
  );
}

/** The report shown on /compliance?report={id}: polled while its check runs, then its document and findings. */
export function ReportView({ reportId, folders }: { reportId: string; folders: string[] }) {
  const query = useComplianceReport(reportId);
  return <QueryState query={query}>{(report) => <LoadedReport report={report} folders={folders} />}</QueryState>;
}

function LoadedReport({ report, folders }: { report: ComplianceReport; folders: string[] }) {
  const { t, language } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const findings = useMemo(() => inReadingOrder(report.findings), [report.findings]);
  const headingId = `report-${report.id}-heading`;
  const active = isJobActive(report.job_state);

  // When the check finishes, the history's row of it is out of date.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: [...complianceKeys.all, 'history'] });
    wasActive.current = active;
  }, [active, queryClient]);

  /** Runs a change; the answer is the whole report, which replaces the cached one. */
  const apply = async (key: string, action: () => Promise<{ report: ComplianceReport }>, done?: MessageKey): Promise<boolean> => {
    setBusy(key);
    try {
      const answer = await action();
      queryClient.setQueryData(complianceKeys.report(report.id), answer.report);
      void queryClient.invalidateQueries({ queryKey: [...complianceKeys.all, 'history'] });
      if (done) notify.success(done);
      return true;
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    setBusy('download');
    try {
      await downloadRedactedPdf(report);
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setBusy(null);
    }
  };

  const select = (findingId: string, focus: boolean) => {
    setSelectedId(findingId);
    if (focus) setFocusRequest({ findingId, nonce: Date.now() });
    else revealInScrollArea(document.getElementById(`finding-${findingId}`), { smooth: false });
  };

  const completed = report.job_state === 'completed';
  const describeFinding = (id: string) => {
    const finding = report.findings.find((f) => f.id === id);
    return finding ? `${ruleLabel(language, finding)}${finding.quote ? ` “${finding.quote.slice(0, 40)}”` : ''}` : null;
  };

  return (
    <Panel aria-labelledby={headingId} className="grid gap-5">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {report.title}
      </h2>
      <ReportDetails
        report={report}
        folders={folders}
        busy={busy !== null}
        onStatus={(status) => void apply('status', () => updateReportStatus(report.id, status), 'reportStatusSaved')}
        onFolder={(folder) => void apply('folder', () => updateReportFolder(report.id, folder), 'reportFolderSaved')}
      />
      {active && (
        <JobProgress
          label={t('checkInProgress')}
          state={report.job_state}
          progress={report.progress}
          stage={report.stage && isRuleSet(report.stage) ? t(`complianceTypeShort_${report.stage}`) : report.stage}
          cancelling={busy === 'cancel'}
          onCancel={() => void apply('cancel', () => cancelCheck(report.id), 'checkCancelled')}
        />
      )}
      {report.job_state === 'failed' && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {t('checkFailed', { error: report.error ?? t('serverError') })}
        </p>
      )}
      {report.job_state === 'cancelled' && <p className="rounded-md border border-slate-400 bg-slate-50 px-4 py-3 text-sm text-slate-900">{t('checkWasCancelled')}</p>}
      {completed && (
        <>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy !== null || report.counts.open === 0} onClick={() => void apply('accept-all', () => acceptAllFindings(report.id), 'allFindingsAccepted')}>
              <CheckCheck aria-hidden="true" />
              {t('acceptAllFindings')}
            </Button>
            <Button variant="outline" disabled={busy !== null || !report.redactable} onClick={() => void download()} aria-describedby={report.redactable ? undefined : `${headingId}-redact-hint`}>
              <FileDown aria-hidden="true" />
              {busy === 'download' ? t('downloadingRedacted') : t('downloadRedactedPdf')}
            </Button>
            {!report.redactable && (
              <p id={`${headingId}-redact-hint`} className="self-center text-xs text-slate-700">
                {t('redactedPdfHint')}
              </p>
            )}
          </div>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section aria-labelledby={`${headingId}-document`} className="grid content-start gap-2">
              <h3 id={`${headingId}-document`} className="font-semibold text-slate-900">
                {t('documentHeading')}
              </h3>
              <DocumentText
                text={report.text}
                findings={report.findings}
                selectedId={selectedId}
                focusRequest={focusRequest}
                onSelect={(id) => select(id, false)}
                marking={busy === 'redaction'}
                onMarkRedaction={(start, end) => apply('redaction', () => markRedaction(report.id, start, end), 'redactionMarked')}
              />
            </section>
            <section aria-labelledby={`${headingId}-findings`} className="grid content-start gap-2">
              <h3 id={`${headingId}-findings`} className="font-semibold text-slate-900">
                {t('findingsHeading', { count: findings.length })}
              </h3>
              {findings.length === 0 ? (
                <p className="text-sm text-slate-700">{t('noFindings')}</p>
              ) : (
                <ul className="grid max-h-[75vh] gap-2 overflow-y-auto p-1">
                  {findings.map((finding) => (
                    <FindingCard
                        key={finding.id}
                        id={`finding-${finding.id}`}
                        finding={finding}
                        selected={finding.id === selectedId}
                        busy={busy !== null}
                        onSelect={() => select(finding.id, true)}
                        onStatus={(status) => void apply(`finding-${finding.id}`, () => updateFindingStatus(report.id, finding.id, status))}
                        onSeverity={(severity) => void apply(`finding-${finding.id}`, () => updateFindingSeverity(report.id, finding.id, severity))}
                      />
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
      <AuditTrail entries={report.audit} describeFinding={describeFinding} />
    </Panel>
  );
}
