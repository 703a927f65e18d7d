import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('stores feedback with the page URL; admins read it, others cannot', async () => {
  const headers = await t.auth(demoEmail('MAYOR'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/report/report-issue',
    headers,
    payload: { description: '  The agenda list is empty  ', page_url: 'http://localhost:3000/summary' },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().success).toBe(true);
  const reports = await t.app.inject({ url: '/api/admin/reports', headers: await t.auth(demoEmail('ADMIN')) });
  expect(reports.json()[0]).toMatchObject({ description: 'The agenda list is empty', page_url: 'http://localhost:3000/summary', reporter: 'Morgan Mayfield' });
  expect((await t.app.inject({ url: '/api/admin/reports', headers })).statusCode).toBe(403);
});

it('refuses an empty description and a missing page_url', async () => {
  const headers = await t.auth(demoEmail('STAFF'));
  const empty = await t.app.inject({ method: 'POST', url: '/api/report/report-issue', headers, payload: { description: '   ', page_url: '/x' } });
  expect(empty.statusCode).toBe(400);
  const noUrl = await t.app.inject({ method: 'POST', url: '/api/report/report-issue', headers, payload: { description: 'x' } });
  expect(noUrl.statusCode).toBe(400);
  expect(noUrl.json().details[0].field).toBe('body.page_url');
});
