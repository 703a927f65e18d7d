import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('GET /api/health reports the database kind and the AI engine', async () => {
  const res = await t.app.inject({ url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({
    status: 'ok',
    database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    ai_engine: 'offline',
    // Nothing works less well than it should on a fresh app (the retrieval tests list what does).
    degraded: [],
  });
});

it('serves the OpenAPI document generated from the route schemas', async () => {
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.paths['/api/user/login'].put.requestBody).toBeTruthy();
  expect(doc.paths['/api/municipal_code/rename-thread'].post).toBeTruthy();
});
