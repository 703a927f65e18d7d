import type { OrdinanceAnswer, OrdinanceDetail, OrdinanceStatistics, SearchResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLaw, createSearchTestApp, type SearchTestApp } from '../search/test-city';

let t: SearchTestApp;
let snowId: string;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'MAYOR']);
  const r = (await t.get('/api/ordinance/search/?query=B3-201')).json() as SearchResponse;
  snowId = r.hits[0].id;
});
afterAll(() => t.close());

describe('ordinances', () => {
  it('GET /api/ordinance/statistics counts by year, status and committee', async () => {
    const res = await t.get('/api/ordinance/statistics?state=EX');
    expect(res.statusCode).toBe(200);
    const stats = res.json() as OrdinanceStatistics;
    expect(stats.total).toBe(5);
    expect(stats.by_status.find((s) => s.value === 'Effective')?.count).toBe(3);
    expect(stats.by_year[0]).toEqual({ value: '2023', count: 2 });
    expect(stats.by_committee.map((c) => c.value)).toContain('Committee on Transportation');
    expect((await t.get('/api/ordinance/statistics?state=NY')).statusCode).toBe(404);
  });

  it('GET /api/ordinance/search/ searches legislation only', async () => {
    const r = (await t.get('/api/ordinance/search/?query=snow')).json() as SearchResponse;
    expect(r.hits.map((h) => h.source)).toEqual(['legislation']);
    expect(r.hits[0].id).toBe(snowId);
    const noSlash = await t.get('/api/ordinance/search?query=snow');
    expect(noSlash.json().hits[0].id).toBe(snowId);
    const dated = (await t.get('/api/ordinance/search/?start_date=2023-01-01')).json() as SearchResponse;
    expect(dated.hits.every((h) => h.date! >= '2023-01-01')).toBe(true);
  });

  it('GET /api/ordinance/{id} answers text, votes, dates, committee and the agenda items that voted on it', async () => {
    const detail = (await t.get(`/api/ordinance/${snowId}`)).json() as OrdinanceDetail;
    expect(detail).toMatchObject({ file_number: 'B3-201', effective: '2022-04-01', committee: 'Committee on Transportation', history_url: null });
    expect(detail.votes).toEqual([
      { date: '2022-02-01', reading: 'First reading', recorded_as: null },
      { date: '2022-02-15', reading: 'Final reading', recorded_as: null },
    ]);
    expect(detail.record_note).toBeNull();
    expect(detail.agenda_items.map((i) => i.section_name)).toEqual(['FINAL READING']);
    expect(detail.text).toContain('$150');
    const foreign = await t.get(`/api/ordinance/${snowId}`, t.otherTownEmail);
    expect(foreign.statusCode).toBe(404);
    expect((await t.get('/api/ordinance/no-such-id')).statusCode).toBe(404);
  });

  it('reads the record as what its fields are: a member\'s name is no reading, a clerk\'s note no summary (issue 32)', async () => {
    const { locationId } = t.ex;
    const id = await addLaw(t, locationId, {
      title: 'Housing Authority Stabilization Emergency Act of 2022',
      fileNumber: 'B3-990',
      summary: 'Please see Referral Memo. COMMITTEE REFERRAL IS AS FOLLOWS:',
      votes: [
        { date: '2022-12-20', reading: 'Amendment' },
        { date: '2022-12-20', reading: 'Bonds' },
        { date: '2022-12-20', reading: 'T.' },
        { date: '2022-12-20', reading: 'Final' },
        { date: '2022-12-21', reading: 'Approved by Council (City Council) Pass' },
      ],
      text: 'The Board shall govern the Authority until September 30, 2024.',
    });
    const detail = (await t.get(`/api/ordinance/${id}`)).json() as OrdinanceDetail;
    expect(detail.votes.map((v) => [v.reading, v.recorded_as])).toEqual([
      ['Amendment', null],
      ['Vote', 'Bonds'],
      ['Vote', 'T.'],
      ['Final reading', null],
      ['Approved by Council (City Council) Pass', null],
    ]);
    expect(detail).toMatchObject({ summary: '', record_note: 'Please see Referral Memo. COMMITTEE REFERRAL IS AS FOLLOWS:' });
    // A note kept before the summary is set apart from it.
    const noted = await addLaw(t, locationId, { title: 'Alley Naming Act of 2024', fileNumber: 'B3-991', summary: 'FUNDING NOTE - Subject to Appropriations. BILL SUMMARY - As introduced, this bill names the alley in Square 100.' });
    expect((await t.get(`/api/ordinance/${noted}`)).json()).toMatchObject({ record_note: 'FUNDING NOTE - Subject to Appropriations.', summary: 'BILL SUMMARY - As introduced, this bill names the alley in Square 100.' });
    // The record's answer about its votes names no member as a reading.
    const asked = await t.app.inject({ method: 'POST', url: `/api/ordinance/${id}/followup`, headers: await t.auth(t.emails.CLERK!), payload: { question: 'What votes were taken on it?' } });
    expect(asked.json().answer).toContain('a vote recorded as “Bonds” on December 20, 2022');
    expect(asked.json().answer).not.toMatch(/\bBonds on\b/);
  });

  it('summarizes from the ordinance\'s own sentences with the offline engine', async () => {
    const res = await t.get(`/api/ordinance/${snowId}/summary`, t.emails.MAYOR);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json() as OrdinanceAnswer;
    expect(summary).toMatchObject({ engine: 'offline', model: null, question: null });
    expect(summary.citations.length).toBeGreaterThan(0);
    const detail = (await t.get(`/api/ordinance/${snowId}`)).json() as OrdinanceDetail;
    for (const c of summary.citations) {
      expect(summary.answer).toContain(c.quote);
      if (c.start >= 0) expect(detail.text.slice(c.start, c.end)).toBe(c.quote);
    }
    // Beyond the long title and the official summary, what the enacted text itself does.
    expect(summary.citations.some((c) => c.start >= 0), 'a quote a clerk can find in the text').toBe(true);
    expect((await t.get(`/api/ordinance/${snowId}/summary`, t.otherTownEmail)).statusCode).toBe(404);
  });

  it('answers a follow-up question from the text, quoting it', async () => {
    const headers = await t.auth(t.emails.CLERK!);
    const res = await t.app.inject({ method: 'POST', url: `/api/ordinance/${snowId}/followup`, headers, payload: { question: 'How is section 202 of the Streets Act amended?' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrdinanceAnswer;
    expect(answer.question).toBe('How is section 202 of the Streets Act amended?');
    expect(answer.citations.some((c) => c.quote.includes('$150'))).toBe(true);
    // The built-in engine's own words go as codes too, one per paragraph, for the reader's language (issue 30).
    // The built-in engine answers this one directly ("According to B3-201: …", "Also B3-201: …").
    expect(answer.engine).toBe('offline');
    expect(answer.messages?.map((m) => m.code)).toEqual(answer.answer.split('\n\n').map(() => 'answer_line'));
    expect(answer.messages?.[0].params).toMatchObject({ kind: 'according', cited: expect.stringMatching(/^B3-201: “Sec\. 2\./) });
    const empty = await t.app.inject({ method: 'POST', url: `/api/ordinance/${snowId}/followup`, headers, payload: { question: ' ' } });
    expect(empty.statusCode).toBe(400);
  });

  it("answers a question about the measure's own facts from its record first, the first sentence answering (issue 22)", async () => {
    const headers = await t.auth(t.emails.CLERK!);
    const ask = async (question: string) => ((await t.app.inject({ method: 'POST', url: `/api/ordinance/${snowId}/followup`, headers, payload: { question } })).json() as OrdinanceAnswer).answer;
    // The record above: B3-201, effective 2022-04-01, Committee on Transportation.
    expect(await ask('When does it take effect?')).toBe('B3-201 took effect on April 1, 2022, according to its record.');
    expect(await ask('Which committee handled it?')).toBe('It was referred to the Committee on Transportation.');
    expect(await ask('What is its bill number?')).toBe('Its file number is B3-201.');
    // A fact the record lacks is said to be missing, never answered with another (issue 30: a date for "who").
    const whoRes = (await t.app.inject({ method: 'POST', url: `/api/ordinance/${snowId}/followup`, headers, payload: { question: 'Who introduced it?' } })).json() as OrdinanceAnswer;
    expect(whoRes.messages).toEqual([{ code: 'record_no_sponsor', params: expect.objectContaining({ name: 'B3-201' }) }]);
    const who = whoRes.answer;
    expect(who).toMatch(/^Its record does not name who introduced or sponsored B3-201/);
    expect(who).not.toMatch(/^B3-201 was introduced on/);
  });
});
