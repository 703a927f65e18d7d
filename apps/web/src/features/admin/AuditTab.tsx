import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, ROLES, type AuditAction, type AuditEventView } from '@civicdesk/contract';
import { useAuditLog, type AuditFilters } from '../../api/admin';
import { EmptyRow, QueryState, formatDate } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n, type MessageKey, type Translate } from '../../lib/i18n';
import { selectClass } from './form-styles';

const isKnownAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

/**
 * The audit log (decision 028): who did what, when and from where, newest first. An ADMIN sees every
 * location, a superuser its own. Pages go by the server's cursor: the cursors of the pages seen are
 * kept, so "Newer" steps back without asking for page numbers.
 */
export function AuditTab() {
  const { t } = useI18n();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const log = useAuditLog(filters, cursors.at(-1) ?? null);
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCursors([null]);
  };
  const filtered = Boolean(filters.action || filters.actor || filters.from || filters.to);

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">{t('auditIntro')}</p>
      <AuditFilterForm filters={filters} onApply={apply} />
      <QueryState query={log}>
        {(page) => (
          <>
            <Table caption={t('tabAudit')} aria-busy={log.isFetching || undefined}>
              <thead>
                <tr>
                  <Th>{t('colWhen')}</Th>
                  <Th>{t('colWho')}</Th>
                  <Th>{t('colAction')}</Th>
                  <Th>{t('colWhere')}</Th>
                  <Th>{t('colLocation')}</Th>
                  <Th>{t('colDetails')}</Th>
                </tr>
              </thead>
              <tbody>
                {page.events.length === 0 && <EmptyRow colSpan={6}>{filtered ? t('auditNoMatch') : t('auditNoEvents')}</EmptyRow>}
                {page.events.map((event) => (
                  <AuditRow key={event.id} event={event} />
                ))}
              </tbody>
            </Table>
            <nav aria-label={t('auditPages')} className="flex flex-wrap items-center justify-end gap-3">
              <span className="text-sm text-slate-700" aria-live="polite">
                {t('auditPageNumber', { page: cursors.length })}
              </span>
              <Button variant="outline" size="sm" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                {t('auditNewer')}
              </Button>
              <Button variant="outline" size="sm" disabled={!page.next_cursor} onClick={() => setCursors((c) => [...c, page.next_cursor])}>
                {t('auditOlder')}
              </Button>
            </nav>
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The filters apply together on submit, so typing an email does not ask the server at every key. */
function AuditFilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useI18n();
  const ids = useId();
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, actor: draft.actor?.trim() || undefined });
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto_auto] lg:items-start" onSubmit={submit} aria-label={t('auditFilters')}>
      <div className="grid min-w-0 content-start gap-1">
        <Label htmlFor={`${ids}-action`}>{t('auditActionLabel')}</Label>
        <select id={`${ids}-action`} className={`${selectClass} w-full min-w-0`} value={draft.action ?? ''} onChange={(e) => set({ action: (e.target.value || undefined) as AuditAction | undefined })}>
          <option value="">{t('auditAllActions')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`auditAction_${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid min-w-0 content-start gap-1">
        <Label htmlFor={`${ids}-actor`}>{t('auditActorLabel')}</Label>
        <Input id={`${ids}-actor`} type="search" maxLength={254} aria-describedby={`${ids}-actor-hint`} value={draft.actor ?? ''} onChange={(e) => set({ actor: e.target.value })} />
        <p id={`${ids}-actor-hint`} className="text-xs text-slate-700">
          {t('auditActorHint')}
        </p>
      </div>
      <div className="grid min-w-0 content-start gap-1">
        <Label htmlFor={`${ids}-from`}>{t('auditFromLabel')}</Label>
        <Input id={`${ids}-from`} type="date" max={draft.to} value={draft.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
      </div>
      <div className="grid min-w-0 content-start gap-1">
        <Label htmlFor={`${ids}-to`}>{t('auditToLabel')}</Label>
        <Input id={`${ids}-to`} type="date" min={draft.from} value={draft.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
      </div>
      {/* Level with the inputs: below their labels' line. */}
      <Button type="submit" className="lg:mt-6">
        {t('auditApply')}
      </Button>
      <Button type="button" variant="outline" className="lg:mt-6" onClick={clear}>
        {t('auditClearFilters')}
      </Button>
    </form>
  );
}

function AuditRow({ event }: { event: AuditEventView }) {
  const { t, language } = useI18n();
  return (
    <tr>
      <Td className="whitespace-nowrap">
        <time dateTime={event.occurred_at}>{formatDate(event.occurred_at, language)}</time>
      </Td>
      <Td className="[overflow-wrap:anywhere]">{event.actor_email ? <BreakableEmail email={event.actor_email} /> : t('auditUnknownActor')}</Td>
      <Td className="whitespace-nowrap font-medium">{isKnownAction(event.action) ? t(`auditAction_${event.action}`) : event.action}</Td>
      <Td>
        {event.ip ?? '—'}
        {event.user_agent && (
          <span className="block max-w-56 truncate text-xs text-slate-700" title={event.user_agent}>
            {event.user_agent}
          </span>
        )}
      </Td>
      <Td>{event.location_code ?? '—'}</Td>
      <Td>
        <DetailList details={event.details} t={t} />
      </Td>
    </tr>
  );
}

/** The event's details as "name: value" lines; lists joined with commas. */
export function DetailList({ details, t }: { details: Record<string, unknown>; t: Translate }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <span className="text-slate-700">{t('auditNoDetails')}</span>;
  return (
    <ul className="grid gap-0.5 text-sm">
      {entries.map(([name, value]) => (
        <li key={name} className="break-words">
          <span className="text-slate-700">{name.replaceAll('_', ' ')}:</span> <DetailValue name={name} value={value} t={t} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One detail's value as a reader takes it in (issue 22): a role by its name ("City manager", not
 * CITY_MANAGER), a record's id shortened (the whole id is its tooltip, for support), a list joined.
 */
function DetailValue({ name, value, t }: { name: string; value: unknown; t: Translate }) {
  if (Array.isArray(value)) return <>{value.map((v) => roleOr(v, t)).join(', ') || '—'}</>;
  if (typeof value === 'string' && /_id$/.test(name) && value.length > 12) {
    return (
      <span className="font-mono text-xs" title={value}>
        {value.slice(0, 8)}…
      </span>
    );
  }
  return <>{roleOr(value, t)}</>;
}

const roleOr = (value: unknown, t: Translate) => (typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? t(`role${value}` as MessageKey) : String(value ?? '—'));

/** An email that wraps after its "@" in a narrow column (then anywhere, if a part is still too long). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
