import type { MinutesRecord } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart';
import { PDFDocument, rgb } from 'pdf-lib';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { agendas } from '../../db/schema';
import { addAgendaItem, addLaw, createSearchTestApp, type SearchTestApp } from '../search/test-city';
import { createUser } from '../../test/example-city';
import { parseMinutes } from './reader';

/** The Summarizer through the API; the expected motions and votes are read off the minutes below by hand. */
const MINUTES = [
  'CITY OF EXAMPLE COUNCIL',
  'MINUTES OF THE REGULAR MEETING',
  'Tuesday, March 3, 2026',
  'Council Chamber, Room 100, City Hall',
  '',
  'Mayor Dana Price called the meeting to order at 7:02 p.m. A quorum was present.',
  'Present: Councilmembers Ruiz, Okafor, Lin, Baptiste',
  'Absent: Councilmember Wexler',
  '',
  'Motion by Councilmember Ruiz, seconded by Councilmember Okafor, to approve Resolution 2026-14, the sidewalk repair program. Motion carried 3-1.',
  'Ayes: Ruiz, Okafor, Lin',
  'Nays: Baptiste',
  '',
  'Councilmember Lin moved to table the noise ordinance amendment. The motion failed by voice vote.',
  '',
  'The Clerk will circulate the revised budget calendar by March 10, 2026.',
  '',
  'The next regular meeting will be held on Tuesday, March 17, 2026.',
].join('\n');

let t: SearchTestApp;
let noPermission: string;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'MAYOR', 'STAFF']);
  noPermission = 'no-minutes@example.test';
  await createUser(t.db, { email: noPermission, role: 'STAFF', permissions: ['AGENDA_SEARCH'], ...t.ex });
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST', url: string, payload?: object, email = t.emails.CLERK!) =>
  t.app.inject({ method, url, headers: await t.auth(email), payload });

