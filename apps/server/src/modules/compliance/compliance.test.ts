import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComplianceFinding, ComplianceReport } from '@civicdesk/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema';
import { extractText } from '../../platform/files/extract';
import { multipartBody } from '../../test/multipart';
import { findLeaks } from './redaction/leaks';
import { forgetLocationScope } from '../../platform/tenancy';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/**
 * Compliance Check on the City of Example (test/fixtures): the expected findings are read off the
 * fixture code by hand (§ 1-101: 15 working days; § 1-104 repealed; no § 1-199).
 */
let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'STAFF', 'MAYOR', 'CITY_COUNCILLOR']);
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, email = t.emails.CLERK!) =>
  t.app.inject({ method, url, headers: await t.auth(email), payload });

/** Polls the report until its job has ended (a job is picked up within a second). */
async function settled(id: string, email = t.emails.CLERK!, tries = 200): Promise<ComplianceReport> {
  for (let i = 0; i < tries; i++) {
    const res = await call('GET', `/api/compliance/${id}`, undefined, email);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ComplianceReport;
    if (!['queued', 'running'].includes(report.job_state)) return report;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`report ${id} did not finish`);
}

async function checkText(text: string, compliance_type?: string, email = t.emails.CLERK!) {
  const res = await call('POST', '/api/compliance/text', { text, ...(compliance_type ? { compliance_type } : {}) }, email);
  expect(res.statusCode, res.body).toBe(202);
  return settled(res.json().id, email);
}

const spanText = (report: ComplianceReport, f: ComplianceFinding) => report.text.slice(f.start!, f.end!);
const byRule = (report: ComplianceReport, rule: string) => report.findings.filter((f) => f.rule === rule);

async function pdfOf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}

describe('checking pasted text (legal, the default)', () => {
  const text = [
    'MEMORANDUM on records requests.',
    'Under § 1-101 the records officer must answer within 20 working days.',
    'Section 1-104 governs retention, and § 1-199 sets the fee.',
    'The code says: "The records officer shall respond to a request within 30 working days after receiving it."',
    'The Applicant must file the form.',
    'In this memo, "Applicant" means a person who files a request.',
  ].join('\n');
  let report: ComplianceReport;

  it('answers 202 at once with the id, then shows the findings once the job completed', async () => {
    const res = await call('POST', '/api/compliance/text', { text });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ job_state: 'queued', compliance_type: 'legal', progress: 0 });
    report = await settled(res.json().id);
    expect(report).toMatchObject({ job_state: 'completed', progress: 100, compliance_type: 'legal', status: 'open', engine: 'offline', source: 'text' });
  });

  it('finds the unknown and the repealed citation, with their exact spans', () => {
    const unknown = byRule(report, 'legal.citation_unknown');
    expect(unknown.map((f) => spanText(report, f))).toEqual(['§ 1-199']);
    const repealed = byRule(report, 'legal.citation_repealed');
    expect(repealed.map((f) => spanText(report, f))).toEqual(['Section 1-104']);
    expect(repealed[0].basis).toMatchObject({ kind: 'code_section', reference: '§ 1-104', verified: true });
  });

  it('shows a misquote word by word against the section', () => {
    const [misquote] = byRule(report, 'legal.quote_mismatch');
    expect(spanText(report, misquote)).toBe('The records officer shall respond to a request within 30 working days after receiving it.');
    expect(misquote.difference).toEqual(expect.arrayContaining([{ op: 'removed', text: '15' }, { op: 'added', text: '30' }]));
    expect(misquote.basis).toMatchObject({ reference: '§ 1-101', verified: true });
  });

  it('flags a figure that contradicts the cited section, quoting the section', () => {
    const figures = byRule(report, 'legal.figure_contradiction');
    expect(figures.map((f) => spanText(report, f))).toEqual(['20 working days']);
    expect(figures[0].basis.quote).toContain('within 15 working days');
  });

  it('compares a figure attributed to a cited section in any wording, in its sentence or the next, with that part of the section', async () => {
    // § 1-101(b): 15 working days; (c): 10 more working days. Expected findings read off those words by hand.
    const memo = [
      'Note that § 1-101 gives the records officer 30 days to respond.',
      'Under § 1-101(b), the officer must act quickly. The officer has 20 working days.',
      'Section 1-101(c) allows an extension of no more than 10 additional working days.',
      'The officer has fifteen working days under § 1-101(b).',
      'Section 1-101(b) requires an answer within 15 calendar days.',
      'The last request was answered under § 1-101; in the end it took 40 days.',
    ].join('\n');
    const checked = await checkText(memo);
    const figures = byRule(checked, 'legal.figure_contradiction');
    expect(figures.map((f) => spanText(checked, f))).toEqual(['30 days', '20 working days', '15 calendar days']);
    expect(figures[0].basis.quote).toContain('within 15 working days');
    expect(figures[2].explanation).toContain('business days, not calendar days');
  });

  it('flags a time of day that contradicts the cited section as a limit, not the time something happens', async () => {
    // § 5-201(c) of the fixture: "All activity for a block party shall conclude by 10 p.m." (read by hand).
    const memo = ['Under § 5-201, block parties may continue until midnight.', 'The hearing on § 5-201 permits is at 7 p.m. in Room 12.'].join('\n');
    const checked = await checkText(memo);
    const figures = byRule(checked, 'legal.figure_contradiction');
    expect(figures.map((f) => spanText(checked, f))).toEqual(['midnight']);
    expect(figures[0].basis.quote).toContain('by 10 p.m.');
  });

  it('flags a defined term used before its definition', () => {
    const [term] = byRule(report, 'legal.term_before_definition');
    expect(spanText(report, term)).toBe('Applicant');
    expect(term.start).toBe(report.text.indexOf('The Applicant') + 4);
  });

  it('a correct memo has no legal finding', async () => {
    const clean = await checkText('Under § 1-101(b) the records officer shall respond "within 15 working days after receiving it." See also § 1-102.');
    expect(clean.findings).toEqual([]);
  });

  it('a bill without its enacting clause is missing that part of the form', async () => {
    const bill = await checkText(['ORDINANCE NO. [number]', 'AN ORDINANCE OF THE CITY OF EXAMPLE AMENDING § 1-101', 'Section 1. Section 1-101 is amended.', 'Severability. If any part is invalid the rest stands.', 'Effective date. On adoption.'].join('\n'));
    expect(bill.findings.map((f) => f.rule)).toEqual(['legal.form_missing_part:enacting_clause']);
  });
});

