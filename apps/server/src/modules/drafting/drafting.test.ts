import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENDA_SECTION_NAMES, type DraftBlock, type DraftedDocument, type DraftResponse } from '@civicdesk/contract';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../test/harness';
import { multipartBody } from '../../test/multipart';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';
import { formOf, missingParts } from './forms';

/**
 * Drafting on the City of Example (test/fixtures): the form of each kind, amendments from the
 * section's current text, verified citations, placeholders instead of invented facts, and the
 * Draft Collection's rules. Expected values come from the fixture files, read here by hand.
 */
let t: SearchTestApp;
const fixtureCode = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/example-city/code.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim().startsWith('{'))
  .map((l) => JSON.parse(l) as { id: string; number: string; text: string });
const sectionText = (number: string) => fixtureCode.find((s) => s.number === number)!.text;

beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'STAFF', 'MAYOR']);
});
afterAll(() => t.close());

const draft = async (kind: string, payload: object, email = t.emails.CLERK!) =>
  t.app.inject({ method: 'POST', url: `/api/${kind}/draft`, headers: await t.auth(email), payload });
const call = async (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, email = t.emails.CLERK!) =>
  t.app.inject({ method, url, headers: await t.auth(email), payload });

/** Every run of text in a body with its marks, in order. */
function runsOf(blocks: (DraftBlock | { type: string; text?: string; marks?: { type: string }[] })[]): { text: string; marks: string[] }[] {
  return blocks.flatMap((b) => ('text' in b && b.type === 'text' ? [{ text: b.text!, marks: (b.marks ?? []).map((m) => m.type) }] : runsOf(((b as DraftBlock).content ?? []) as DraftBlock[])));
}

