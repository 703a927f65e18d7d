import { randomUUID } from 'node:crypto';
import type { PraDraftRequest, PraRequest, PraStatus, PraUpdate, PrivacyEntityType } from '@civicdesk/contract';
import { containsQuote, sentencesOf } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { resolveLocation } from '../../platform/tenancy';
import { addBusinessDays, addDays, businessCalendar, type Pause } from './calendar';
import { codeBookOf } from './code-book';
import { citySettings, type RecordsLaw } from '../locations/settings';
import { presentAudit } from './presenter';
import * as repo from './repo';
import { composePraEmail, type PraLetter } from './pra-email';
import { withoutValues } from './redaction/spans';

/**
 * Records requests (decision 024): a clerk's answer to a public-records request, with the legal due
 * date counted in business days from the day received (the location's records law: for the
 * District, D.C. Code § 2-532(c), 15 days without weekends and legal holidays, 10 more in unusual
 * circumstances under (d)), the clock stopped while the requester is asked to clarify, and the
 * exemptions applied to the released documents' redactions.
 */
const owner = (p: Principal): repo.Owner => ({ userId: p.userId });

/** A request moves only along these lines; a closed one stays closed. */
export const PRA_TRANSITIONS: Record<PraStatus, PraStatus[]> = {
  draft: ['sent', 'awaiting_requester', 'closed'],
  sent: ['extended', 'awaiting_requester', 'closed'],
  extended: ['awaiting_requester', 'closed'],
  awaiting_requester: ['sent', 'extended', 'closed'],
  closed: [],
};

/** Today in the District (the day a clerk would write on a letter). */
export const todayInDc = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);

const ENTITY_WORDS: Record<PrivacyEntityType | 'MARKED', [string, string]> = {
  PERSON: ['name of a private person', 'names of private persons'],
  ADDRESS: ['home address', 'home addresses'],
  PHONE: ['personal phone number', 'personal phone numbers'],
  EMAIL: ['personal e-mail address', 'personal e-mail addresses'],
  SSN: ['Social Security number', 'Social Security numbers'],
  DATE_OF_BIRTH: ['date of birth', 'dates of birth'],
  DRIVER_LICENSE: ["driver's licence number", "driver's licence numbers"],
  BANK_ACCOUNT: ['bank account number', 'bank account numbers'],
  CREDIT_CARD: ['payment card number', 'payment card numbers'],
  MARKED: ['passage marked by the reviewer', 'passages marked by the reviewer'],
};

export function dueDateOf(law: RecordsLaw | null, stateCode: string, received: string, extended: boolean, pauses: Pause[]): string | null {
  if (!law) return null;
  const days = law.days + (extended ? law.extension_days : 0);
  if (law.business_days) return addBusinessDays(businessCalendar(stateCode), received, days, pauses);
  if (pauses.some((p) => p.answered === null)) return null;
  const paused = pauses.reduce((n, p) => n + Math.max(0, (Date.parse(p.answered!) - Date.parse(p.asked)) / 86_400_000), 0);
  return addDays(received, days + paused);
}

/** A section of the city's code ("2-532") is cited "§ 2-532"; a state statute is cited as the city wrote it ("Cal. Gov. Code § 7922.535"). */
const citedAs = (section: string) => (/^[\d.:-]+[A-Za-z]?$/.test(section.trim()) ? `§ ${section.trim()}` : section.trim());

async function statuteOf(ctx: AppContext, location: { id: string; code: string; codeName: string }, law: RecordsLaw | null) {
  if (!law) return { reference: 'the records law of the location (not configured)', title: 'Public records', days: 0, extension_days: 0, business_days: true, quote: null, verified: false };
  const code = codeBookOf(ctx.db, location);
  const section = (await code.lookup([law.section])).get(law.section);
  const sentence = section ? (sentencesOf(section.text).find((s) => new RegExp(`\\b${law.days} (?:business |working )?days\\b`).test(s)) ?? null) : null;
  const prefix = location.code.toUpperCase() === 'DC' ? 'D.C. Code ' : '';
  return {
    reference: `${prefix}${section?.number ?? citedAs(law.section)}`,
    title: section?.title ?? law.name,
    days: law.days,
    extension_days: law.extension_days,
    business_days: law.business_days,
    quote: sentence,
    verified: !!(section && sentence && containsQuote(section.text, sentence)),
  };
}

