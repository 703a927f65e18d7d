import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../test/harness';

/**
 * Malformed, empty and random input to every registered route (generated from the route
 * table, not listed by hand): the answer is never a 5xx and always the one error shape.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fixedBodies: { payload?: string; contentType?: string }[] = [
  {},
  { payload: '', contentType: 'application/json' },
  { payload: '{', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '{"email": 5, "password": [], "title": {"$ne": null}}', contentType: 'application/json' },
  { payload: JSON.stringify({ description: 'x'.repeat(200_000) }), contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', contentType: 'text/xml' },
];

const pathVariants = (url: string) => [
  url.replace(/:(\w+)/g, 'x'),
  url.replace(/:(\w+)/g, '%00'),
  url.replace(/:(\w+)/g, "1' OR '1'='1"),
  url.replace(/:(\w+)/g, 'a'.repeat(500)),
];

it('never answers 5xx to malformed input on any route', async () => {
  const headers = await t.auth(demoEmail('ADMIN'));
  const routes = t.app.routeTable;
  expect(routes.length).toBeGreaterThan(20);
  let requests = 0;
  for (const route of routes) {
    for (const url of pathVariants(route.url)) {
      for (const body of fixedBodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: `${encodeURI(url)}?limit=-1&page=abc&city_code[]=x`,
          headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
          payload: body.payload,
        });
        requests++;
        expect(res.statusCode, `${route.method} ${url} ${body.payload?.slice(0, 40)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().code).toBe('string');
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:(\w+)/g, 'fuzz'),
          headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(value),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { headers: { ...headers, 'content-type': 'application/json' } }),
        });
        requests++;
        return res.statusCode < 500;
      }),
      { numRuns: 25 },
    );
  }
  expect(requests).toBeGreaterThan(routes.length * 40);
  // Thousands of requests over every route: its own time budget, not the default per-test one.
}, 300_000);

it('answers ROUTE_NOT_FOUND for unknown API paths', async () => {
  const res = await t.app.inject({ url: '/api/no/such/route' });
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('ROUTE_NOT_FOUND');
});
