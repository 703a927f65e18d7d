import type { GenerateResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocation } from '../../cli/seed-demo';
import { importCity } from '../../imports/import-city';
import { silentProgress } from '../../imports/progress';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';

/** The Knowledge Assistant on the fictional City of Example, answered by the offline engine. */
let t: TestApp;
const CLERK = 'clerk@example.test';
const STAFF = 'staff@example.test';
const OTHER = 'clerk@other-town.test';

beforeAll(async () => {
  t = await createTestApp();
  const ex = await seedExampleCity(t.db);
  await createUser(t.db, { email: CLERK, role: 'CLERK', ...ex });
  await createUser(t.db, { email: STAFF, role: 'STAFF', ...ex });
  const ot = await seedExampleCity(t.db, { code: 'OT', name: 'Other Town', stateCode: 'OT' });
  await createUser(t.db, { email: OTHER, role: 'CLERK', ...ot });
});
afterAll(() => t.close());

async function ask(body: Record<string, unknown>, email = CLERK) {
  return t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(email), payload: body });
}

describe('answering a question', () => {
  let first: GenerateResponse;

  it('quotes and cites the governing section, checked by the server', async () => {
    const res = await ask({ main_user_question: 'How many working days do we have to answer a records request?' });
    expect(res.statusCode).toBe(200);
    first = res.json();
    expect(first.success).toBe(true);
    expect(first.codes[0]).toMatchObject({ number: '§ 1-101', rank: 1, status: 'in_force' });
    expect(first.analysis.citations[0]).toMatchObject({
      number: '§ 1-101',
      title: 'Public records; time to respond',
      status: 'in_force',
      verified: true,
      kind: 'code_section',
      source_url: 'https://example.test/code/1-101',
    });
    expect(first.analysis.citations[0].quote).toContain('within 15 working days');
    expect(first.analysis.summary).toContain('15 working days');
    expect(first.metadata).toMatchObject({ engine: 'offline', engine_label: 'Built-in offline engine', answer_found: true, city_code: 'EX', location_name: 'City of Example', dropped_citations: 0, search_performed: true });
    expect(Object.keys(first.drafting_results).sort()).toEqual(['agenda_item', 'ordinance', 'resolution', 'staff_report']);
  });

  it('keeps the exchange in a thread titled from the question', async () => {
    const threads = (await t.app.inject({ url: '/api/municipal_code/threads', headers: await t.auth(CLERK) })).json();
    expect(threads[0]).toMatchObject({ id: first.metadata.thread_id, title: 'How many working days do we have to answer a records request?' });
    const thread = (await t.app.inject({ url: `/api/municipal_code/thread/${first.metadata.thread_id}`, headers: await t.auth(CLERK) })).json();
    expect(thread.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(thread.messages[1].payload.analysis.citations[0].number).toBe('§ 1-101');
  });

  it('resolves a follow-up against the thread', async () => {
    const res = await ask({ main_user_question: 'What about appeals?', thread_id: first.metadata.thread_id });
    expect(res.statusCode).toBe(200);
    const followUp: GenerateResponse = res.json();
    expect(followUp.metadata.user_intent).toBe('follow_up');
    expect(followUp.metadata.thread_id).toBe(first.metadata.thread_id);
    expect(followUp.analysis.citations[0].number).toBe('§ 1-103');
  });

  it('answers a follow-up on the thread\'s subject, the answer sentence first, set apart from the quotes', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'Can that be extended?', thread_id: first.metadata.thread_id })).json();
    expect(res.metadata.user_intent).toBe('follow_up');
    expect(res.codes[0].number).toBe('§ 1-101');
    expect(res.analysis.answer).toBe('Yes — § 1-101(c): “In unusual circumstances the records officer may extend the time by no more than 10 additional working days, by written notice to the requester.”');
    expect(res.analysis.summary.startsWith(res.analysis.answer!)).toBe(true);
    expect(res.analysis.citations[0]).toMatchObject({ number: '§ 1-101', pinpoint: '(c)', verified: true });
  });

  it('a question on a new subject in the same thread starts fresh', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'What is the license fee for a neutered dog?', thread_id: first.metadata.thread_id })).json();
    expect(res.metadata.user_intent).not.toBe('follow_up');
    expect(res.analysis.citations[0].number).toBe('§ 8-302');
    expect(res.analysis.answer).toMatch(/^\$15 — § 8-302\(b\)/);
  });

  it('lets only the owner continue a thread', async () => {
    expect((await ask({ main_user_question: 'And fees?', thread_id: first.metadata.thread_id }, STAFF)).statusCode).toBe(404);
    expect((await ask({ main_user_question: 'And fees?', thread_id: first.metadata.thread_id }, OTHER)).statusCode).toBe(404);
  });

  it('drafts an email citing the same section', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/municipal_code/draft-email',
      headers: await t.auth(CLERK),
      payload: { query_text: 'How many working days do we have to answer a records request?', thread_id: first.metadata.thread_id },
    });
    expect(res.statusCode).toBe(200);
    const email = res.json();
    expect(email.subject).toContain('records request');
    expect(email.body).toContain('§ 1-101');
    expect(email.body).toContain('within 15 working days');
    expect(email.citations[0]).toMatchObject({ number: '§ 1-101', verified: true });
    expect(email.engine).toBe('offline');
  });
});

