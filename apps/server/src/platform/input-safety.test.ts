import { cleanText, findUnsafeText, titleFrom } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../test/harness';
import { multipartBody } from '../test/multipart';

/**
 * The one text rule (decision 021) at each place the review found a 500: every string a request
 * carries is refused with 400 VALIDATION_FAILED naming its field when it holds a NUL or an
 * unpaired surrogate, before anything is computed or stored.
 */
let t: TestApp;
let clerk: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  clerk = await t.auth(demoEmail('CLERK'));
});
afterAll(() => t.close());

const refusedField = (res: { statusCode: number; json: () => { code: string; details?: { field: string; message: string }[] } }) => {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  return body.details?.[0];
};

describe('a NUL or an unpaired surrogate in a request', () => {
  it('in a query value: refused, naming the parameter', async () => {
    const admin = await t.auth(demoEmail('ADMIN'));
    const cases: [string, string][] = [
      ['/api/agenda_item?section_name=Public%00Hearings', 'query.section_name'],
      ['/api/agenda/stats?city_code=D%00C', 'query.city_code'],
      ['/api/user/by-location?location_code=%00', 'query.location_code'],
      ['/api/search?query=zoning%00', 'query.query'],
    ];
    for (const [url, field] of cases) {
      const issue = refusedField(await t.app.inject({ url, headers: admin }));
      expect(issue, url).toEqual({ field, message: 'Text must not contain a NUL character (\\u0000)' });
    }
  });

  it('in a path parameter: refused, naming the parameter', async () => {
    expect(refusedField(await t.app.inject({ url: '/api/agenda/a%00b', headers: clerk }))?.field).toBe('params.id');
    expect(refusedField(await t.app.inject({ url: '/api/municipal_code/thread/%00', headers: clerk }))?.field).toBe('params.id');
  });

  it('in a public body (sign-in, analytics): refused, naming the field', async () => {
    const login = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/user/login', payload });
    expect(refusedField(await login({ email: 'a\u0000b@x.org', password: 'whatever-password' }))?.field).toBe('body.email');
    expect(refusedField(await login({ userName: 'ad\u0000min', password: 'whatever-password' }))?.field).toBe('body.userName');
    const analytics = await t.app.inject({ method: 'POST', url: '/api/analytics/events', payload: { session_id: 's-1', events: [{ name: 'view\u0000' }] } });
    expect(refusedField(analytics)?.field).toBe('body.events.0.name');
  });

  it('in a signed-in body (feedback, rename): refused, naming the field, and nothing is stored', async () => {
    const feedback = (description: string) =>
      t.app.inject({ method: 'POST', url: '/api/report/report-issue', headers: clerk, payload: { description, page_url: '/' } });
    expect(refusedField(await feedback('Broken\u0000button'))).toEqual({ field: 'body.description', message: 'Text must not contain a NUL character (\\u0000)' });
    expect(refusedField(await feedback('Broken \ud800 button'))).toEqual({
      field: 'body.description',
      message: 'Text must not contain an unpaired surrogate (invalid Unicode)',
    });
    const reports = (await t.app.inject({ url: '/api/admin/reports', headers: await t.auth(demoEmail('ADMIN')) })).json();
    expect(reports).toHaveLength(0);
    const rename = await t.app.inject({ method: 'POST', url: '/api/municipal_code/rename-thread', headers: clerk, payload: { thread_id: 'any', title: 'Zoning\u0000' } });
    expect(refusedField(rename)?.field).toBe('body.title');
  });

  it('in the assistant question, as JSON or multipart: refused before any answer is computed, and no thread is made', async () => {
    const asJson = await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: clerk, payload: { main_user_question: 'Records\u0000 request deadline?' } });
    expect(refusedField(asJson)?.field).toBe('body.main_user_question');
    const form = multipartBody({ main_user_question: 'Records request deadline?\u0000' });
    const asForm = await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: { ...clerk, ...form.headers }, payload: form.payload });
    expect(refusedField(asForm)?.field).toBe('body.main_user_question');
    expect((await t.app.inject({ url: '/api/municipal_code/threads', headers: clerk })).json()).toEqual([]);
  });

  it('in an upload title: refused, and no document or file is kept', async () => {
    const form = multipartBody({ title: 'Budget\u0000' }, [{ field: 'files', filename: 'budget.txt', content: 'Budget notes.' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/external_document', headers: { ...clerk, ...form.headers }, payload: form.payload });
    expect(refusedField(res)?.field).toBe('body.title');
    expect((await t.app.inject({ url: '/api/external_document', headers: clerk })).json().total).toBe(0);
  });

  it('in an object key, or a body nested 5,000 levels deep: refused', async () => {
    const key = await t.app.inject({ method: 'POST', url: '/api/report/report-issue', headers: clerk, payload: { 'page\u0000url': '/', description: 'x' } });
    expect(refusedField(key)?.message).toMatch(/NUL/);
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/report/report-issue',
      headers: { ...clerk, 'content-type': 'application/json' },
      payload: `{"description":${'['.repeat(5000)}${']'.repeat(5000)},"page_url":"/"}`,
    });
    expect(refusedField(deep)).toEqual({ field: expect.stringMatching(/^body\.description/), message: 'The request is nested more than 32 levels deep' });
  });
});

