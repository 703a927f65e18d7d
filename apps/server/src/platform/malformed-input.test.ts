import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DRAFT_KINDS, draftRequestSchema, generateRequestSchema } from '@civicdesk/contract';
import { createTestApp, demoEmail, type TestApp } from '../test/harness';
import {
  DEEP_ARRAY_JSON,
  DEEP_OBJECT_JSON,
  fieldsOf,
  holdsUnsafeText,
  hostileBody,
  hostileQuery,
  hostileString,
  percentEncode,
} from '../test/hostile-input';
import { multipartBody } from '../test/multipart';

/**
 * Malformed, hostile and random input to every registered route (generated from the route table,
 * not listed by hand), on the database of this run (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the answer is never a 5xx and always the one error shape, and input
 * that holds a NUL or an unpaired surrogate never gets past validation.
 */
let t: TestApp;
let headers: { authorization: string };
let requests = 0;
beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth(demoEmail('ADMIN'));
});
afterAll(() => t.close());

/** At least this many requests per run (the issue's floor), spread over every route. */
const MIN_REQUESTS = 5_000;
const hasBody = (method: string) => method !== 'GET' && method !== 'DELETE';
/** Multipart routes read their fields in the handler; their field names come from the contract. */
const MULTIPART_FIELDS: Record<string, string[]> = {
  '/api/municipal_code/generate': fieldsOf(generateRequestSchema),
  '/api/external_document': ['title', 'document_type'],
  ...Object.fromEntries(DRAFT_KINDS.map((kind) => [`/api/${kind}/draft`, fieldsOf(draftRequestSchema)])),
};

async function send(options: InjectOptions, label: string): Promise<LightMyRequestResponse> {
  requests++;
  const res = await t.app.inject(options);
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json();
    expect(typeof body.code, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
  }
  return res;
}

/** A query value as a URL decoder reads it: percent-decoded, or as sent when it is not valid percent-encoding. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Input holding a NUL or an unpaired surrogate stops at parsing or validation, never later. */
function expectRefused(res: LightMyRequestResponse, label: string) {
  expect([400, 413, 415], label).toContain(res.statusCode);
}

const fixedBodies: { payload?: string; contentType?: string }[] = [
  {},
  { payload: '', contentType: 'application/json' },
  { payload: '{', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '{"email": 5, "password": [], "title": {"$ne": null}}', contentType: 'application/json' },
  { payload: JSON.stringify({ description: 'x'.repeat(200_000) }), contentType: 'application/json' },
  { payload: DEEP_ARRAY_JSON, contentType: 'application/json' },
  { payload: DEEP_OBJECT_JSON, contentType: 'application/json' },
  { payload: '{"a":"\\u0000"}', contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', contentType: 'text/xml' },
];

/** Path parameters as raw URL text: percent sequences are sent as they are, not encoded again. */
const pathVariants = ['x', '%00', 'a%00b', "1'%20OR%20'1'%3D'1", 'a'.repeat(500), '%ED%A0%80', '%E0%A4%A', '%C0%80'];

it('never answers 5xx to fixed malformed bodies and paths on any route', async () => {
  const routes = t.app.routeTable;
  expect(routes.length).toBeGreaterThan(40);
  for (const route of routes) {
    for (const variant of route.url.includes(':') ? pathVariants : ['']) {
      const url = route.url.replace(/:(\w+)/g, variant);
      for (const body of fixedBodies) {
        const label = `${route.method} ${url.slice(0, 80)} ${body.payload?.slice(0, 40)}`;
        const res = await send(
          {
            method: route.method as 'POST',
            url: `${url}?limit=-1&page=abc&city_code[]=x`,
            headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
            payload: body.payload,
          },
          label,
        );
        // A NUL in the path (with nothing else wrong): refused with the parameter named, before any handler runs.
        if (variant.includes('%00') && body.payload === undefined) {
          expect(res.statusCode, label).toBe(400);
          expect(res.json().details?.[0]?.field, label).toMatch(/^params\./);
        }
      }
    }
  }
}, 300_000);

it(`sends at least ${MIN_REQUESTS} generated hostile requests over every route, and none answers 5xx`, async () => {
  const routes = t.app.routeTable;
  const runsPerRoute = Math.ceil(MIN_REQUESTS / routes.length);
  for (const route of routes) {
    const bodyFields = MULTIPART_FIELDS[route.url] ?? fieldsOf(route.schema.body);
    const request = fc.record({
      params: fc.array(hostileString.filter((s) => s.length < 2_000), { minLength: 2, maxLength: 2 }),
      query: hostileQuery(fieldsOf(route.schema.querystring)),
      body: hostileBody(bodyFields),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ params, query, body }) => {
        let index = 0;
        const url = route.url.replace(/:(\w+)/g, () => percentEncode(params[index++]) || 'x');
        const label = `${route.method} ${route.url} ${JSON.stringify(body).slice(0, 120)} ?${query.slice(0, 80)}`;
        const res = await send(
          {
            method: route.method as 'POST',
            url: `${url}${query ? `?${query}` : ''}`,
            headers: hasBody(route.method) ? { ...headers, 'content-type': 'application/json' } : headers,
            payload: hasBody(route.method) ? JSON.stringify(body) : undefined,
          },
          label,
        );
        const unsafe =
          params.slice(0, index).some((p) => p.includes('\u0000')) ||
          query.split('&').some((pair) => decoded(pair.slice(pair.indexOf('=') + 1)).includes('\u0000')) ||
          (hasBody(route.method) && holdsUnsafeText(body));
        if (unsafe) expectRefused(res, label);
      }),
      { numRuns: runsPerRoute },
    );
  }
  expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
}, 600_000);

it('refuses hostile multipart fields on the upload and assistant routes, and never answers 5xx', async () => {
  for (const [url, fields] of Object.entries(MULTIPART_FIELDS)) {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), hostileString.filter((s) => s.length < 60_000), { minKeys: 1 }), async (values) => {
        const form = multipartBody(values as Record<string, string>, url === '/api/external_document' ? [{ field: 'files', filename: 'notes.txt', content: 'Budget notes for the council.' }] : []);
        const label = `POST ${url} ${JSON.stringify(values).slice(0, 120)}`;
        const res = await send({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload }, label);
        // Multipart bytes are UTF-8: a lone surrogate arrives as U+FFFD, so only a NUL must be refused here.
        if (Object.values(values).some((v) => v.includes('\u0000'))) expectRefused(res, label);
      }),
      { numRuns: 60 },
    );
  }
}, 300_000);

it('answers ROUTE_NOT_FOUND for unknown API paths', async () => {
  const res = await t.app.inject({ url: '/api/no/such/route' });
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('ROUTE_NOT_FOUND');
});

it('answers 405 METHOD_NOT_ALLOWED with Allow for a known path asked with another method', async () => {
  const list = await t.app.inject({ method: 'DELETE', url: '/api/agenda', headers });
  expect(list.statusCode).toBe(405);
  expect(list.json().code).toBe('METHOD_NOT_ALLOWED');
  expect(list.headers.allow).toBe('GET, HEAD, POST');
  const one = await t.app.inject({ method: 'PATCH', url: '/api/location/DC/settings', headers });
  expect(one.statusCode).toBe(405);
  expect(one.headers.allow).toBe('GET, HEAD, PUT');
  // A path the API does not have stays 404.
  expect((await t.app.inject({ method: 'PATCH', url: '/api/no/such/route' })).statusCode).toBe(404);
});
