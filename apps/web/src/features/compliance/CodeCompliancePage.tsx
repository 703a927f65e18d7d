import { useId, useState } from 'react';
import { CODE_RULES, type CodeReport, type CodeRule } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { MapPinOff, Play } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { complianceKeys, startCodeRun, useCodeReport, type CodeReportView } from '../../api/compliance';
import { userMessageOf } from '../../api/client';
import { isJobActive } from '../../api/jobs';
import { Page, Panel, StatePanel } from '../../components/page';
import { formatDate, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { CodeFindingsTable } from './CodeFindingsTable';
import { CodeRunChanges } from './CodeRunChanges';
import { selectClass } from './fields';
import { JobProgress } from '../../components/job-progress';

const isCodeRule = (value: string | null): value is CodeRule => (CODE_RULES as readonly string[]).includes(value ?? '');

/** /compliance/code: the location's code checked against itself and its adopted model codes, run by run. */
export function CodeCompliancePage() {
  const { t } = useI18n();
  const { locationCode } = useSession();
  const [params, setParams] = useSearchParams();
  const rule = params.get('rule');
  const view: CodeReportView = {
    run_id: params.get('run_id') ?? undefined,
    rule: isCodeRule(rule) ? rule : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const report = useCodeReport(locationCode, view);

  const setView = (next: CodeReportView) => {
    const search = new URLSearchParams();
    if (next.run_id) search.set('run_id', next.run_id);
    if (next.rule) search.set('rule', next.rule);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <Page title={t('navCodeCompliance')} description={t('descCodeCompliance')} className="max-w-6xl">
      {locationCode ? (
        <QueryState query={report}>{(data) => <CodeReportBody report={data} locationCode={locationCode} view={view} onView={setView} />}</QueryState>
      ) : (
        <StatePanel icon={MapPinOff} title={t('codeNoLocation')} tone="warning">
          {t('codeNoLocationBody')}
        </StatePanel>
      )}
    </Page>
  );
}

function CodeReportBody({ report, locationCode, view, onView }: { report: CodeReport; locationCode: string; view: CodeReportView; onView: (view: CodeReportView) => void }) {
  const { t, language } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const ids = useId();
  const [starting, setStarting] = useState(false);
  const run = report.run;
  const newest = report.runs[0];
  const running = isJobActive(newest?.job_state);

  const runNow = async () => {
    setStarting(true);
    try {
      await startCodeRun(locationCode);
      onView({ page: 1 });
      await queryClient.invalidateQueries({ queryKey: complianceKeys.codeAll });
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setStarting(false);
    }
  };

  const adopted = Object.entries(report.adopted_codes);
  return (
    <div className="grid gap-6">
      <Panel aria-labelledby={`${ids}-summary`} className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={`${ids}-summary`} className="text-lg font-semibold text-slate-900">
              {t('codeRunSummary', { location: report.location_name })}
            </h2>
            {adopted.length > 0 && <p className="text-sm text-slate-700">{t('codeAdopted', { codes: adopted.map(([code, year]) => `${code} ${year}`).join(', ') })}</p>}
          </div>
          <Button onClick={() => void runNow()} disabled={starting || running}>
            <Play aria-hidden="true" />
            {starting ? t('codeStarting') : t('codeRunNow')}
          </Button>
        </div>
        {running && newest && <JobProgress label={t('codeRunInProgress')} state={newest.job_state} progress={newest.progress} />}
        {report.runs.length > 0 && (
          <div className="grid max-w-md gap-1">
            <Label htmlFor={`${ids}-run`}>{t('codeRunSelect')}</Label>
            <select id={`${ids}-run`} className={selectClass} value={view.run_id ?? ''} onChange={(e) => onView({ run_id: e.target.value || undefined, rule: view.rule, page: 1 })}>
              <option value="">{t('codeLatestRun')}</option>
              {report.runs.map((r) => (
                <option key={r.run_id} value={r.run_id}>
                  {t('codeRunOption', { date: formatDate(r.created_at, language), state: t(`jobState_${r.job_state}`), count: r.total })}
                </option>
              ))}
            </select>
          </div>
        )}
        {run ? (
          <>
            {run.job_state === 'failed' && (
              <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
                {t('checkFailed', { error: run.error ?? t('serverError') })}
              </p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
              <dt className="font-medium text-slate-900">{t('codeRunWhen')}</dt>
              <dd>{formatDate(run.completed_at ?? run.created_at, language)}</dd>
              <dt className="font-medium text-slate-900">{t('reportJobState')}</dt>
              <dd>{t(`jobState_${run.job_state}`)}</dd>
              <dt className="font-medium text-slate-900">{t('codeSectionsChecked')}</dt>
              <dd>{run.sections_checked.toLocaleString(language)}</dd>
              <dt className="font-medium text-slate-900">{t('codeTotalFindings')}</dt>
              <dd>{t('codeTotalWithChanges', { total: run.total, added: run.new_count, resolved: run.resolved_count })}</dd>
            </dl>
            <ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label={t('codeCountsByRule')}>
              {CODE_RULES.map((r) => (
                <li key={r} className="flex justify-between gap-2 rounded border border-slate-200 px-3 py-1.5">
                  <span className="text-slate-800">{t(`codeRule_${r}`)}</span>
                  <span className="font-semibold text-slate-900">{run.counts[r] ?? 0}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-slate-700">{t('codeNoRunYet')}</p>
        )}
      </Panel>
      {run && run.job_state === 'completed' && (
        <>
          <Panel aria-labelledby={`${ids}-findings`} className="grid gap-3">
            <h2 id={`${ids}-findings`} className="text-lg font-semibold text-slate-900">
              {t('codeFindingsHeading')}
            </h2>
            <CodeFindingsTable
              findings={report.findings}
              total={report.findings_total}
              rule={view.rule}
              page={view.page}
              onRule={(rule) => onView({ ...view, rule, page: 1 })}
              onPage={(page) => onView({ ...view, page })}
            />
          </Panel>
          <CodeRunChanges diff={report.diff} />
        </>
      )}
    </div>
  );
}
