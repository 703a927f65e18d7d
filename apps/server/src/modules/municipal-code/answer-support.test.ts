import type { Citation, GenerateResponse } from '@civicdesk/contract';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDcExcerpt } from '../../test/dc-excerpt';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

/**
 * Issue 30's examples, asked as the demo clerk of the real D.C. Code (an excerpt: test/fixtures/
 * dc-excerpt): an answer leads with a verdict only where the quoted words state it for the question;
 * else it says the code does not answer directly and lists the related provisions, none marked as
 * the answer. The expected answers are the Code's own words, read by hand.
 */
let t: TestApp;
const CLERK = demoEmail('CLERK');
beforeAll(async () => {
  t = await createTestApp();
  await loadDcExcerpt(t.db);
}, 120_000);
afterAll(() => t.close());

async function ask(question: string): Promise<GenerateResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(CLERK), payload: { main_user_question: question } });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const supporting = (a: { analysis: { citations: Citation[] } }) => a.analysis.citations.filter((c) => c.supports);

describe('the Knowledge Assistant leads only with what the quoted law states', () => {
  it('keeping chickens: the code does not answer directly; § 8-1808 (dyeing chicks) is listed as related, never as the answer', async () => {
    const a = await ask('Can I keep chickens in my backyard in D.C.?');
    expect(a.analysis.outcome).toBe('not_direct');
    expect(a.analysis.answer).toBe('The District of Columbia code does not answer this question directly. Related provisions, which do not answer it:');
    expect(a.analysis.messages).toEqual([{ code: 'answer_not_direct', params: { place: 'District of Columbia' } }]);
    expect(a.analysis.summary).not.toMatch(/^No —/);
    expect(a.analysis.citations.map((c) => c.number)).toContain('§ 8-1808');
    expect(supporting(a)).toEqual([]);
    expect(a.metadata.answer_found).toBe(false);
  });

  it('a records request: the 15 days of § 2-532(c)(1), not the 10-day extension', async () => {
    const a = await ask('How many days does an agency have to answer a FOIA request?');
    expect(a.analysis.outcome).toBe('answered');
    expect(a.analysis.answer).toMatch(/^Within 15 days \(except Saturdays, Sundays, and legal public holidays\) — § 2-532\(c\)\(1\)/);
    expect(supporting(a)).toEqual([expect.objectContaining({ number: '§ 2-532', pinpoint: '(c)(1)' })]);
    // Each paragraph of the built-in engine's answer goes as a sentence code too, in order, for the reader's language.
    const paragraphs = a.analysis.summary.split('\n\n');
    expect(a.analysis.messages?.map((m) => m.code)).toEqual(paragraphs.map(() => 'answer_line'));
    expect(a.analysis.messages?.[0].params).toMatchObject({ kind: 'stated', words: expect.stringMatching(/^Within 15 days/), cited: expect.stringMatching(/^§ 2-532\(c\)\(1\): “/) });
    // "Can they get more time?" in the same thread asks about the extension, in the reader's words.
    const res = await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(CLERK), payload: { main_user_question: 'Can they get more time?', thread_id: a.metadata.thread_id } });
    const more: GenerateResponse = res.json();
    expect(more.analysis.outcome).toBe('answered');
    expect(more.analysis.answer).toMatch(/^Yes — § 2-532\(d\)\(1\): “In unusual circumstances, the time limits prescribed in subsection \(c\)\(1\)/);
    expect(more.analysis.answer).toContain('Such extension shall not exceed 10 days');
  });

  it('a car left on a street: never the 45 days of a vehicle on private property', async () => {
    const a = await ask('How long can a car be parked on a residential street before it counts as abandoned?');
    expect(a.analysis.answer).not.toMatch(/45 days/);
    if (a.analysis.outcome === 'answered') {
      expect(a.analysis.answer).toMatch(/48 hours/);
      expect(supporting(a).map((c) => c.number)).toEqual([expect.stringMatching(/^§ 50-2421\.0[24]$/)]);
    } else expect(a.analysis.outcome).toBe('not_direct');
  });

  it('a barking dog: not the 5 days to pay for an impounded dog', async () => {
    const a = await ask('How long may a dog bark at night?');
    expect(a.analysis.answer).not.toMatch(/5 days/);
    expect(['not_direct', 'not_found']).toContain(a.analysis.outcome);
    expect(supporting(a)).toEqual([]);
  });

  it('who issues parking tickets: never a possessive taken for an actor ("The Department\'s —")', async () => {
    const a = await ask('Who may issue a parking ticket?');
    expect(a.analysis.answer ?? '').not.toMatch(/['’]s —/);
    if (a.analysis.outcome === 'answered') expect(supporting(a)).toHaveLength(1);
  });
});