describe('answers a reader can act on', () => {
  it('opens with the figure asked for, in the provision\'s words, with its pinpoint', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'How many working days do we have to answer a records request?' })).json();
    expect(res.analysis.answer).toBe('Within 15 working days — § 1-101(b): “The records officer shall respond to a request within 15 working days after receiving it.”');
  });

  it('never quotes a lead-in without the items it introduces', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'What has to be in a block party application?' })).json();
    expect(res.analysis.citations.length).toBeGreaterThan(0);
    for (const c of res.analysis.citations) expect(c.quote, c.quote).not.toMatch(/:\s*$/);
    const list = res.analysis.citations.find((c) => c.quote.startsWith('The application shall:'));
    expect(list?.quote).toBe('The application shall: (1) Be filed at least 30 days before the event; (2) Carry the signatures of a majority of the households on the block; and (3) Name the person responsible for the event.');
    expect(list?.pinpoint).toBe('(b)');
  });

  it('corrects a false premise first, from the sentence that contradicts it, then answers', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'Is it true that block parties can go until midnight?' })).json();
    expect(res.analysis.summary).toMatch(/^No\. The question assumes block parties can go until midnight, but the code says otherwise: § 5-201\(c\): “All activity for a block party shall conclude by 10 p\.m\.”/);
    expect(res.analysis.answer).toMatch(/^No\. The question assumes/);
    expect(res.analysis.citations[0]).toMatchObject({ number: '§ 5-201', quote: 'All activity for a block party shall conclude by 10 p.m.', verified: true });
  });

  it('does not "correct" a premise the code does not address, nor one it confirms', async () => {
    const unaddressed: GenerateResponse = (await ask({ main_user_question: 'Since the moon is made of cheese, how many days does the records officer have to respond to a request?' })).json();
    expect(unaddressed.analysis.summary).not.toMatch(/question assumes/);
    const confirmed: GenerateResponse = (await ask({ main_user_question: 'Since the records officer has 15 working days to respond to a request, when is the answer due?' })).json();
    expect(confirmed.analysis.summary).not.toMatch(/question assumes/);
    expect(confirmed.analysis.citations[0].number).toBe('§ 1-101');
  });
});