describe('privacy', () => {
  it('finds each kind of personal data at its exact span, and leaves officials and public places alone', async () => {
    const text = [
      'Requester: Maria Lopez, 1423 Kenyon Street NW, Apt 3B, Washington, DC 20010.',
      'Phone (202) 555-0147; e-mail maria.lopez@example.com; SSN 123-45-6789.',
      'Card 4111 1111 1111 1111 was charged. Order 4111 1111 1111 1112 is not a card.',
      'Councilmember Janeese Lewis George chaired the hearing at 1350 Pennsylvania Avenue NW, Room 412.',
    ].join('\n');
    const report = await checkText(text, 'privacy');
    const found = report.findings.filter((f) => f.status === 'open').map((f) => [f.entity_type, spanText(report, f)]);
    // The Councilmember is shown as an official in her public role, and is not proposed.
    expect(report.findings.filter((f) => f.rule === 'privacy.official').map((f) => [spanText(report, f), f.status])).toEqual([['Janeese Lewis George', 'dismissed']]);
    expect(found).toEqual([
      ['PERSON', 'Maria Lopez'],
      ['ADDRESS', '1423 Kenyon Street NW, Apt 3B, Washington, DC 20010'],
      ['PHONE', '(202) 555-0147'],
      ['EMAIL', 'maria.lopez@example.com'],
      ['SSN', '123-45-6789'],
      ['CREDIT_CARD', '4111 1111 1111 1111'],
    ]);
    for (const f of report.findings.filter((x) => x.status === 'open')) {
      expect(f.quote).toBe(spanText(report, f));
      expect(f.confidence).toBeGreaterThanOrEqual(0.5);
    }
  });
});