describe('a sentence that sets a figure for each case answers with the asker\'s case', () => {
  it('a marriage license is $2 (§ 15-717), not a certified copy\'s $1; a 40-seat restaurant pays the 11-50 seats fee (§ 47-2827(e)(1))', async () => {
    const license = await ask('How much is a marriage license in DC?');
    expect(license.analysis.outcome).toBe('answered');
    expect(license.analysis.answer).toMatch(/^\$2 — § 15-717: “For each marriage license, the fee shall be \$2;/);
    expect(supporting(license).map((c) => c.number)).toEqual(['§ 15-717']);
    const copy = await ask('How much does a certified copy of a marriage license return cost?');
    expect(copy.analysis.answer).toMatch(/^\$1 — § 15-717/);
    const seats = await ask("What's the license fee for a restaurant with 40 seats?");
    expect(seats.analysis.answer).toMatch(/^\$166 per annum — § 47-2827\(e\)\(1\)/);
  });
});

describe('a claim about the law that the provisions found neither confirm nor contradict is not taken for granted', () => {
  it('"the curfew covers everyone under 18": no curfew hour given as if it did; the claim is named as unconfirmed', async () => {
    // § 2-1542(1) defines a minor as under 17: no provision found says 18, and none states a figure of that kind to correct it from.
    const a = await ask('My son is 17. Since the DC curfew covers everyone under 18, what time does he have to be off the street on a Friday?');
    expect(a.analysis.outcome).toBe('not_direct');
    expect(a.analysis.messages).toEqual([
      { code: 'premise_unconfirmed', params: { claim: 'the DC curfew covers everyone under 18', place: 'District of Columbia' } },
      { code: 'answer_not_direct', params: { place: 'District of Columbia' } },
    ]);
    expect(a.analysis.answer).toBe(
      'The question assumes the DC curfew covers everyone under 18; the District of Columbia code provisions found neither confirm nor contradict that.\n\nThe District of Columbia code does not answer this question directly. Related provisions, which do not answer it:',
    );
    expect(supporting(a)).toEqual([]);
    expect(a.analysis.citations.map((c) => c.number)).toContain('§ 2-1543');
  });

  it("the asker's own facts are not a claim about the law: answered as asked", async () => {
    const a = await ask('Since my son is 16, what time does the curfew start for him on a Friday night?');
    expect(a.analysis.messages?.map((m) => m.code) ?? []).not.toContain('premise_unconfirmed');
  });
});

describe('the Legal Chatbot corrects a premise only from the provision that states the true rule', () => {
  it('a cap on security deposits is not "corrected" by the landlord\'s lien for 3 months rent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/legal',
      headers: await t.auth(CLERK),
      payload: { message: "Since D.C. law caps security deposits at two months' rent, can a landlord ask for 1.5 months?" },
    });
    const events: { event: string; data: Record<string, unknown> }[] = [];
    createParser({ onEvent: (e) => events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }) }).feed(res.body);
    const text = events.filter((e) => e.event === 'token').map((e) => e.data.text as string).join('');
    const done = events.find((e) => e.event === 'done')!.data;
    const citations = events.find((e) => e.event === 'citations')!.data.citations as Citation[];
    expect(text).not.toMatch(/says otherwise: § 42-3216/);
    expect(citations.filter((c) => c.supports && c.number === '§ 42-3216')).toEqual([]);
    // The Code does cap the deposit a housing provider of one program may collect (§ 42-3503.05(d)(2)):
    // a correction, if any, quotes a provision on security deposits and shows its scope with it.
    if (done.corrected_premise) {
      expect(done.outcome).toBe('corrected');
      expect(citations[0]).toMatchObject({ supports: true, quote: expect.stringMatching(/security deposit/) });
      expect(text).toMatch(/^The question assumes D\.C\. law caps security deposits at two months' rent, but the code says otherwise: § [\d.-]+\([a-z0-9()]+\): “[^”]*security deposit/);
    } else expect(done.outcome).not.toBe('answered');
  });
});