/** The exemption paragraph that covers personal data, read from the location's exemptions section. */
async function privacyExemption(ctx: AppContext, location: { id: string; code: string; codeName: string }, law: RecordsLaw | null) {
  const prefix = location.code.toUpperCase() === 'DC' ? 'D.C. Code ' : '';
  if (!law?.exemptions_section) return { reference: 'personal privacy', label: 'Information of a personal nature' };
  const section = (await codeBookOf(ctx.db, location).lookup([law.exemptions_section])).get(law.exemptions_section);
  const line = section?.text.split('\n').find((l) => /personal privacy/i.test(l) && /^\(\d+\)/.test(l.trim()));
  const paragraph = line?.trim().match(/^\((\d+[A-Z]?)\)/)?.[1];
  return {
    reference: `${prefix}${section?.number ?? citedAs(law.exemptions_section)}${paragraph ? `(a)(${paragraph})` : ''}`,
    label: line ? line.trim().replace(/^\(\d+[A-Z]?\)\s*/, '').replace(/;$/, '') : 'Information of a personal nature',
  };
}

/** The released documents, named without any value withheld from them (a pasted text's title is its first line). */
function releasedDocuments(reports: repo.ReportRow[], accepted: repo.FindingRow[]) {
  return reports.map((r) => {
    const own = accepted.filter((f) => f.reportId === r.id);
    return { report_id: r.id, title: withoutValues(r.title, own.map((f) => f.quote)), redactions: own.length };
  });
}

export async function draftPraEmail(ctx: AppContext, principal: Principal, input: PraDraftRequest): Promise<PraRequest> {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.location_code });
  const settings = citySettings(location);
  const law = settings.records_law;
  const place = { id: location.locationId, code: location.code, codeName: settings.drafting.code_name };
  const reports = await repo.reportsByIds(ctx.db, owner(principal), [...new Set(input.report_ids)]);
  if (reports.length !== new Set(input.report_ids).size) throw notFound('Compliance report');
  if (reports.some((r) => r.jobState !== 'completed')) throw new AppError('CONFLICT', 'A document to release has not finished its check');
  const accepted = await repo.acceptedPrivacyFindings(ctx.db, reports.map((r) => r.id));
  const counts = new Map<string, number>();
  for (const f of accepted) {
    const key = f.rule === 'privacy.user_marked' ? 'MARKED' : (f.entityType ?? 'MARKED');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const exemption = await privacyExemption(ctx, place, law);
  const appliedTo = (Object.keys(ENTITY_WORDS) as (keyof typeof ENTITY_WORDS)[])
    .filter((k) => counts.has(k))
    .map((k) => `${counts.get(k)} ${ENTITY_WORDS[k][counts.get(k) === 1 ? 0 : 1]}`)
    .join(', ');
  const exemptions = accepted.length ? [{ reference: exemption.reference, label: exemption.label, applied_to: appliedTo }] : [];
  const statute = await statuteOf(ctx, place, law);
  const dueDate = dueDateOf(law, settings.holidays_region, input.received_date, false, []);
  const documents = releasedDocuments(reports, accepted);
  const letter: PraLetter = {
    requesterName: input.requester_name ?? null,
    requestText: input.request_text,
    receivedDate: input.received_date,
    dueDate,
    statute,
    lawName: law?.name ?? null,
    documents,
    exemptions,
    appealSection: law && location.code.toUpperCase() === 'DC' ? 'D.C. Code § 2-537' : null,
    signer: `${principal.firstName} ${principal.lastName}`,
    locationName: location.name,
  };
  const email = composePraEmail(letter);
  const id = randomUUID();
  await repo.insertPra(ctx.db, {
    id,
    userId: principal.userId,
    locationId: location.locationId,
    requestText: input.request_text,
    requesterName: input.requester_name ?? null,
    requesterEmail: input.requester_email ?? null,
    receivedDate: input.received_date,
    reportIds: reports.map((r) => r.id),
    exemptions,
    status: 'draft',
    dueDate,
    pauses: [],
    emailSubject: email.subject,
    emailBody: email.body,
    engine: 'offline',
  });
  await repo.addAudit(ctx.db, [{ praRequestId: id, userId: principal.userId, action: 'pra.status', from: null, to: 'draft' }]);
  return getPra(ctx, principal, id);
}