describe('privacy: the author, officials, and one finding per person', () => {
  // Expected findings read off this letter by hand.
  const letter = [
    'From: Ibrahim Sorensen, FOIA Officer, Department of Public Works',
    'To: Maria Ortega',
    '',
    'Dear Ms. Ortega,',
    'Mayor Rowena Pike asked us to answer your request. Ortega, Maria is the name on the request form.',
    'Your neighbor said Maria lives at 1510 Park Road NW, Apt. 4 with her mother.',
    'Please call (202) 555-0147 or 202-555-0147 with questions.',
    '',
    'Sincerely,',
    'Ibrahim Sorensen',
    'FOIA Officer',
  ].join('\n');
  let report: ComplianceReport;
  beforeAll(async () => {
    report = await checkText(letter, 'privacy');
  });

  it('shows the author and the official as such, not proposed, and Accept all leaves them', async () => {
    const roles = report.findings.filter((f) => f.rule === 'privacy.author' || f.rule === 'privacy.official');
    expect(roles.map((f) => [f.rule, f.quote, f.status, f.places.length])).toEqual([
      ['privacy.author', 'Ibrahim Sorensen', 'dismissed', 1],
      ['privacy.official', 'Rowena Pike', 'dismissed', 0],
    ]);
    const accepted = (await call('PUT', '/api/compliance/accept-all-issues', { report_id: report.id })).json().report as ComplianceReport;
    expect(accepted.findings.filter((f) => f.rule === 'privacy.author' || f.rule === 'privacy.official').every((f) => f.status === 'dismissed')).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/compliance/compliance-report/download-redacted-pdf/${report.id}`, headers: await t.auth(t.emails.CLERK!) });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText('pdf', pdf.rawPayload);
    expect(text).toContain('Ibrahim Sorensen');
    expect(text).toContain('Rowena Pike');
    expect(await findLeaks(pdf.rawPayload, ['Maria Ortega', 'Ortega', '1510 Park Road NW', '555-0147'])).toEqual([]);
  });

  it('finds one private person named four ways as one finding with all its places, and the address in running text', () => {
    const persons = report.findings.filter((f) => f.rule === 'privacy.person');
    expect(persons).toHaveLength(1);
    expect([persons[0].quote, ...persons[0].places.map((p) => p.quote)]).toEqual(['Maria Ortega', 'Ortega', 'Ortega, Maria', 'Maria']);
    for (const p of persons[0].places) expect(report.text.slice(p.start, p.end)).toBe(p.quote);
    expect(report.findings.filter((f) => f.rule === 'privacy.address').map((f) => f.quote)).toEqual(['1510 Park Road NW, Apt. 4']);
    const phones = report.findings.filter((f) => f.rule === 'privacy.phone');
    expect(phones.map((f) => [f.quote, f.places.map((p) => p.quote)])).toEqual([['(202) 555-0147', ['202-555-0147']]]);
  });
});

describe('reviewing a report', () => {
  let report: ComplianceReport;
  beforeAll(async () => {
    report = await checkText('Requester: Maria Lopez, SSN 123-45-6789, phone (202) 555-0147.', 'privacy');
  });

  it('changes a finding\'s status and severity, and keeps who did it in the audit trail', async () => {
    const ssn = report.findings.find((f) => f.entity_type === 'SSN')!;
    let res = await call('PUT', '/api/compliance/update-status', { report_id: report.id, finding_id: ssn.id, status: 'dismissed' });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('PUT', '/api/compliance/update-severity', { report_id: report.id, finding_id: ssn.id, severity: 'low' });
    const after = res.json().report as ComplianceReport;
    expect(after.findings.find((f) => f.id === ssn.id)).toMatchObject({ status: 'dismissed', severity: 'low' });
    expect(after.audit.map((a) => [a.action, a.from, a.to, a.finding_id])).toEqual([
      ['finding.status', 'open', 'dismissed', ssn.id],
      ['finding.severity', 'critical', 'low', ssn.id],
    ]);
    expect(after.audit[0].by).toBe('Test CLERK');
  });

  it('accepts every open finding at once', async () => {
    const res = await call('PUT', '/api/compliance/accept-all-issues', { report_id: report.id });
    const after = res.json().report as ComplianceReport;
    expect(after.findings.filter((f) => f.status === 'accepted').length).toBe(report.findings.length - 1);
    expect(after.findings.filter((f) => f.status === 'open')).toEqual([]);
  });

  it('sets the report status and folder, and lists the report in the history with filters', async () => {
    await call('PUT', '/api/compliance/compliance-report/update-status', { report_id: report.id, status: 'in_review' });
    const res = await call('PUT', '/api/compliance/compliance-report/update-folder', { report_id: report.id, folder: ' Records requests ' });
    expect(res.json().report).toMatchObject({ status: 'in_review', folder: 'Records requests' });
    const history = (await call('GET', '/api/compliance/history?folder=Records%20requests')).json();
    expect(history.reports.map((r: { id: string }) => r.id)).toEqual([report.id]);
    expect(history.folders).toEqual([{ name: 'Records requests', count: 1 }]);
    const none = (await call('GET', '/api/compliance/history?status=archived')).json();
    expect(none.reports.map((r: { id: string }) => r.id)).not.toContain(report.id);
  });

  it('marks a span for redaction as an accepted finding of the user', async () => {
    const start = report.text.indexOf('Maria');
    const res = await call('POST', `/api/compliance/${report.id}/redactions`, { start, end: start + 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().report.findings.find((f: ComplianceFinding) => f.origin === 'user')).toMatchObject({ quote: 'Maria', status: 'accepted', rule: 'privacy.user_marked' });
    const outside = await call('POST', `/api/compliance/${report.id}/redactions`, { start: 0, end: report.text.length + 1 });
    expect(outside.statusCode).toBe(400);
  });

  it('another user gets 404 for the report and cannot change it', async () => {
    expect((await call('GET', `/api/compliance/${report.id}`, undefined, t.emails.STAFF!)).statusCode).toBe(404);
    const res = await call('PUT', '/api/compliance/accept-all-issues', { report_id: report.id }, t.emails.STAFF!);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/compliance/${report.id}`, undefined, t.otherTownEmail)).statusCode).toBe(404);
  });
});