it('an address that is not valid percent-encoding answers in the one error shape', async () => {
  const res = await t.app.inject({ url: '/api/agenda/%E0%A4%A', headers: clerk });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The address is not valid' });
});

describe('the rule itself (contract text.ts), by a truth table written by hand', () => {
  it('finds the first unsafe string and names where it is', () => {
    const cases: [unknown, { field: string; message: RegExp } | null][] = [
      ['plain text', null],
      ['emoji 😀 are pairs', null],
      ['\u0000', { field: 'body', message: /NUL/ }],
      [{ a: ['ok', 'b\u0000'] }, { field: 'body.a.1', message: /NUL/ }],
      [{ a: '\ud83d' }, { field: 'body.a', message: /unpaired surrogate/ }],
      [{ a: '\ude00x' }, { field: 'body.a', message: /unpaired surrogate/ }],
      [{ a: 'x\ud83d\ude00' }, null],
      [{ ['k\u0000']: 1 }, { field: 'body.k ', message: /NUL/ }],
      [{ n: 5, b: true, z: null }, null],
    ];
    for (const [value, expected] of cases) {
      const issue = findUnsafeText(value, 'body');
      if (expected === null) expect(issue, JSON.stringify(value)).toBeNull();
      else {
        expect(issue?.field, JSON.stringify(value)).toBe(expected.field);
        expect(issue?.message).toMatch(expected.message);
      }
    }
    let deep: unknown = 'leaf';
    for (let i = 0; i < 33; i++) deep = [deep];
    expect(findUnsafeText(deep, 'body')?.message).toMatch(/nested more than 32/);
    let fine: unknown = 'leaf';
    for (let i = 0; i < 32; i++) fine = [fine];
    expect(findUnsafeText(fine, 'body')).toBeNull();
  });

  it('cleans text read from files and models instead of refusing it', () => {
    expect(cleanText('zoning\u0000board')).toBe('zoning board');
    expect(cleanText('half \ud800 pair')).toBe('half \ufffd pair');
    expect(cleanText('whole \ud83d\ude00 pair')).toBe('whole \ud83d\ude00 pair');
  });
});

describe('a title made from a question or a first line', () => {
  it('is whole when it fits, else cut at a word with an ellipsis, never inside a word (truth table by hand)', () => {
    expect(titleFrom('How many working days do we have to answer a records request?')).toBe('How many working days do we have to answer a records request?');
    const long = 'A losing bidder thinks a city contract was awarded unfairly. How long do they have to file a protest with the contract appeals board?';
    expect(titleFrom(long)).toBe('A losing bidder thinks a city contract was awarded unfairly. How long do they…');
    expect([...titleFrom(long)].length).toBeLessThanOrEqual(80);
    // One line: a line break or a control character is a space.
    expect(titleFrom('Curfew\nhours\u001b[31m?')).toBe('Curfew hours [31m?');
    // A single word longer than the title is cut, with the ellipsis.
    expect(titleFrom('x'.repeat(200))).toBe(`${'x'.repeat(79)}…`);
  });
});
