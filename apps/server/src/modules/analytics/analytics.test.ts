import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('stores event batches with a 365-day first-party device cookie, and admins see per-day and per-tool counts', async () => {
  const headers = await t.auth(demoEmail('CLERK'));
  const batch = {
    session_id: 'session-1',
    events: [
      { name: 'page_view', path: '/code-assistant', properties: { tool: 'Knowledge Assistant' } },
      { name: 'page_view', path: '/', properties: { tool: 'Smart Search' } },
      { name: 'search', path: '/', properties: { tool: 'Smart Search' } },
    ],
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/analytics/events', headers, payload: batch });
  expect(res.statusCode).toBe(202);
  const cookie = res.cookies.find((c) => c.name === 'cd_device')!;
  expect(cookie.maxAge).toBe(365 * 24 * 3600);
  expect(cookie.httpOnly).toBe(true);

  // The same device keeps its id.
  const again = await t.app.inject({ method: 'POST', url: '/api/analytics/events', headers, cookies: { cd_device: cookie.value }, payload: batch });
  expect(again.cookies.find((c) => c.name === 'cd_device')!.value).toBe(cookie.value);

  const summary = (await t.app.inject({ url: '/api/admin/analytics?days=7', headers: await t.auth(demoEmail('ADMIN')) })).json();
  expect(summary.total_events).toBe(6);
  expect(summary.devices).toBe(1);
  expect(summary.sessions).toBe(1);
  expect(summary.per_tool[0]).toEqual({ tool: 'Smart Search', count: 4 });
  expect(summary.per_day[0].count).toBe(6);
});

it('refuses an empty batch and oversized batches', async () => {
  const headers = await t.auth(demoEmail('CLERK'));
  expect((await t.app.inject({ method: 'POST', url: '/api/analytics/events', headers, payload: { session_id: 's', events: [] } })).statusCode).toBe(400);
  const many = { session_id: 's', events: Array.from({ length: 101 }, () => ({ name: 'x' })) };
  expect((await t.app.inject({ method: 'POST', url: '/api/analytics/events', headers, payload: many })).statusCode).toBe(400);
});