export async function getPra(ctx: AppContext, principal: Principal, id: string): Promise<PraRequest> {
  const row = await repo.findPra(ctx.db, owner(principal), id);
  if (!row) throw notFound('Records request');
  const location = await repo.locationById(ctx.db, row.locationId);
  const settings = location ? citySettings(location) : null;
  const law = settings?.records_law ?? null;
  const reports = await repo.reportsByIds(ctx.db, owner(principal), row.reportIds as string[]);
  const accepted = await repo.acceptedPrivacyFindings(ctx.db, reports.map((r) => r.id));
  const audit = await repo.auditOf(ctx.db, { praRequestId: id });
  return {
    id: row.id,
    request_text: row.requestText,
    requester_name: row.requesterName,
    requester_email: row.requesterEmail,
    received_date: row.receivedDate,
    report_ids: row.reportIds as string[],
    documents: releasedDocuments(reports, accepted),
    exemptions: row.exemptions as PraRequest['exemptions'],
    status: row.status as PraStatus,
    due_date: row.dueDate,
    extended: row.extended,
    pauses: row.pauses as Pause[],
    statute: await statuteOf(ctx, { id: row.locationId, code: location?.code ?? '', codeName: settings?.drafting.code_name ?? '' }, law),
    email_subject: row.emailSubject,
    email_body: row.emailBody,
    engine: row.engine as PraRequest['engine'],
    audit: presentAudit(audit),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listPra(ctx: AppContext, principal: Principal) {
  const rows = await repo.listPra(ctx.db, owner(principal));
  return { requests: await Promise.all(rows.map((r) => getPra(ctx, principal, r.id))) };
}

export async function updatePra(ctx: AppContext, principal: Principal, input: PraUpdate): Promise<PraRequest> {
  const row = await repo.findPra(ctx.db, owner(principal), input.pra_id);
  if (!row) throw notFound('Records request');
  const location = await repo.locationById(ctx.db, row.locationId);
  const settings = location ? citySettings(location) : null;
  const law = settings?.records_law ?? null;
  const from = row.status as PraStatus;
  const set: Partial<repo.PraRow> = {};
  const audit: repo.AuditInput[] = [];
  let pauses = [...(row.pauses as Pause[])];
  let extended = row.extended;
  if (input.status && input.status !== from) {
    if (!PRA_TRANSITIONS[from].includes(input.status)) throw new AppError('CONFLICT', `A request that is ${from.replace('_', ' ')} cannot become ${input.status.replace('_', ' ')}`);
    // Back from a pause to "extended" resumes the extension already granted; otherwise it is granted once.
    if (input.status === 'extended' && !(extended && from === 'awaiting_requester')) {
      if (extended) throw new AppError('CONFLICT', 'The time to respond was already extended once');
      if (!law?.extension_days) throw new AppError('CONFLICT', 'The records law of this location allows no extension');
      extended = true;
    }
    const today = todayInDc();
    if (input.status === 'awaiting_requester') pauses.push({ asked: input.asked_date ?? today, answered: null });
    if (from === 'awaiting_requester') {
      const open = pauses[pauses.length - 1];
      const answered = input.answered_date ?? today;
      if (answered < open.asked) throw new AppError('VALIDATION_FAILED', 'The requester cannot answer before being asked', [{ field: 'body.answered_date', message: `On or after ${open.asked}` }]);
      pauses = [...pauses.slice(0, -1), { ...open, answered }];
    }
    set.status = input.status;
    audit.push({ praRequestId: row.id, userId: principal.userId, action: 'pra.status', from, to: input.status });
  }
  if (input.email_subject !== undefined && input.email_subject !== row.emailSubject) set.emailSubject = input.email_subject;
  if (input.email_body !== undefined && input.email_body !== row.emailBody) set.emailBody = input.email_body;
  if (set.emailSubject !== undefined || set.emailBody !== undefined) audit.push({ praRequestId: row.id, userId: principal.userId, action: 'pra.email', from: null, to: 'edited' });
  set.pauses = pauses;
  set.extended = extended;
  set.dueDate = dueDateOf(law, settings?.holidays_region ?? 'DC', row.receivedDate, extended, pauses);
  await repo.updatePra(ctx.db, owner(principal), row.id, set);
  await repo.addAudit(ctx.db, audit);
  return getPra(ctx, principal, row.id);
}