describe('files and permissions', () => {
  it('checks an uploaded PDF for accessibility: a plain pdf-lib file is untagged, has no language nor title, and its Helvetica is not embedded', async () => {
    const body = multipartBody({ compliance_type: 'accessibility' }, [{ field: 'file', filename: 'notice.pdf', content: await pdfOf(['Notice of public hearing']), contentType: 'application/pdf' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/compliance', headers: { ...(await t.auth(t.emails.CLERK!)), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(202);
    const report = await settled(res.json().id);
    expect(report).toMatchObject({ job_state: 'completed', file_kind: 'pdf', filename: 'notice.pdf', title: 'notice.pdf' });
    expect(report.findings.map((f) => f.rule).sort()).toEqual([
      'accessibility.font_not_embedded',
      'accessibility.no_language',
      'accessibility.no_structure_tree',
      'accessibility.no_title',
      'accessibility.not_tagged',
    ]);
    expect(report.findings.find((f) => f.rule === 'accessibility.font_not_embedded')!.explanation).toContain('Helvetica');
    expect(report.document_facts).toMatchObject({ pages: 1, tagged: false, language: null, hasText: true });
  });

  it('reads a scanned PDF by OCR and checks its words too, while still reporting that it has no text layer', async () => {
    const scan = readFileSync(path.join(__dirname, '../locations/fixtures/ordinance-20-8-scanned.pdf'));
    const body = multipartBody({ compliance_type: 'accessibility' }, [{ field: 'file', filename: 'ordinance-scan.pdf', content: scan, contentType: 'application/pdf' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/compliance', headers: { ...(await t.auth(t.emails.CLERK!)), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(202);
    const report = await settled(res.json().id, t.emails.CLERK!, 900);
    expect(report.job_state).toBe('completed');
    expect(report.text).toContain('No person shall operate a leaf blower in a residential district');
    expect(report.findings.map((f) => f.rule)).toContain('accessibility.no_text_layer');
    expect(report.document_facts).toMatchObject({ hasText: false, ocr: { pages: 1, page_count: 1, low_confidence_pages: [] } });

    // Words marked for redaction on a scan: the copy keeps none of the scan's pixels, and the words are gone.
    const start = report.text.indexOf('leaf blower');
    expect((await call('POST', `/api/compliance/${report.id}/redactions`, { start, end: start + 'leaf blower'.length })).statusCode).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/compliance/compliance-report/download-redacted-pdf/${report.id}`, headers: await t.auth(t.emails.CLERK!) });
    expect(pdf.statusCode).toBe(200);
    const copy = await extractText('pdf', pdf.rawPayload);
    expect(copy.text).toContain('in a residential district');
    expect(copy.text).not.toContain('leaf blower');
    expect(await findLeaks(pdf.rawPayload, ['leaf blower'])).toEqual([]);
    expect(pdf.rawPayload.includes(Buffer.from('/Image'))).toBe(false);
  });

  it('refuses accessibility on pasted text, a disguised file, and a missing file, each with a clear 4xx', async () => {
    expect((await call('POST', '/api/compliance/text', { text: 'Some words', compliance_type: 'accessibility' })).statusCode).toBe(400);
    const disguised = multipartBody({}, [{ field: 'file', filename: 'notice.pdf', content: 'just text', contentType: 'application/pdf' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/compliance', headers: { ...(await t.auth(t.emails.CLERK!)), ...disguised.headers }, payload: disguised.payload });
    expect(res.statusCode).toBe(415);
    const empty = multipartBody({ compliance_type: 'legal' });
    const none = await t.app.inject({ method: 'POST', url: '/api/compliance', headers: { ...(await t.auth(t.emails.CLERK!)), ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: 'body.file', message: expect.any(String) }]);
    expect((await call('POST', '/api/compliance/text', { text: 'x', compliance_type: 'made_up' })).statusCode).toBe(400);
  });

  it('MAYOR and CITY_COUNCILLOR lack COMPLIANCE_CHECK: 403 on every call', async () => {
    for (const email of [t.emails.MAYOR!, t.emails.CITY_COUNCILLOR!]) {
      expect((await call('POST', '/api/compliance/text', { text: 'Some words' }, email)).statusCode).toBe(403);
      expect((await call('GET', '/api/compliance/history', undefined, email)).statusCode).toBe(403);
      expect((await call('PUT', '/api/compliance/accept-all-issues', { report_id: 'x' }, email)).statusCode).toBe(403);
    }
  });
});

describe('cancelling', () => {
  it('a cancelled check never shows findings, and cannot be cancelled twice', async () => {
    const res = await call('POST', '/api/compliance/text', { text: 'SSN 123-45-6789', compliance_type: 'privacy' });
    const id = res.json().id;
    const cancel = await call('POST', `/api/compliance/${id}/cancel`);
    // The job may already have finished on a fast machine: then cancelling is a conflict.
    if (cancel.statusCode === 409) return;
    expect(cancel.statusCode, cancel.body).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    const report = (await call('GET', `/api/compliance/${id}`)).json();
    expect(report).toMatchObject({ job_state: 'cancelled', findings: [] });
    expect((await call('POST', `/api/compliance/${id}/cancel`)).statusCode).toBe(409);
  });
});

describe('the redacted PDF, attacked as a requester would', () => {
  const secrets = ['Maria Lopez', '123-45-6789', '(202) 555-0147', 'maria.lopez@example.com'];

  async function uploadAndAccept(content: Buffer, filename: string) {
    const body = multipartBody({ compliance_type: 'privacy' }, [{ field: 'file', filename, content }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/compliance', headers: { ...(await t.auth(t.emails.CLERK!)), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(202);
    const report = await settled(res.json().id);
    expect((await call('PUT', '/api/compliance/accept-all-issues', { report_id: report.id })).statusCode).toBe(200);
    return report;
  }

  async function download(id: string) {
    const res = await call('GET', `/api/compliance/compliance-report/download-redacted-pdf/${id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="redacted-[0-9a-f-]{8}\.pdf"$/);
    return res.rawPayload;
  }

  it('an uploaded PDF: no value in the text, the streams or the metadata; the rest is still text; old objects gone', async () => {
    const pdf = await PDFDocument.create();
    pdf.setTitle('Complaint of Maria Lopez');
    pdf.setAuthor('Maria Lopez');
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 2; p++) {
      const page = pdf.addPage([612, 792]);
      ['Noise complaint received by the Office of the Clerk.', 'Requester: Maria Lopez', 'SSN 123-45-6789, phone (202) 555-0147', 'E-mail maria.lopez@example.com', 'The complaint concerns construction after 7 p.m.'].forEach((line, i) =>
        page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }),
      );
    }
    const report = await uploadAndAccept(Buffer.from(await pdf.save()), 'Maria Lopez complaint.pdf');
    const bytes = await download(report.id);
    expect(await findLeaks(bytes, secrets)).toEqual([]);
    // A check that the attack itself works: the original leaks every value.
    expect(await findLeaks(await pdf.save(), secrets)).toEqual(secrets);
    const { text, pageCount } = await extractText('pdf', Buffer.from(bytes));
    expect(pageCount).toBe(2);
    expect(text).toContain('Noise complaint received by the Office of the Clerk.');
    expect(text).toContain('construction after 7 p.m.');
    const copy = await PDFDocument.load(bytes);
    expect(copy.getTitle()).toBe('Redacted copy for release');
    expect(copy.getAuthor()).toBeUndefined();
    // A new file, written once: no incremental update keeping the old objects.
    expect(Buffer.from(bytes).toString('latin1').match(/%%EOF/g)).toHaveLength(1);
    const audit = (await call('GET', `/api/compliance/${report.id}`)).json().audit as { action: string }[];
    expect(audit.map((a) => a.action)).toContain('report.redacted_download');
  });

  it('pasted text: set as a new PDF with boxes where the values were', async () => {
    const report = await checkText('Requester: Maria Lopez\nSSN 123-45-6789, phone (202) 555-0147\nE-mail maria.lopez@example.com\nThe request concerns permits.', 'privacy');
    await call('PUT', '/api/compliance/accept-all-issues', { report_id: report.id });
    const bytes = await download(report.id);
    expect(await findLeaks(bytes, secrets)).toEqual([]);
    expect((await extractText('pdf', Buffer.from(bytes))).text).toContain('The request concerns permits.');
  });

  it('a value dismissed or left open stays; one marked by hand goes', async () => {
    const report = await checkText('Requester: Maria Lopez, SSN 123-45-6789. Case number 2026-CV-0042.', 'privacy');
    const ssn = report.findings.find((f) => f.entity_type === 'SSN')!;
    await call('PUT', '/api/compliance/update-status', { report_id: report.id, finding_id: ssn.id, status: 'dismissed' });
    const start = report.text.indexOf('2026-CV-0042');
    await call('POST', `/api/compliance/${report.id}/redactions`, { start, end: start + 12 });
    const bytes = await download(report.id);
    expect(await findLeaks(bytes, ['123-45-6789', '2026-CV-0042', 'Maria Lopez'])).toEqual(['123-45-6789', 'Maria Lopez']);
  });

  it('answers 409 while the check runs, and 404 for another user', async () => {
    const res = await call('POST', '/api/compliance/text', { text: 'SSN 123-45-6789', compliance_type: 'privacy' });
    const early = await call('GET', `/api/compliance/compliance-report/download-redacted-pdf/${res.json().id}`);
    expect([409, 200]).toContain(early.statusCode);
    const done = await settled(res.json().id);
    expect((await call('GET', `/api/compliance/compliance-report/download-redacted-pdf/${done.id}`, undefined, t.emails.STAFF!)).statusCode).toBe(404);
  });
});

describe('records requests', () => {
  let released: ComplianceReport;
  beforeAll(async () => {
    // The City of Example's records law, as an admin would configure it (§ 1-101: 15 working days, 10 more).
    await t.db
      .update(locations)
      .set({ settings: { records_law: { section: '1-101', name: 'Example Public Records Ordinance', days: 15, business_days: true, extension_days: 10, exemptions_section: null } } })
      .where(eq(locations.id, t.ex.locationId));
    // Saved behind the API's back: every process forgets the city it remembered, as PUT /location/{code}/settings does.
    forgetLocationScope(t.db, { id: t.ex.locationId, code: 'EX' });
    released = await checkText('Requester: Maria Lopez, SSN 123-45-6789, 1423 Kenyon Street NW, Washington, DC 20010.', 'privacy');
    await call('PUT', '/api/compliance/accept-all-issues', { report_id: released.id });
  });

  it('drafts the email with the statute, the due date counted in business days, the documents and the exemptions', async () => {
    const res = await call('POST', '/api/compliance/draft-pra-email', {
      request_text: 'All complaints about construction noise on Kenyon Street in 2026.',
      received_date: '2026-03-03',
      requester_name: 'Jordan Smith',
      report_ids: [released.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const pra = res.json();
    // Tue 3 March: 4-6 (3), 9-13 (8), 16-20 (13), 23 (14), 24 (15).
    expect(pra).toMatchObject({ status: 'draft', due_date: '2026-03-24', extended: false, received_date: '2026-03-03', engine: 'offline' });
    expect(pra.statute).toMatchObject({ reference: '§ 1-101', days: 15, extension_days: 10, verified: true, quote: '(b) The records officer shall respond to a request within 15 working days after receiving it.' });
    expect(pra.documents).toEqual([{ report_id: released.id, title: 'Requester: [redacted], SSN [redacted], [redacted]', redactions: 3 }]);
    expect(pra.exemptions).toEqual([{ reference: 'personal privacy', label: 'Information of a personal nature', applied_to: '1 name of a private person, 1 home address, 1 Social Security number' }]);
    expect(pra.email_subject).toBe('Your public records request of Tuesday, March 3, 2026: response due Tuesday, March 24, 2026');
    expect(pra.email_body).toContain('Dear Jordan Smith,');
    expect(pra.email_body).toContain('“All complaints about construction noise on Kenyon Street in 2026.”');
    expect(pra.email_body).toContain('due by Tuesday, March 24, 2026');
    expect(pra.email_body).not.toContain('123-45-6789');
  });

  it('tracks the request: sent, extended (+10 business days), paused while the requester clarifies, closed', async () => {
    const created = (await call('POST', '/api/compliance/draft-pra-email', { request_text: 'Permits for 5th Street', received_date: '2026-03-03', report_ids: [] })).json();
    const update = (body: object) => call('PUT', '/api/compliance/update-pra-email-response', { pra_id: created.id, ...body });
    expect((await update({ status: 'extended' })).statusCode).toBe(409);
    expect((await update({ status: 'sent' })).json()).toMatchObject({ status: 'sent', due_date: '2026-03-24' });
    // 10 more after Tue 24 March: 25-27 (3), 30-31 (5), Apr 1-3 (8), 6-7 (10).
    expect((await update({ status: 'extended' })).json()).toMatchObject({ status: 'extended', extended: true, due_date: '2026-04-07' });
    const paused = (await update({ status: 'awaiting_requester', asked_date: '2026-03-10' })).json();
    expect(paused).toMatchObject({ status: 'awaiting_requester', due_date: null, pauses: [{ asked: '2026-03-10', answered: null }] });
    // Wed 11 and Thu 12 March do not count: two business days later.
    const resumed = (await update({ status: 'extended', answered_date: '2026-03-12' })).json();
    expect(resumed).toMatchObject({ status: 'extended', due_date: '2026-04-09', pauses: [{ asked: '2026-03-10', answered: '2026-03-12' }] });
    expect((await update({ status: 'sent' })).statusCode).toBe(409);
    const edited = (await update({ email_subject: 'Your request', email_body: 'Dear requester, here are the records.' })).json();
    expect(edited).toMatchObject({ email_subject: 'Your request', email_body: 'Dear requester, here are the records.' });
    expect((await update({ status: 'closed' })).json().status).toBe('closed');
    expect((await update({ status: 'sent' })).statusCode).toBe(409);
    expect(edited.audit.map((a: { action: string; to: string }) => `${a.action}:${a.to}`)).toEqual([
      'pra.status:draft',
      'pra.status:sent',
      'pra.status:extended',
      'pra.status:awaiting_requester',
      'pra.status:extended',
      'pra.email:edited',
    ]);
    const list = (await call('GET', '/api/compliance/pra-requests')).json();
    expect(list.requests.map((r: { id: string }) => r.id)).toContain(created.id);
    expect((await call('PUT', '/api/compliance/update-pra-email-response', { pra_id: created.id, status: 'closed' }, t.emails.STAFF!)).statusCode).toBe(404);
  });

  it("refuses another user's report as a released document, and a date that is not a date", async () => {
    const other = await checkText('SSN 123-45-6789', 'privacy', t.emails.STAFF!);
    expect((await call('POST', '/api/compliance/draft-pra-email', { request_text: 'x', received_date: '2026-03-03', report_ids: [other.id] })).statusCode).toBe(404);
    expect((await call('POST', '/api/compliance/draft-pra-email', { request_text: 'x', received_date: '2026-02-30' })).statusCode).toBe(400);
  });
});
