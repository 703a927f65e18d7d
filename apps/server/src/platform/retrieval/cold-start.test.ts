import type { DraftResponse, GenerateResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTestApp, type SearchTestApp } from '../../modules/search/test-city';
import { codeIndexOptions } from './registry';

/**
 * After a start no question or draft waits for the municipal code index (issue 29): the City of
 * Example is taken as a large code (searched by the interim search while it builds) and its build is
 * held until the tests release it, as a 21,000-section build takes 5-40 s. A request that waited for
 * the build would never be answered. Expected sections and words are the fixture's (code.jsonl).
 * The query model is loaded (one of the test's, 512 dimensions like the shipped D.C. vectors): the
 * meaning vectors name no section of this city, so its candidates are those holding the words.
 */
let t: SearchTestApp;
let release = () => {};
const defaults = { ...codeIndexOptions };

beforeAll(async () => {
  codeIndexOptions.queryModel = async (texts) => texts.map((text) => Float32Array.from({ length: 512 }, (_, i) => Math.sin(text.length + i)));
  codeIndexOptions.waitForSections = 0;
  // The build reads the vectors, then awaits this (calling its `then`) until the tests release it.
  let reached!: () => void;
  const atHold = new Promise<void>((resolve) => (reached = resolve));
  codeIndexOptions.holdBuild = { then: (resolve: () => void) => ((release = resolve), reached()) } as unknown as Promise<void>;
  t = await createSearchTestApp(['CLERK']);
  // A first question starts the build; the tests ask once it has read the vectors.
  expect((await ask('Who keeps the public records?')).statusCode).toBe(200);
  await atHold;
});
afterAll(async () => {
  release();
  Object.assign(codeIndexOptions, defaults);
  await t.close();
});

const ask = async (question: string) =>
  t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(t.emails.CLERK!), payload: { main_user_question: question } });
const draft = async (query: string) => t.app.inject({ method: 'POST', url: '/api/ordinance/draft', headers: await t.auth(t.emails.CLERK!), payload: { query } });
const degraded = async (): Promise<{ component: string; message: string }[]> => (await t.app.inject({ url: '/api/health' })).json().degraded;
/** What the Knowledge Assistant's form is told of the caller's city's index. */
const indexReady = async (): Promise<boolean> => (await t.app.inject({ url: '/api/municipal_code/settings', headers: await t.auth(t.emails.CLERK!) })).json().code_index_ready;

describe('while the code index is being built', () => {
  it('answers a question from the right section, checked as always', async () => {
    const res = await ask('How many working days do we have to answer a records request?');
    expect(res.statusCode, res.body).toBe(200);
    const answer: GenerateResponse = res.json();
    expect(answer.metadata.answer_found).toBe(true);
    expect(answer.codes[0]).toMatchObject({ number: '§ 1-101' });
    expect(answer.analysis.citations[0]).toMatchObject({ number: '§ 1-101', verified: true });
    expect(answer.analysis.summary).toContain('15 working days');
  });

  it('drafts an ordinance amending the section that holds the words', async () => {
    const res = await draft('An ordinance shortening the records request deadline from 15 to 10 working days');
    expect(res.statusCode, res.body).toBe(201);
    const ordinance: DraftResponse = res.json();
    expect(ordinance.document!.amendments).toEqual([expect.objectContaining({ section_number: '§ 1-101', strike: '15 working days', insert: '10 working days' })]);
    expect(ordinance.high_score_results.find((h) => h.kind === 'code_section')).toMatchObject({ number: '§ 1-101' });
  });

  it('still says "not found" for a question the code does not answer', async () => {
    const answer: GenerateResponse = (await ask('What is the best recipe for pizza dough?')).json();
    expect(answer.metadata.answer_found).toBe(false);
    expect(answer.analysis.citations).toEqual([]);
  });

  it('GET /api/health says the index is being built and the interim search answers', async () => {
    expect(await degraded()).toEqual([expect.objectContaining({ component: 'code_index', message: expect.stringContaining('interim search') })]);
  });

  it("the assistant's settings tell the city's user its index is not ready", async () => {
    expect(await indexReady()).toBe(false);
  });
});

describe('once the index is built', () => {
  it('GET /api/health no longer lists it, and questions are answered as before', async () => {
    release();
    for (let i = 0; i < 100 && (await degraded()).length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await degraded()).toEqual([]);
    expect(await indexReady()).toBe(true);
    const answer: GenerateResponse = (await ask('How many working days do we have to answer a records request?')).json();
    expect(answer.analysis.citations[0]).toMatchObject({ number: '§ 1-101', verified: true });
  });
});