describe('POST /api/{type}/draft', () => {
  let ordinance: DraftResponse;

  it('drafts an ordinance that amends the section holding the words, in the city form, with a comparative print', async () => {
    const res = await draft('ordinance', { query: 'An ordinance shortening the records request deadline from 15 to 10 working days' });
    expect(res.statusCode, res.body).toBe(201);
    ordinance = res.json();
    const doc = ordinance.document!;
    expect(ordinance).toMatchObject({ success: true, document_id: doc.id, is_revision: false, engine: 'offline', engine_label: 'Built-in offline engine' });
    expect(missingParts(formOf('ordinance', 'generic'), doc.text)).toEqual([]);
    // § 1-101(b) says "within 15 working days": that is the subsection and the words amended.
    expect(doc.amendments).toEqual([expect.objectContaining({ section_number: '§ 1-101', strike: '15 working days', insert: '10 working days' })]);
    expect(doc.text).toContain('Section 1-101(b) of the City of Example Municipal Code is amended by striking the phrase "15 working days" and inserting the phrase "10 working days" in its place.');
    // Issue 19: the fixture's § 1-101 sits in "Public Records"; the request changes its deadline.
    expect(doc.title).toBe('Public Records Deadline Amendment Ordinance');
    expect(doc.text).toMatch(/^AN ORDINANCE OF THE CITY COUNCIL OF THE CITY OF EXAMPLE AMENDING SECTION 1-101 OF THE CITY OF EXAMPLE MUNICIPAL CODE TO SHORTEN THE RECORDS REQUEST DEADLINE FROM 15 TO 10 WORKING DAYS$/m);
    // Issue 32: the body is the bill alone; the comparative print is drawn beside it from the amendment (the section's current text, the words struck and inserted).
    const runs = runsOf(doc.content.content);
    expect(runs.filter((r) => r.marks.includes('strike') || r.marks.includes('underline'))).toEqual([]);
    expect(doc.text).not.toMatch(/Comparative print|Law this draft rests on/);
    expect(doc.amendments[0].current_text).toBe(sectionText('§ 1-101'));
    expect(doc.amendments[0].current_text).toContain('15 working days');
    // What it rests on is listed with its sources, verified.
    expect(doc.citations.map((c) => c.number)).toContain('§ 1-101');
    expect(ordinance.high_score_results.find((h) => h.kind === 'code_section')).toMatchObject({ number: '§ 1-101' });
    expect(ordinance.search_phrases.length).toBeGreaterThan(0);
    expect(ordinance.original_rephrased_texts[0]).toBe('An ordinance shortening the records request deadline from 15 to 10 working days');
  });

  it('cites only what the sections hold, word for word, and leaves the facts the request does not give as placeholders', async () => {
    const doc = ordinance.document!;
    expect(doc.citations.length).toBeGreaterThan(0);
    for (const c of doc.citations.filter((c) => c.kind === 'code_section')) {
      expect(sectionText(c.number), `${c.number} holds "${c.quote}"`).toContain(c.quote);
      expect(c.verified).toBe(true);
    }
    expect(doc.placeholders).toContain('[effective date]');
    expect(doc.placeholders).toContain('[fiscal impact amount]');
    // No date or amount appears that the request or the code did not give.
    expect(doc.text).not.toMatch(/\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d/);
    expect(doc.text).not.toMatch(/\$\s?\d/);
  });

  it('drafts a ceremonial resolution with WHEREAS recitals, RESOLVED clauses and an effective date, inventing nothing', async () => {
    const res = await draft('resolution', { query: 'A resolution honoring the Example High School robotics team for winning the state championship' });
    expect(res.statusCode).toBe(201);
    const doc = (res.json() as DraftResponse).document!;
    expect(missingParts(formOf('resolution', 'generic'), doc.text)).toEqual([]);
    expect(doc.text).toMatch(/^WHEREAS, the Council wishes to recognize the Example High School robotics team for winning the state championship;$/m);
    expect(doc.text).toMatch(/BE IT RESOLVED/);
    expect(doc.placeholders).toEqual(expect.arrayContaining(['[number]']));
    expect(doc.title).toBe('Example High School Robotics Team Recognition Resolution of ' + new Date().getFullYear());
  });

  it('names a recognized observance for itself and uses who asked for it (issue 32: "Second Week of May as Bike Recognition")', async () => {
    const res = await draft('resolution', { query: 'A resolution recognizing the second week of May as Bike to Work Week in the City', draft_input: 'Requested by the Market Advisory Committee' });
    expect(res.statusCode).toBe(201);
    const doc = (res.json() as DraftResponse).document!;
    expect(doc.title).toBe(`Bike to Work Week Recognition Resolution of ${new Date().getFullYear()}`);
    // Recitals are sentences about the observance, and the Details the user typed are used where they belong.
    expect(doc.text).toMatch(/^WHEREAS, Bike to Work Week \[describe what it promotes and who takes part in the City\];$/m);
    expect(doc.text).toMatch(/^WHEREAS, the Market Advisory Committee has asked the Council to recognize the second week of May as Bike to Work Week in the City;$/m);
    expect(doc.text).toContain('The Council recognizes the second week of May as Bike to Work Week in the City.');
    expect(doc.text).not.toMatch(/the second week of May as Bike to Work Week in the City has \[describe/);
  });

  it('names an authorization for what it authorizes, and keeps every Detail the user typed as a recital (nothing typed is lost)', async () => {
    const res = await draft('resolution', {
      query: 'A resolution authorizing the City Manager to apply for a state grant of $250,000 for lead service line replacement',
      draft_input: 'The grant is from the State Revolving Fund; application due March 1, 2027. Requested by the Department of Energy and Environment. I don’t have the grant number yet.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = (res.json() as DraftResponse).document!;
    expect(doc.title).toBe(`Lead Service Line Replacement Grant Application Authorization Resolution of ${new Date().getFullYear()}`);
    // The amount is in the purpose: not repeated in brackets after it.
    expect(doc.text).toMatch(/^WHEREAS, the Council is asked to authorize the City Manager to apply for a state grant of \$250,000 for lead service line replacement;$/m);
    expect(doc.text).toMatch(/^WHEREAS, the grant is from the State Revolving Fund;$/m);
    expect(doc.text).toMatch(/^WHEREAS, the Department of Energy and Environment has asked the Council to authorize the City Manager/m);
    expect(doc.text).toMatch(/^WHEREAS, the request also provides: application due March 1, 2027;$/m);
    // A note to the drafter in the first person is no recital of the Council's.
    expect(doc.text).not.toMatch(/grant number yet/);
  });

  it('drafts a staff report and an agenda item with every part, keeping the facts the request gives', async () => {
    const report = (await draft('staff_report', { query: 'Staff report recommending approval of a $250,000 streetlight maintenance contract with the Department of Public Works' })).json() as DraftResponse;
    expect(missingParts(formOf('staff_report', 'generic'), report.document!.text)).toEqual([]);
    expect(report.document!.text).toContain('Staff recommends that the Council approve a $250,000 streetlight maintenance contract with the Department of Public Works.');
    expect(report.document!.text).toMatch(/^From: Department of Public Works$/m);
    const item = (await draft('agenda_item', { query: 'Agenda item to accept a state grant for public records digitization' })).json() as DraftResponse;
    expect(missingParts(formOf('agenda_item', 'generic'), item.document!.text)).toEqual([]);
    const section = /^Agenda section: (.+)$/m.exec(item.document!.text)![1];
    expect(AGENDA_SECTION_NAMES).toContain(section);
    expect(item.document!.placeholders).toEqual(expect.arrayContaining(['[sponsor/department]', '[fiscal impact]']));
  });

  it('reads attachments through the one ingest path, as multipart', async () => {
    const form = multipartBody({ query: 'A staff report on the noise complaints in the attached memo' }, [{ field: 'attachments', filename: 'memo.txt', content: 'Residents filed 42 complaints about night construction noise in Ward 2.' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/staff_report/draft', headers: { ...(await t.auth(t.emails.CLERK!)), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as DraftResponse).document!.text).toMatch(/^- memo\.txt$/m);
  });

  it('refuses a bad request with field details, an unknown file type with 415, and an official without drafting permission with 403', async () => {
    expect((await draft('ordinance', { query: '   ' })).json().details[0].field).toBe('body.query');
    expect((await draft('ordinance', { query: 'x', owner: 'someone-else' })).statusCode).toBe(400);
    const form = multipartBody({ query: 'A resolution' }, [{ field: 'attachments', filename: 'tool.exe', content: 'MZ binary' }]);
    const exe = await t.app.inject({ method: 'POST', url: '/api/resolution/draft', headers: { ...(await t.auth(t.emails.CLERK!)), ...form.headers }, payload: form.payload });
    expect(exe.statusCode).toBe(415);
    const mayor = await draft('resolution', { query: 'A resolution' }, t.emails.MAYOR!);
    expect(mayor.statusCode).toBe(403);
    expect(mayor.json().code).toBe('ACCESS_DENIED');
  });
});

describe('the Draft Collection', () => {
  let doc: DraftedDocument;
  beforeAll(async () => {
    doc = ((await draft('ordinance', { query: 'An ordinance raising the copy fee threshold from 50 pages to 100 pages' })).json() as DraftResponse).document!;
  });

  it('saves a version per save, one version for consecutive autosaves, and refuses a save over a newer version', async () => {
    const edited = { ...doc.content, content: [...doc.content.content, { type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'A line the drafter added.' }] }] };
    const saved = await call('PUT', '/api/ordinance', { id: doc.id, content: edited, base_version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, text: expect.stringContaining('A line the drafter added.') });
    for (const word of ['one', 'two']) {
      const auto = await call('PUT', '/api/drafted_document', { id: doc.id, content: { ...edited, content: [...edited.content, { type: 'paragraph', content: [{ type: 'text', text: `autosave ${word}` }] }] }, reason: 'autosave' });
      expect(auto.json().version).toBe(3);
    }
    const stale = await call('PUT', '/api/ordinance', { id: doc.id, content: edited, base_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', details: { current_version: 3 } });
    const versions = (await call('GET', `/api/drafted_document/${doc.id}/versions`)).json();
    expect(versions.map((v: { version: number; reason: string }) => [v.version, v.reason])).toEqual([
      [3, 'autosave'],
      [2, 'save'],
      [1, 'draft'],
    ]);
  });

  it('restores an old version as a new one, so nothing in between is lost', async () => {
    const restored = await call('POST', `/api/drafted_document/${doc.id}/restore`, { version: 1 });
    expect(restored.json()).toMatchObject({ version: 4, text: doc.text });
    const two = (await call('GET', `/api/drafted_document/${doc.id}/versions/2`)).json();
    expect(two.text).toContain('A line the drafter added.');
  });

  it('renames, lists newest first with filters, and deletes', async () => {
    expect((await call('PUT', '/api/drafted_document', { id: doc.id, title: 'Copy fee pages amendment' })).json().title).toBe('Copy fee pages amendment');
    const all = (await call('GET', '/api/drafted_document/history?limit=100')).json();
    expect(all.documents[0].id).toBe(doc.id);
    const stamps = all.documents.map((d: { updated_at: string }) => d.updated_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const byType = (await call('GET', '/api/drafted_document/history?type=resolution')).json();
    expect(byType.documents.every((d: { type: string }) => d.type === 'resolution')).toBe(true);
    expect(byType.total).toBeGreaterThan(0);
    expect((await call('GET', '/api/drafted_document/history?query=copy%20fee')).json().documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call('GET', `/api/drafted_document/history?start_date=${tomorrow}`)).json().total).toBe(0);
    expect((await call('GET', '/api/drafted_document/history?limit=1&page=2')).json()).toMatchObject({ page: 2, limit: 1, documents: [expect.anything()] });
  });

  it("another user's draft answers 404 on every route; the wrong kind's route too", async () => {
    const other = t.emails.STAFF!;
    for (const [method, url, payload] of [
      ['GET', `/api/drafted_document/${doc.id}`],
      ['PUT', '/api/drafted_document', { id: doc.id, title: 'Mine' }],
      ['PUT', '/api/ordinance', { id: doc.id, title: 'Mine' }],
      ['GET', `/api/drafted_document/${doc.id}/versions`],
      ['GET', `/api/drafted_document/${doc.id}/export`],
      ['POST', `/api/drafted_document/${doc.id}/restore`, { version: 1 }],
      ['DELETE', `/api/drafted_document/${doc.id}`],
    ] as const) {
      const res = await call(method, url, payload, other);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('PUT', '/api/resolution', { id: doc.id, title: 'Wrong kind' })).statusCode).toBe(404);
    expect((await call('GET', '/api/drafted_document/history', undefined, other)).json().documents.map((d: { id: string }) => d.id)).not.toContain(doc.id);
  });

  it('exports DOCX (mammoth reads the text back) and PDF', async () => {
    const docx = await call('GET', `/api/drafted_document/${doc.id}/export?format=docx`);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const text = (await mammoth.extractRawText({ buffer: docx.rawPayload })).value;
    expect(text).toContain('DOES ORDAIN AS FOLLOWS');
    expect(text).toContain('Section 4. Effective date.');
    // The bill only: nothing after its last clause.
    expect(text.trim().endsWith('This ordinance shall take effect [effective date].')).toBe(true);
    const pdf = await call('GET', `/api/drafted_document/${doc.id}/export?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('saves an agenda-item draft through PUT /agenda_item when the body carries its content', async () => {
    const item = ((await draft('agenda_item', { query: 'Agenda item to receive the quarterly records report' })).json() as DraftResponse).document!;
    const res = await call('PUT', '/api/agenda_item', { id: item.id, content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Title: Quarterly records report' }] }] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, version: 2, text: 'Title: Quarterly records report' });
  });

  it('deletes a draft for good', async () => {
    expect((await call('DELETE', `/api/drafted_document/${doc.id}`)).json()).toEqual({ success: true, id: doc.id });
    expect((await call('GET', `/api/drafted_document/${doc.id}`)).statusCode).toBe(404);
  });
});

describe('AI edits of a stored resolution (PUT /api/resolution/ai-edit, built-in engine)', () => {
  it('applies an edit it can make as a new version, and refuses one it cannot with what it can do', async () => {
    const doc = ((await draft('resolution', { query: 'A resolution honoring the crossing guards of Ward 2 for their service' })).json() as DraftResponse).document!;
    const edit = await call('PUT', '/api/resolution/ai-edit', { id: doc.id, edit_request: 'replace "crossing guards of Ward 2" with "school crossing guards of Ward 2"' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().outcome).toMatchObject({ applied: true, engine: 'offline' });
    expect(edit.json().document.version).toBe(2);
    expect(edit.json().document.text).toContain('school crossing guards of Ward 2');
    expect(edit.json().previous_text).toBe(doc.text);
    const refused = await call('PUT', '/api/resolution/ai-edit', { id: doc.id, edit_request: 'make it more heartfelt' });
    expect(refused.json().outcome).toMatchObject({ applied: false, summary: expect.stringMatching(/cannot do this edit; configure a model or edit by hand/) });
    expect(refused.json().outcome.supported.length).toBeGreaterThan(3);
    expect(refused.json().document.version).toBe(2);
  });
});

describe('GET /api/prompt/{type} and city templates', () => {
  it('answers the form of a kind with its required parts and the built-in template', async () => {
    const res = await call('GET', '/api/prompt/ordinance');
    expect(res.statusCode).toBe(200);
    const prompt = res.json();
    expect(prompt.parts.filter((p: { required: boolean }) => p.required).map((p: { key: string }) => p.key)).toEqual(
      expect.arrayContaining(['number', 'title', 'enacting_clause', 'provisions', 'severability', 'effective_date']),
    );
    expect(prompt.templates).toEqual([expect.objectContaining({ id: 'built-in', source: 'built_in' })]);
    expect((await call('GET', '/api/prompt/proclamation')).statusCode).toBe(400);
  });
});

describe("a city's own DOCX template", () => {
  it('an admin uploads it; drafters see it and every export of that kind carries its boilerplate; others cannot upload', async () => {
    const { Document, Packer, Paragraph } = await import('docx');
    const template = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('DISTRICT OF COLUMBIA: OFFICE OF THE SECRETARY (TEMPLATE)')] }] }));
    const form = multipartBody({}, [{ field: 'file', filename: 'dc-resolution.docx', content: template }]);
    const asClerk = await t.app.inject({ method: 'POST', url: '/api/prompt/resolution/template', headers: { ...(await t.auth(demoEmail('CLERK'))), ...form.headers }, payload: form.payload });
    expect(asClerk.statusCode).toBe(403);
    const upload = await t.app.inject({ method: 'POST', url: '/api/prompt/resolution/template', headers: { ...(await t.auth(demoEmail('ADMIN'))), ...form.headers }, payload: form.payload });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().templates).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'city', filename: 'dc-resolution.docx' })]));
    const pdfAsTemplate = multipartBody({}, [{ field: 'file', filename: 'x.txt', content: 'plain text' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/prompt/resolution/template', headers: { ...(await t.auth(demoEmail('ADMIN'))), ...pdfAsTemplate.headers }, payload: pdfAsTemplate.payload })).statusCode).toBe(415);

    const clerk = await t.auth(demoEmail('CLERK'));
    const drafted = (await t.app.inject({ method: 'POST', url: '/api/resolution/draft', headers: clerk, payload: { query: 'A resolution recognizing Anacostia Park volunteers' } })).json() as DraftResponse;
    expect(drafted.document!.text).toMatch(/RESOLVED, BY THE COUNCIL OF THE DISTRICT OF COLUMBIA/);
    const docx = await t.app.inject({ url: `/api/drafted_document/${drafted.document_id}/export`, headers: clerk });
    const text = (await mammoth.extractRawText({ buffer: docx.rawPayload })).value;
    expect(text.indexOf('DISTRICT OF COLUMBIA: OFFICE OF THE SECRETARY (TEMPLATE)')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('DISTRICT OF COLUMBIA: OFFICE OF THE SECRETARY (TEMPLATE)')).toBeLessThan(text.indexOf('WHEREAS'));
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/prompt/resolution/template', headers: await t.auth(demoEmail('ADMIN')) });
    expect(removed.json().templates).toHaveLength(1);
  });
});

describe('drafting from the Knowledge Assistant (POST /api/municipal_code/generate)', () => {
  const ask = async (payload: object, email = t.emails.CLERK!) =>
    (await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(email), payload })).json();

  it('a question that asks for a draft drafts it; an edit request on the thread revises that draft', async () => {
    const first = await ask({ main_user_question: 'Draft a resolution honoring the Example High School robotics team for winning the state championship' });
    expect(first.metadata).toMatchObject({ drafting_performed: true, is_editing: false, edited_draft_type: null });
    expect(first.metadata.drafted_documents).toEqual([expect.objectContaining({ type: 'resolution', url: expect.stringMatching(/^\/draft\/resolution\//) })]);
    const id = first.drafting_results.resolution.document_id;
    expect(first.drafting_results.resolution).toMatchObject({ success: true, is_revision: false });
    expect(first.drafting_results.ordinance).toMatchObject({ document_id: null, success: false });
    expect(Object.keys(first.drafting_results).sort()).toEqual(['agenda_item', 'ordinance', 'resolution', 'staff_report']);

    const revised = await ask({ main_user_question: 'replace "robotics team" with "robotics club"', thread_id: first.metadata.thread_id });
    expect(revised.metadata).toMatchObject({ is_editing: true, edited_draft_type: 'resolution', drafting_performed: true });
    expect(revised.drafting_results.resolution).toMatchObject({ document_id: id, is_revision: true, editing_instructions: 'replace "robotics team" with "robotics club"', success: true });
    const draft = (await call('GET', `/api/drafted_document/${id}`)).json();
    expect(draft.version).toBe(2);
    expect(draft.text).toContain('Example High School robotics club');
  });

  it('an official without the drafting permission gets an answer, not a draft', async () => {
    const answer = await ask({ main_user_question: 'Draft a resolution honoring the city librarians' }, t.emails.MAYOR!);
    expect(answer.metadata.drafting_performed).toBe(false);
    expect(answer.drafting_results.resolution.document_id).toBeNull();
  });
});