describe('what it never does', () => {
  it('says so plainly instead of guessing when nothing relevant is found', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'Can a helicopter land on a school roof?' })).json();
    expect(res.metadata.answer_found).toBe(false);
    expect(res.analysis.citations).toEqual([]);
    expect(res.analysis.summary).toMatch(/could not find anything in the City of Example code/);
  });

  it('never offers a repealed section as law', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'Records retention rules' })).json();
    expect(res.analysis.citations.map((c) => c.number)).not.toContain('§ 1-104');
  });

  it('is not steered by an instruction written inside a section', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'What is the license fee for a neutered dog?' })).json();
    expect(res.analysis.citations[0]).toMatchObject({ number: '§ 8-302', verified: true });
    expect(res.analysis.citations.every((c) => !/ignore previous/i.test(c.quote))).toBe(true);
    expect(res.analysis.summary).not.toContain('9-999');
  });

  it('answers from nothing when the code search is off and nothing is attached', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'How many working days for a records request?', enable_municipal_code_search: 'false' })).json();
    expect(res.codes).toEqual([]);
    expect(res.metadata.search_performed).toBe(false);
    expect(res.metadata.answer_found).toBe(false);
  });

  it('says web search is not configured instead of pretending', async () => {
    const res: GenerateResponse = (await ask({ main_user_question: 'Dog leash length?', enable_web_search: 'true' })).json();
    expect(res.metadata.web_search).toBe('not_configured');
    expect(res.errors[0]).toMatch(/Web search is not configured/);
    expect(res.analysis.citations[0].number).toBe('§ 8-301');
  });

  it('refuses an empty question and malformed history with field details', async () => {
    const empty = await ask({ main_user_question: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body.main_user_question', message: 'Enter a question' }] });
    const history = await ask({ main_user_question: 'Leash?', history: '{not json' });
    expect(history.statusCode).toBe(400);
    expect(history.json().details[0].field).toBe('body.history');
    const unknown = await ask({ main_user_question: 'Leash?', role: 'ADMIN' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('section lookup (GET /municipal_code/data)', () => {
  const get = async (query: string, email = CLERK) => t.app.inject({ url: `/api/municipal_code/data?${query}`, headers: await t.auth(email) });

  it('finds a section by number, with or without the section sign, with its hierarchy and history', async () => {
    for (const code of ['1-101', encodeURIComponent('§ 1-101')]) {
      const res = await get(`code=${code}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ number: '§ 1-101', title: 'Public records; time to respond', status: 'in_force', location: { code: 'EX' } });
    }
    const section = (await get('code=1-101')).json();
    expect(section.hierarchy.map((h: { level: string }) => h.level)).toEqual(['title', 'chapter', 'subchapter', 'section']);
    expect(section.history).toBeNull();
    expect(section.hierarchy.map((h: { label: string }) => h.label)).toEqual(['Title 1. Administration', 'Chapter 1. Open Government', 'Subchapter I. Public Records', '§ 1-101. Public records; time to respond']);
    expect(section.amended_by).toEqual([expect.objectContaining({ file_number: 'B3-114', title: 'Open Records Modernization Amendment Act of 2021' })]);
    expect(section.next).toMatchObject({ number: '§ 1-102' });
    expect((await get(`id=${section.id}`)).json().number).toBe('§ 1-101');
  });

  it('marks repealed sections', async () => {
    expect((await get('code=1-104')).json().status).toBe('repealed');
  });

  it('finds a section by any common spelling, and where the number is in several of the city\'s codes, names the others to choose from', async () => {
    // A city whose codes restart their numbers, as San Francisco's do (its Police and Health Codes both have a "Sec. 37").
    const dir = await mkdtemp(join(tmpdir(), 'codes-'));
    const file = join(dir, 'code.jsonl');
    const section = (id: string, number: string, title: string, code: string, titleNumber: string, text: string) =>
      JSON.stringify({ id, number, title, title_number: titleNumber, title_name: code, chapter: null, chapter_title: null, subchapter: null, subchapter_title: null, path: `${code} > Article 1`, status: 'in_force', text, source_url: null, ...(code === 'Police Code' ? { history: '(Ord. 56-421; Ord. 66-743)' } : {}) });
    await writeFile(
      file,
      [
        section('tc-park-1-05', 'Sec. 1.05', 'Violations', 'Park Code', 'PARK', 'No person shall feed pigeons in any park.'),
        section('tc-police-37', 'Sec. 37', 'Penalty', 'Police Code', 'POLICE', 'Any person who sells fireworks in violation of this Article shall be fined not more than $500.'),
        section('tc-health-37', 'Sec. 37', 'Definitions', 'Health Code', 'HEALTH', 'In this Article, "food cart" means a vehicle from which food is sold on a street.'),
      ].join('\n'),
    );
    const tc = await ensureLocation(t.db, { code: 'TC', name: 'Two Codes', stateCode: 'TC' }, 'Two Codes Government');
    await importCity(t.db, { locationId: tc.locationId, files: { code: file }, progress: silentProgress });
    await createUser(t.db, { email: 'clerk@two-codes.test', role: 'CLERK', ...tc });
    const lookUp = async (number: string) => (await get(`code=${encodeURIComponent(number)}`, 'clerk@two-codes.test')).json();
    for (const spelling of ['Sec. 1.05', '1.05', '§ 1.05', 'SEC. 1.05', 'sec 1.05', 'Section 1.05', 'Park Code § 1.05', 'park code, Sec. 1.05'])
      expect(await lookUp(spelling), spelling).toMatchObject({ number: 'Sec. 1.05', title: 'Violations', title_name: 'Park Code', same_number: [], ambiguous: false });
    // The city's own words for its divisions: "Park Code", not "Title PARK. Park Code".
    expect((await lookUp('1.05')).hierarchy[0]).toEqual({ level: 'title', label: 'Park Code' });
    const penalty = await lookUp('37');
    // Asked by the number alone, it is in two codes: the answer says so, for the reader to choose.
    expect(penalty).toMatchObject({ number: 'Sec. 37', title: 'Penalty', title_name: 'Police Code', history: '(Ord. 56-421; Ord. 66-743)', ambiguous: true });
    expect(await lookUp('SEC. 37')).toMatchObject({ ambiguous: true });
    expect(penalty.same_number).toEqual([{ id: expect.any(String), number: 'Sec. 37', title: 'Definitions', code: 'Health Code' }]);
    // The other is a click away, by its id, and names the first in turn.
    expect((await get(`id=${penalty.same_number[0].id}`, 'clerk@two-codes.test')).json()).toMatchObject({ title: 'Definitions', title_name: 'Health Code', same_number: [{ number: 'Sec. 37', title: 'Penalty', code: 'Police Code' }], ambiguous: false });
    expect(await lookUp('Health Code Sec. 37')).toMatchObject({ title: 'Definitions', same_number: [{ title: 'Penalty', code: 'Police Code' }], ambiguous: false });
    expect((await get(`code=${encodeURIComponent('Fire Code Sec. 37')}`, 'clerk@two-codes.test')).statusCode).toBe(404);
    // An answer cites the number with its code: "Sec. 37" alone could be either code's.
    const answer = (await ask({ main_user_question: 'What is the fine for selling fireworks?' }, 'clerk@two-codes.test')).json() as GenerateResponse;
    expect(answer.analysis.citations[0]).toMatchObject({ number: 'Police Code Sec. 37', title: 'Penalty' });
    expect(answer.analysis.summary).toContain('Police Code Sec. 37');
    // A number of one code only is cited as the code writes it.
    expect((await ask({ main_user_question: 'May I feed pigeons in the park?' }, 'clerk@two-codes.test')).json().analysis.citations[0]).toMatchObject({ number: 'Sec. 1.05' });
    // The demo city's single code is as it was: its one § 1-101, nothing to choose.
    expect((await get('code=1-101')).json().same_number).toEqual([]);
  });

  it('keeps each city to its own code', async () => {
    const mine = (await get('code=1-101')).json();
    expect((await get(`id=${mine.id}`, OTHER)).statusCode).toBe(404);
    expect((await get('code=1-101&city_code=EX', OTHER)).statusCode).toBe(404);
    expect((await get('code=1-101', OTHER)).json().location.code).toBe('OT');
    expect((await get('code=99-999')).statusCode).toBe(404);
    expect((await get('')).statusCode).toBe(400);
  });
});

describe("a code's divisions in its own words", () => {
  it("names D.C.'s numbered titles and chapters as D.C. does, and a city's Articles, Subtitles and Codes as the city does", async () => {
    const { titleLabel, divisionLabel } = await import('./lookup');
    expect(titleLabel('2', 'Government Administration')).toBe('Title 2. Government Administration');
    expect(titleLabel('Art. 2', 'Article 2 - Consumer Protections')).toBe('Article 2 - Consumer Protections');
    expect(titleLabel('PARK', 'Park Code')).toBe('Park Code');
    expect(titleLabel('45', 'Compilation and Construction of Code')).toBe('Title 45. Compilation and Construction of Code');
    expect(divisionLabel('Chapter', '3B', 'Procurement Practices Reform')).toBe('Chapter 3B. Procurement Practices Reform');
    expect(divisionLabel('Subchapter', 'IV', 'Contract Appeals Board')).toBe('Subchapter IV. Contract Appeals Board');
    expect(divisionLabel('Chapter', 'Subtitle 1', 'Auctions')).toBe('Subtitle 1. Auctions');
    expect(divisionLabel('Chapter', 'Article 1', 'Title and General Provisions')).toBe('Article 1. Title and General Provisions');
    expect(divisionLabel('Chapter', null, 'Definitions')).toBe('Chapter Definitions');
  });
});
