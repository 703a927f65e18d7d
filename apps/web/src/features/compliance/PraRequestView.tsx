import { useEffect, useId, useState } from 'react';
import type { PraRequest, PraStatus, PraUpdate } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CalendarClock, Save } from 'lucide-react';
import { complianceKeys, updatePraRequest } from '../../api/compliance';
import { userMessageOf } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { AuditTrail } from './AuditTrail';
import { formatDay } from './fields';

/** The moves a records request can make from each status (the server recomputes the due date). */
const MOVES: Record<PraStatus, { to: PraStatus; key: MessageKey }[]> = {
  draft: [{ to: 'sent', key: 'praMarkSent' }, { to: 'closed', key: 'praClose' }],
  sent: [{ to: 'extended', key: 'praExtend' }, { to: 'awaiting_requester', key: 'praAskClarify' }, { to: 'closed', key: 'praClose' }],
  extended: [{ to: 'awaiting_requester', key: 'praAskClarify' }, { to: 'closed', key: 'praClose' }],
  awaiting_requester: [{ to: 'sent', key: 'praRequesterAnswered' }, { to: 'closed', key: 'praClose' }],
  closed: [],
};

/** One records request: its due date first, the statute and exemptions the email cites, the email to edit, and its status. */
export function PraRequestView({ request }: { request: PraRequest }) {
  const { t, language } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const ids = useId();
  const [subject, setSubject] = useState(request.email_subject);
  const [body, setBody] = useState(request.email_body);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setSubject(request.email_subject);
    setBody(request.email_body);
  }, [request.id, request.email_subject, request.email_body]);

  const update = async (change: Omit<PraUpdate, 'pra_id'>, done: MessageKey) => {
    setBusy(true);
    try {
      const saved = await updatePraRequest({ pra_id: request.id, ...change });
      queryClient.setQueryData<{ requests: PraRequest[] }>(complianceKeys.praRequests, (list) => list && { requests: list.requests.map((r) => (r.id === saved.id ? saved : r)) });
      void queryClient.invalidateQueries({ queryKey: complianceKeys.praRequests });
      notify.success(done);
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setBusy(false);
    }
  };

  const edited = subject !== request.email_subject || body !== request.email_body;
  const statute = request.statute;
  return (
    <article aria-labelledby={`${ids}-heading`} className="grid gap-4 rounded-md border border-slate-300 bg-white p-4">
      <h3 id={`${ids}-heading`} className="font-semibold text-slate-900">
        {request.requester_name ? t('praRequestFrom', { name: request.requester_name }) : t('praRequestUntitled')}
      </h3>
      <div className="flex flex-wrap items-center gap-3 rounded-md border-2 border-blue-700 bg-blue-50 p-3">
        <CalendarClock className="size-6 text-blue-800" aria-hidden="true" />
        <p className="text-slate-900">
          <span className="block text-sm font-medium">{t('praDueDate')}</span>
          <strong className="text-xl" data-testid="pra-due-date">
            {request.due_date ? <time dateTime={request.due_date}>{formatDay(request.due_date, language)}</time> : t('praDuePaused')}
          </strong>
          <span className="block text-xs text-slate-800">
            {t('praReceivedOn', { date: formatDay(request.received_date, language) })} · {t(`praStatus_${request.status}`)}
            {request.extended && ` · ${t('praExtended')}`}
          </span>
        </p>
      </div>
      <div className="grid gap-1 text-sm text-slate-800">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">
            {statute.reference} {statute.title}
          </span>
          {statute.verified && (
            <span className="inline-flex items-center gap-1 rounded border border-green-700 bg-green-50 px-1.5 py-0.5 text-xs text-green-900">
              <BadgeCheck className="size-3" aria-hidden="true" />
              {t('basisVerified')}
            </span>
          )}
        </p>
        <p>{t('praDeadlineRule', { days: statute.days, unit: statute.business_days ? t('businessDays') : t('calendarDays'), extension: statute.extension_days })}</p>
        {statute.quote && <blockquote className="whitespace-pre-wrap border-l-4 border-slate-300 pl-2 text-xs">{statute.quote}</blockquote>}
      </div>
      <div className="grid gap-1 text-sm">
        <h4 className="font-medium text-slate-900">{t('praExemptions')}</h4>
        {request.exemptions.length === 0 ? (
          <p className="text-slate-700">{t('praNoExemptions')}</p>
        ) : (
          <ul className="list-disc pl-5 text-slate-800">
            {request.exemptions.map((exemption, index) => (
              <li key={index}>
                <span className="font-medium">{exemption.reference}</span> {exemption.label}: {exemption.applied_to}
              </li>
            ))}
          </ul>
        )}
        {request.documents.length > 0 && (
          <>
            <h4 className="mt-2 font-medium text-slate-900">{t('praDocuments')}</h4>
            <ul className="list-disc pl-5 text-slate-800">
              {request.documents.map((document) => (
                <li key={document.report_id}>{t('praDocumentRedactions', { title: document.title, count: document.redactions })}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (subject.trim() && body.trim()) void update({ email_subject: subject.trim(), email_body: body.trim() }, 'praEmailSaved');
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-subject`}>{t('praEmailSubject')}</Label>
          <Input id={`${ids}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${ids}-body`}>{t('praEmailBody')}</Label>
          <Textarea id={`${ids}-body`} rows={12} value={body} onChange={(e) => setBody(e.target.value)} />
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={busy || !edited || !subject.trim() || !body.trim()}>
            <Save aria-hidden="true" />
            {t('save')}
          </Button>
        </div>
      </form>
      {MOVES[request.status].length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('praStatusActions')}>
          {MOVES[request.status].map((move) => (
            <Button key={move.to} size="sm" variant={move.to === 'closed' ? 'outline' : 'default'} disabled={busy} onClick={() => void update({ status: move.to }, 'praStatusSaved')}>
              {t(move.key)}
            </Button>
          ))}
        </div>
      )}
      <AuditTrail entries={request.audit} />
    </article>
  );
}
