import { useId, useState } from 'react';
import type { ComplianceReportSummary, PraRequest } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { complianceKeys, draftPraEmail, useComplianceHistory } from '../../api/compliance';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';
import { todayIso } from './fields';

/** "Draft records-request email": the request, when it came, who asked, and which checked documents to release. */
export function PraDraftDialog({ open, onOpenChange, onDrafted }: { open: boolean; onOpenChange: (open: boolean) => void; onDrafted: (request: PraRequest) => void }) {
  const { t } = useI18n();
  const ids = useId();
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const [requestText, setRequestText] = useState('');
  const [receivedDate, setReceivedDate] = useState(todayIso);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reportIds, setReportIds] = useState<string[]>([]);
  // The documents that can be released: the user's completed checks (the newest hundred).
  const reports = useComplianceHistory({ page: 1, limit: 100 });

  const submit = submission.submitWith(async () => {
    if (!requestText.trim()) {
      submission.setErrors({ 'body.request_text': t('praRequestRequired') });
      return;
    }
    const drafted = await draftPraEmail({
      request_text: requestText.trim(),
      received_date: receivedDate,
      ...(name.trim() ? { requester_name: name.trim() } : {}),
      ...(email.trim() ? { requester_email: email.trim() } : {}),
      report_ids: reportIds,
    });
    await queryClient.invalidateQueries({ queryKey: complianceKeys.praRequests });
    onDrafted(drafted);
    onOpenChange(false);
    setRequestText('');
    setReportIds([]);
  });

  const fieldError = (field: string) => submission.errors[`body.${field}`] ?? submission.errors[field];
  const toggle = (id: string, on: boolean) => setReportIds((current) => (on ? [...current, id] : current.filter((r) => r !== id)));
  const requestError = fieldError('request_text');
  const dateError = fieldError('received_date');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('draftPraEmail')}</DialogTitle>
          <DialogDescription>{t('draftPraDescription')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <div className="grid gap-1">
            <Label htmlFor={`${ids}-request`}>{t('praRequestText')}</Label>
            <Textarea
              id={`${ids}-request`}
              rows={5}
              value={requestText}
              aria-invalid={Boolean(requestError) || undefined}
              aria-describedby={requestError ? `${ids}-request-error` : undefined}
              onChange={(e) => setRequestText(e.target.value)}
            />
            {requestError && (
              <p id={`${ids}-request-error`} className="text-sm text-red-800">
                {requestError}
              </p>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-received`}>{t('praReceivedDate')}</Label>
              <Input id={`${ids}-received`} type="date" required value={receivedDate} aria-invalid={Boolean(dateError) || undefined} onChange={(e) => setReceivedDate(e.target.value)} />
              {dateError && <p className="text-sm text-red-800">{dateError}</p>}
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-name`}>{t('praRequesterName')}</Label>
              <Input id={`${ids}-name`} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-email`}>{t('praRequesterEmail')}</Label>
              <Input id={`${ids}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-slate-900">{t('praDocuments')}</legend>
            <QueryState query={reports}>
              {(data) => <ReportChoices reports={data.reports.filter((r) => r.job_state === 'completed')} chosen={reportIds} onToggle={toggle} />}
            </QueryState>
          </fieldset>
          {submission.error && (
            <p role="alert" className="text-sm text-red-800">
              {submission.error}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submission.busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={submission.busy}>
              {submission.busy ? t('draftingPraEmail') : t('draftPraSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReportChoices({ reports, chosen, onToggle }: { reports: ComplianceReportSummary[]; chosen: string[]; onToggle: (id: string, on: boolean) => void }) {
  const { t } = useI18n();
  if (reports.length === 0) return <p className="text-sm text-slate-700">{t('praNoReports')}</p>;
  return (
    <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2">
      {reports.map((report) => (
        <li key={report.id}>
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input type="checkbox" className="mt-1 size-4 accent-blue-700" checked={chosen.includes(report.id)} onChange={(e) => onToggle(report.id, e.target.checked)} />
            <span>
              {report.title}
              <span className="text-slate-700"> · {t(`complianceTypeShort_${report.compliance_type}`)} · {t('acceptedCount', { count: report.counts.accepted })}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