async function settled(id: string, email = t.emails.CLERK!, tries = 200): Promise<MinutesRecord> {
  for (let i = 0; i < tries; i++) {
    const record = (await call('GET', `/api/minutes/${id}`, undefined, email)).json() as MinutesRecord;
    if (!['queued', 'running'].includes(record.job_state)) return record;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not summarized');
}

describe('Summarizer', () => {
  let record: MinutesRecord;

  it('summarizes pasted minutes as a job: the meeting, each motion with mover, seconder, outcome and votes', async () => {
    const res = await call('POST', '/api/minutes/text', { text: MINUTES });
    expect(res.statusCode, res.body).toBe(202);
    record = await settled(res.json().id);
    expect(record.job_state).toBe('completed');
    const r = record.result!;
    expect(r.meeting).toMatchObject({ date: 'Tuesday, March 3, 2026', time: '7:02 p.m.', presiding: 'Dana Price', quorum: true, present: ['Ruiz', 'Okafor', 'Lin', 'Baptiste'], absent: ['Wexler'] });
    expect(r.motions.map((m) => [m.mover, m.seconder, m.item, m.outcome, m.vote_kind])).toEqual([
      ['Ruiz', 'Okafor', 'Resolution 2026-14', 'carried', 'roll_call'],
      ['Lin', null, null, 'failed', 'voice'],
    ]);
    // Wexler is on the attendance list as absent: the roll call counts her so.
    expect(r.motions[0].tally).toEqual({ aye: 3, nay: 1, abstain: 0, absent: 1, recused: 0 });
    expect(r.motions[0].votes).toEqual([
      { member: 'Ruiz', vote: 'aye' },
      { member: 'Okafor', vote: 'aye' },
      { member: 'Lin', vote: 'aye' },
      { member: 'Baptiste', vote: 'nay' },
      { member: 'Wexler', vote: 'absent' },
    ]);
    expect(r.actions).toEqual([expect.objectContaining({ owner: 'Clerk', due: 'March 10, 2026' })]);
    expect(r.next_meeting?.text).toContain('March 17, 2026');
  });

  it('every element holds the words it claims (span checked on the server)', () => {
    const r = record.result!;
    for (const el of [...r.motions, ...r.actions, ...r.narrative, ...r.continued]) expect(record.text.slice(el.span.start, el.span.end)).toBe(el.span.quote);
    expect(r.dropped_spans).toBe(0);
    expect(r.narrative.length).toBeGreaterThan(0);
  });

  it('answers a follow-up from the minutes with a quote located in them, or says they do not say', async () => {
    const res = await call('POST', `/api/minutes/${record.id}/followup`, { question: 'Who voted against the sidewalk repair resolution?' });
    expect(res.statusCode, res.body).toBe(200);
    const [asked] = (res.json() as MinutesRecord).followups;
    expect(asked.engine).toBe('offline');
    for (const c of asked.citations) expect(record.text.slice(c.start, c.end)).toBe(c.quote);
    expect(asked.citations.length).toBeGreaterThan(0);
    const none = await call('POST', `/api/minutes/${record.id}/followup`, { question: 'What is the airport landing fee schedule?' });
    const unsaid = (none.json() as MinutesRecord).followups[1];
    expect(unsaid.answer).toBe('The minutes do not say.');
    // The sentence is the product's own: sent as a code too, for the reader's language, and kept with the answer.
    expect(unsaid.messages).toEqual([{ code: 'minutes_not_said', params: {} }]);
    expect(asked.messages).toBeUndefined();
    const again = (await call('GET', `/api/minutes/${record.id}`)).json() as MinutesRecord;
    expect(again.followups[1].messages).toEqual([{ code: 'minutes_not_said', params: {} }]);
  });

  it('lists the user\'s summaries; another user gets 404; a user without MINUTES_SUMMARY 403', async () => {
    const list = (await call('GET', '/api/minutes/history')).json();
    expect(list.items).toEqual([expect.objectContaining({ id: record.id, motions: 2, job_state: 'completed' })]);
    expect((await call('GET', `/api/minutes/${record.id}`, undefined, t.emails.STAFF!)).statusCode).toBe(404);
    expect((await call('POST', `/api/minutes/${record.id}/followup`, { question: 'x' }, t.otherTownEmail)).statusCode).toBe(404);
    expect((await call('GET', '/api/minutes/history', undefined, t.emails.MAYOR!)).statusCode).toBe(200);
    expect((await call('POST', '/api/minutes/text', { text: MINUTES }, noPermission)).statusCode).toBe(403);
  });

  it('a scanned PDF is kept and answered plainly; a disguised file is refused', async () => {
    // A "scanned" page: drawn shapes, no text layer.
    const doc = await PDFDocument.create();
    doc.addPage().drawRectangle({ x: 40, y: 40, width: 300, height: 400, color: rgb(0.6, 0.6, 0.6) });
    const scan = multipartBody({}, [{ field: 'file', filename: 'scan.pdf', content: Buffer.from(await doc.save()), contentType: 'application/pdf' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/minutes', headers: { ...(await t.auth(t.emails.CLERK!)), ...scan.headers }, payload: scan.payload });
    expect(res.statusCode, res.body).toBe(202);
    const scanned = await settled(res.json().id);
    expect(scanned).toMatchObject({ job_state: 'completed', has_text: false, filename: 'scan.pdf' });
    expect(scanned.error).toMatch(/no text layer/);
    const fake = multipartBody({}, [{ field: 'file', filename: 'minutes.docx', content: 'not a docx' }]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/minutes', headers: { ...(await t.auth(t.emails.CLERK!)), ...fake.headers }, payload: fake.payload });
    expect(bad.statusCode).toBe(415);
  });

  it('reads a scanned upload by OCR, says so with its confidence, and answers from what it read', async () => {
    const pdf = readFileSync(path.join(__dirname, '../locations/fixtures/omaha-agenda-2012-10-16-pages-1-2-scanned.pdf'));
    const scan = multipartBody({}, [{ field: 'file', filename: 'agenda-scan.pdf', content: pdf, contentType: 'application/pdf' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/minutes', headers: { ...(await t.auth(t.emails.CLERK!)), ...scan.headers }, payload: scan.payload });
    expect(res.statusCode, res.body).toBe(202);
    const read = await settled(res.json().id, t.emails.CLERK!, 900);
    expect(read).toMatchObject({ job_state: 'completed', has_text: true, error: null, ocr: { pages: 2, page_count: 2, low_confidence_pages: [] } });
    expect(read.ocr!.mean_confidence).toBeGreaterThan(80);
    expect(read.text).toContain('CITY COUNCIL AGENDA FOR OCTOBER 16, 2012');
    expect(read.text).toContain('Ord. to rezone property located East of 99th Street');
    const asked = await call('POST', `/api/minutes/${read.id}/followup`, { question: 'Who gives the invocation?' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(JSON.stringify(asked.json())).toContain('Chris Jerram');
  });

  it('links a file number to the city\'s agenda item and an act\'s title to its legislation, never to another city\'s; amendments point at their motion; public comment keeps no address or phone', async () => {
    const agendaId = randomUUID();
    await t.db.insert(agendas).values({ id: agendaId, locationId: t.ex.locationId, date: '2026-03-03', meetingType: 'CITY COUNCIL', title: 'Legislative meeting' });
    const itemId = await addAgendaItem(t, t.ex.locationId, { title: 'Tenant Repair Notice Amendment Act of 2026', fileNumber: 'B26-123', agendaId, date: '2026-03-03' });
    const lawId = await addLaw(t, t.ex.locationId, { title: 'Sidewalk Vending Zones Act of 2026' });
    // The same number as the minutes' bill, but the minutes name another title: another bill, not linked.
    await addAgendaItem(t, t.ex.locationId, { title: 'Street Tree Canopy Act of 2026', fileNumber: 'B26-124', agendaId, date: '2026-03-03' });
    const otherAgenda = randomUUID();
    await t.db.insert(agendas).values({ id: otherAgenda, locationId: t.ot.locationId, date: '2026-03-03', meetingType: 'CITY COUNCIL', title: 'Other Town meeting' });
    await addAgendaItem(t, t.ot.locationId, { title: 'Other Town bill', fileNumber: 'B26-456', agendaId: otherAgenda });
    const text = [
      'CITY OF EXAMPLE COUNCIL',
      'Tuesday, March 3, 2026',
      'Present: Councilmembers Ruiz, Okafor, Lin, Baptiste',
      '',
      'Public comment',
      '- Maria Gomez, 1234 Elm Street NW, (202) 555-0142, spoke about the notice period in Bill 26-0123.',
      '',
      'Motion by Councilmember Ruiz, seconded by Councilmember Lin, to approve Bill 26-0123 on final reading.',
      'Councilmember Okafor moved to amend the motion to shorten the notice period to 21 days. Councilmember Baptiste seconded. The amendment failed 1-3.',
      'The motion carried 4-0.',
      '',
      'Councilmember Okafor moved the Sidewalk Vending Zones Act of 2026. Councilmember Ruiz seconded. The motion carried unanimously.',
      '',
      'Councilmember Lin moved to approve Bill 26-0456. Councilmember Okafor seconded. The motion carried by voice vote.',
      '',
      'Councilmember Ruiz moved to approve Bill 26-0124, the Parking Meter Holiday Act of 2026. Councilmember Lin seconded. The motion carried by voice vote.',
    ].join('\n');
    const res = await call('POST', '/api/minutes/text', { text });
    const r = (await settled(res.json().id)).result!;
    expect(r.motions.map((m) => [m.mover, m.outcome, m.amends, m.link?.kind ?? null, m.link?.id ?? null])).toEqual([
      ['Ruiz', 'carried', null, 'agenda_item', itemId],
      ['Okafor', 'failed', 0, null, null],
      ['Okafor', 'carried', null, 'legislation', lawId],
      ['Lin', 'carried', null, null, null],
      ['Ruiz', 'carried', null, null, null],
    ]);
    expect(r.motions[0].link).toMatchObject({ agenda_id: agendaId, title: 'Tenant Repair Notice Amendment Act of 2026', file_number: 'B26-123' });
    expect(r.motions[0].tally).toMatchObject({ aye: 4, nay: 0 });
    expect(r.motions[1].tally).toMatchObject({ aye: 1, nay: 3 });
    expect(r.public_comment).toHaveLength(1);
    expect(r.public_comment[0].speaker).toBe('Maria Gomez');
    expect(r.public_comment[0].topic).toContain('notice period');
    expect(r.public_comment[0].topic).not.toMatch(/1234|Elm Street|555/);
  });

  it('gives a roll call to the motion it decides, lists public comment without personal data, and answers follow-ups from the reading', async () => {
    const text = [
      'COUNCIL OF THE DISTRICT OF COLUMBIA',
      'LEGISLATIVE MEETING',
      'Tuesday, March 3, 2026',
      '',
      'The meeting was called to order at 10:04 a.m. by Chairman Mendelson in Room 500 of the John A. Wilson Building.',
      'Present: Chairman Mendelson; Councilmembers Allen, Bonds, Frumin, Henderson, Lewis George, Nadeau and Parker.',
      '',
      '2. Public comment. Ms. Jane Roe, of 1510 Park Road NW, phone 202-555-0199, spoke in support of the bill. Mr. John Doe (jdoe@mail.example) spoke against the bill, citing costs to small landlords.',
      '',
      'Councilmember Nadeau moved approval of B26-0412 on first reading. Councilmember Lewis George seconded the motion. Councilmember Parker offered an amendment to delay the applicability date to October 1, 2026. Councilmember Frumin seconded the amendment. The amendment passed by voice vote. On the main motion as amended, the vote was 5-2: Yes: Chairman Mendelson, Councilmembers Allen, Frumin, Lewis George, and Nadeau. No: Councilmembers Bonds and Henderson. Present, not voting: Councilmember Parker. The motion carried.',
      '',
      'The Committee on Housing will report on the fiscal impact by March 1, 2027.',
    ].join('\n');
    const res = await call('POST', '/api/minutes/text', { text });
    const record = await settled(res.json().id);
    const r = record.result!;
    expect(r.meeting.place).toBe('Room 500 of the John A. Wilson Building');
    expect(r.meeting.presiding).toBe('Mendelson');
    const [main, amendment] = r.motions;
    expect(main).toMatchObject({ mover: 'Nadeau', seconder: 'Lewis George', item: 'B26-0412', outcome: 'carried', vote_kind: 'roll_call', tally: { aye: 5, nay: 2, abstain: 1 } });
    expect(Object.fromEntries(main.votes.map((v) => [v.member, v.vote]))).toEqual({ Mendelson: 'aye', Allen: 'aye', Frumin: 'aye', 'Lewis George': 'aye', Nadeau: 'aye', Bonds: 'nay', Henderson: 'nay', Parker: 'abstain' });
    expect(amendment).toMatchObject({ mover: 'Parker', seconder: 'Frumin', amends: 0, outcome: 'carried', vote_kind: 'voice', tally: null, votes: [] });
    expect(r.public_comment.map((c) => c.speaker)).toEqual(['Jane Roe', 'John Doe']);
    expect(r.public_comment[0].topic).toContain('in support of the bill');
    expect(r.actions[0].owner).toBe('the Committee on Housing');
    // The speakers' address, phone and e-mail are nowhere in the reading, quotes included.
    const shown = JSON.stringify(r);
    for (const secret of ['1510 Park Road', '202-555-0199', 'jdoe@mail.example']) expect(shown).not.toContain(secret);

    const ask = async (question: string) => ((await call('POST', `/api/minutes/${record.id}/followup`, { question })).json() as MinutesRecord).followups.at(-1)!;
    const vote = await ask('What was the final vote on B26-0412?');
    expect(vote.answer).toMatch(/^B26-0412 as amended carried 5-2 by roll call/);
    expect(vote.answer).toContain('No: Bonds and Henderson');
    expect(vote.answer).toContain('Parker');
    expect(vote.citations[0].quote).toContain('Councilmember Nadeau moved approval of B26-0412');
    expect((await ask('Who seconded the amendment?')).answer).toBe('Frumin seconded the amendment.');
    const speakers = await ask('Who spoke during public comment?');
    expect(speakers.answer).toMatch(/Jane Roe .*support.*John Doe .*against/);
    expect(JSON.stringify(speakers)).not.toMatch(/1510 Park|555-0199|jdoe@/);
    expect((await ask('What is due by March 1?')).answer).toContain('The Committee on Housing will report on the fiscal impact');
  });

  it('a plain contract vote (issue 32): the amount as amended, a member\'s own vote, and no speaker\'s local phone number in any answer', async () => {
    const text = [
      'CITY OF RIVERTON',
      'REGULAR MEETING OF THE CITY COUNCIL',
      'Tuesday, March 10, 2026, 7:00 p.m.',
      'Council Chambers, City Hall, 200 Main Street',
      '',
      'Present: Mayor Dana Ortiz; Councilmembers Ben Hale, Carla Nguyen, Ed Park and Fran Lowe.',
      '',
      '2. PUBLIC COMMENT',
      'Sam Whitfield, 41 Orchard Lane, 555-0142, spoke against the paving contract.',
      '',
      'Item 4A. Paving contract with Tri-County Asphalt.',
      'Councilmember Hale moved to approve the contract with Tri-County Asphalt in the amount of $1,200,000. Councilmember Nguyen seconded.',
      'Councilmember Park moved to amend the motion to reduce the amount to $1,100,000. Councilmember Lowe seconded. The amendment carried by voice vote.',
      'The motion as amended carried 3-2 by roll call vote: Ayes: Hale, Nguyen, Ortiz. Nays: Park, Lowe.',
    ].join('\n');
    const record = await settled((await call('POST', '/api/minutes/text', { text })).json().id);
    // The motion is on the item the minutes number before it, as a clerk names it.
    expect(record.result!.motions[0]).toMatchObject({ item: 'Item 4A', amends: null });
    expect(record.result!.motions[1]).toMatchObject({ amends: 0, outcome: 'carried', vote_kind: 'voice' });
    // The gist says what was decided and leaves out the meeting's own facts (its date line, who was present).
    const gist = record.result!.narrative.map((n) => n.sentence);
    expect(gist.join(' ')).toContain('carried 3-2 by roll call');
    expect(gist.some((g) => /^Tuesday, March 10|^Councilmembers Ben Hale/.test(g))).toBe(false);
    const ask = async (question: string) => ((await call('POST', `/api/minutes/${record.id}/followup`, { question })).json() as MinutesRecord).followups.at(-1)!;
    // The amount approved is the amended one, said first, with the amendment quoted.
    const amount = await ask('What was the final amount approved?');
    expect(amount.answer).toMatch(/^\$1,100,000, as amended/);
    expect(amount.answer).toContain('carried 3-2 by roll call');
    expect(amount.citations[0].quote).toContain('reduce the amount to $1,100,000');
    // A member who moved the amendment voted against the motion: the vote, not the amendment, answers.
    expect((await ask('How did Park vote?')).answer).toMatch(/^Ed Park voted no\. Item 4A as amended carried 3-2 by roll call/);
    expect((await ask('How did Councilmember Hale vote?')).answer).toMatch(/^Ben Hale voted yes\./);
    // The speaker's street address and local phone number are in no answer and no quote.
    const speakers = await ask('Who spoke during public comment?');
    expect(speakers.answer).toContain('Sam Whitfield');
    for (const asked of [speakers, await ask("What did Sam Whitfield say about the paving contract?")]) expect(JSON.stringify(asked), JSON.stringify(asked)).not.toMatch(/555-0142|41 Orchard/);
    expect(JSON.stringify(record.result)).not.toMatch(/555-0142|41 Orchard/);
  });

  it("leads the gist of one agenda item's transcript with the item as read into the record and what was decided", async () => {
    const text = [
      'Speaker 1: The report of the Transportation Committee. Agenda item 12, Council Bill 119603, relating to the speed limit on residential streets. The committee recommends the bill pass.',
      'Speaker 2: Thank you, Madam Clerk. Councilmember Pedersen, you are recognized.',
      'Speaker 3: This bill lowers the limit on residential streets from 25 to 20 miles per hour, as the Department of Transportation recommended after its safety study.',
      'Speaker 3: We heard from many neighborhoods that traffic is too fast near schools and parks.',
      'Speaker 2: Seeing no further comments, will the clerk please call the roll on the passage of the bill?',
      'Speaker 1: Juarez. Yes. Lewis. Yes. Morales. Yes. Eight in favor, none opposed.',
      'Speaker 2: The bill passes and the chair will sign it. Please read the next agenda item.',
    ].join('\n');
    const r = (await settled((await call('POST', '/api/minutes/text', { text })).json().id)).result!;
    expect(r.narrative.slice(0, 2).map((n) => n.sentence)).toEqual([
      'Agenda item 12, Council Bill 119603, relating to the speed limit on residential streets.',
      'The bill passes and the chair will sign it.',
    ]);
    expect(r.motions).toHaveLength(1);
    expect(r.motions[0]).toMatchObject({ outcome: 'carried', vote_kind: 'roll_call', tally: { aye: 8, nay: 0 } });
  });

  it('reads a long record (a worker thread) with every motion, each in its place', async () => {
    const filler = 'Members discussed the maintenance schedule, the budget line for the program, and the comments received from residents at length. '.repeat(12);
    const blocks = Array.from({ length: 40 }, (_, i) => `Item ${i + 1}. ${filler}\nMotion by Councilmember Ruiz, seconded by Councilmember Okafor, to approve contract number ${1000 + i}. Motion carried 3-1.\n`);
    const text = ['CITY OF EXAMPLE COUNCIL', 'Tuesday, March 3, 2026', 'Present: Councilmembers Ruiz, Okafor, Lin, Baptiste', '', ...blocks].join('\n');
    expect(text.length).toBeGreaterThan(60_000);
    const res = await call('POST', '/api/minutes/text', { text });
    const r = (await settled(res.json().id)).result!;
    expect(r.motions).toHaveLength(40);
    r.motions.forEach((m, i) => {
      expect(m).toMatchObject({ mover: 'Ruiz', seconder: 'Okafor', outcome: 'carried', tally: { aye: 3, nay: 1 } });
      expect(m.span.quote).toContain(`contract number ${1000 + i}`);
    });
  });
});

describe("the city's council from its settings", () => {
  const RECORD = 'Regular Meeting of the Board of Supervisors, January 7, 2025.\n\nSupervisor Peskin moved to approve the minutes of December 17, 2024, seconded by Supervisor Chan. The motion carried by a vote of 9-0.';
  it('names a member the record gives by surname only in full, when the council lists them and the record has no attendance', () => {
    const [alone] = parseMinutes(RECORD).motions;
    expect(alone.mover).not.toBe('Aaron Peskin');
    const [known] = parseMinutes(RECORD, ['Aaron Peskin', 'Connie Chan', 'Catherine Stefani']).motions;
    expect(known.mover).toBe('Aaron Peskin');
    expect(known.seconder).toBe('Connie Chan');
    // Two members with the surname: the record's own word stands.
    expect(parseMinutes(RECORD, ['Aaron Peskin', 'Rose Peskin']).motions[0].mover).not.toBe('Aaron Peskin');
  });
});
