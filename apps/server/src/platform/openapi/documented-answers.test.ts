import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';
import type { RouteEntry } from '../auth/guard';
import { documentPath, type OpenApiDocument, type OpenApiOperation, operationOf, pointer, resolvePointer } from './test-support';

/**
 * Every operation of the served document, asked as a client would (no token, a token without the
 * permission, malformed path, query and body, and for reads a valid admin request): each answer's
 * status is one the document lists for that operation, and its body validates against the schema
 * documented for that status. The expected statuses come from the route's access rule and the
 * spec's error table, not from running the code.
 */
let t: TestApp;
let doc: OpenApiDocument;
let admin: { authorization: string };
let powerless: { authorization: string };
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('binary', true);
const validators = new Map<string, ValidateFunction>();
/** Real ids for path parameters, so reads reach their success answer. */
const sample: Record<string, string> = {};
const checked = new Set<string>();
let draftAnswer: LightMyRequestResponse;

beforeAll(async () => {
  t = await createTestApp();
  const city = await seedExampleCity(t.db);
  await createUser(t.db, { email: 'admin@example.test', role: 'ADMIN', ...city });
  // A STAFF member whose administrator revoked every permission: each tool's routes must refuse it.
  await createUser(t.db, { email: 'powerless@example.test', role: 'STAFF', permissions: [], ...city });
  admin = await t.auth('admin@example.test');
  powerless = await t.auth('powerless@example.test');
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  ajv.addSchema(doc as object, 'openapi');

  const agendas = (await t.app.inject({ method: 'GET', url: '/api/agenda', headers: admin })).json();
  const ordinances = (await t.app.inject({ method: 'GET', url: '/api/ordinance/search/?query=', headers: admin })).json();
  const drafted = await t.app.inject({ method: 'POST', url: '/api/resolution/draft', headers: admin, payload: { query: 'A resolution thanking the volunteers of the snow team' } });
  expect(drafted.statusCode, drafted.body.slice(0, 300)).toBe(201);
  draftAnswer = drafted;
  Object.assign(sample, {
    '/api/agenda/:id': agendas.agendas[0].id,
    '/api/ordinance/:id': ordinances.hits[0].id,
    '/api/drafted_document/:id': drafted.json().document.id,
    ':version': '1',
    ':code': 'EX',
    ':cityCode': 'EX',
    ':query': 'budget',
    ':type': 'resolution',
    '/api/compliance/code/:id': 'EX',
  });
}, 60_000);
afterAll(() => t.close());

/** The route's path with its parameters: `value` for all of them, or the sample ids. */
function pathOf(url: string, value?: string) {
  return url.replace(/:(\w+)/g, (param) => value ?? sample[`${url.slice(0, url.indexOf(param))}${param}`] ?? sample[param] ?? 'no-such-record');
}

function validatorFor(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `openapi${ref}` })));
  return validate;
}

/** The answer's status is documented for the operation, and its body matches that status's schema. */
function expectDocumented(res: LightMyRequestResponse, method: string, url: string, what: string) {
  const label = `${method} ${url} (${what}) answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const op = operationOf(doc, method, url) as OpenApiOperation;
  const status = String(res.statusCode);
  const documented = op.responses[status];
  expect.soft(documented, label).toBeDefined();
  if (!documented) return;
  checked.add(`${method} ${url} ${status}`);
  const base = documented.$ref ?? pointer('paths', documentPath(url), method.toLowerCase(), 'responses', status);
  const response = resolvePointer(doc, base) as { content?: Record<string, unknown> };
  if (!response.content) return;
  const type = String(res.headers['content-type'] ?? '').split(';')[0];
  expect.soft(Object.keys(response.content), label).toContain(type);
  if (type !== 'application/json') return;
  const validate = validatorFor(`${base}/content/${'application~1json'}/schema`);
  expect.soft(validate(res.json()), `${label}\n${JSON.stringify(validate.errors?.slice(0, 5))}`).toBe(true);
}

async function ask(route: RouteEntry, what: string, options: Omit<InjectOptions, 'method'>, expected?: number[]) {
  const res = await t.app.inject({ method: route.method as 'GET', ...options });
  expectDocumented(res, route.method, route.url, what);
  if (expected) expect.soft(expected, `${route.method} ${route.url} (${what}): ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  return res;
}

/** Reads whose query has a required field: a real value (a file needs an upload, so GET /file answers 404). */
const SAMPLE_QUERIES: Record<string, string> = { '/api/municipal_code/data': 'code=1-101', '/api/file': 'filename=no-such-file.pdf' };

const takesBody = (method: string) => method === 'POST' || method === 'PUT';
const needsPermission = (route: RouteEntry) => route.access === 'admin' || typeof route.access === 'object';

/** A query that breaks the route's declared rules: a number that is not one, a value outside an enum, or else a NUL. */
function malformedQuery(op: OpenApiOperation): string {
  for (const param of op.parameters?.filter((p) => p.in === 'query') ?? []) {
    const schema = param.schema as { type?: string; enum?: unknown[] };
    if (schema.type === 'integer' || schema.type === 'number') return `${param.name}=not-a-number`;
    if (schema.enum) return `${param.name}=no-such-value`;
  }
  return 'text=a%00b';
}

it('validates against the documented schemas, which do refuse a wrong body', () => {
  const health = validatorFor(pointer('paths', '/api/health', 'get', 'responses', '200', 'content', 'application/json', 'schema'));
  expect(health({ status: 'ok', database: 'pglite', ai_engine: 'offline', version: '0.1.0' })).toBe(true);
  expect(health({ status: 'down', database: 'pglite' })).toBe(false);
  const error = validatorFor('#/components/responses/BadRequest/content/application~1json/schema');
  expect(error({ code: 'VALIDATION_FAILED', message: 'The request is not valid', details: [] })).toBe(true);
  expect(error({ code: 'NOT_A_CODE', message: 'x' })).toBe(false);
});

it('answers every operation only with statuses and bodies its document lists', async () => {
  const routes = t.app.routeTable;
  expect(routes.length).toBeGreaterThan(100);
  for (const route of routes) {
    const op = operationOf(doc, route.method, route.url)!;
    const url = pathOf(route.url);
    if (route.access !== 'public') {
      await ask(route, 'no token', { url }, [401]);
      await ask(route, 'a token that is not valid', { url, headers: { authorization: 'Bearer not.a.token' } }, [401]);
    }
    if (needsPermission(route)) await ask(route, 'a user without the permission', { url, headers: powerless }, [403]);
    if (route.url.includes(':')) await ask(route, 'a NUL in the path', { url: pathOf(route.url, 'a%00b'), headers: admin }, [400]);
    await ask(route, 'a malformed query', { url: `${url}?${malformedQuery(op)}`, headers: admin }, [400]);
    if (takesBody(route.method)) {
      await ask(route, 'a body that is not JSON', { url, headers: { ...admin, 'content-type': 'application/json' }, payload: '{"unclosed": ' }, [400]);
      await ask(route, 'a body of a type no route reads', { url, headers: { ...admin, 'content-type': 'text/xml' }, payload: '<a/>' }, [415]);
      // A route that reads no body ignores one; the others refuse it (415 where only a multipart form is read).
      await ask(route, 'a JSON body of the wrong shape', { url, headers: { ...admin, 'content-type': 'application/json' }, payload: '[1, 2]' }, op.requestBody ? [400, 415] : undefined);
    }
    if (route.method === 'GET') {
      const query = SAMPLE_QUERIES[route.url];
      const res = await ask(route, 'a valid request as ADMIN', { url: query ? `${url}?${query}` : url, headers: admin });
      if (!url.includes('no-such-record') && route.url !== '/api/file') expect.soft(res.statusCode, `${route.method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  }
}, 120_000);

it('answers the success statuses the fuzzer found undocumented, with documented bodies', async () => {
  expectDocumented(draftAnswer, 'POST', '/api/resolution/draft', 'a valid draft request');
  const post = (url: string, payload: object, headers: object = admin) => t.app.inject({ method: 'POST', url, headers: { ...headers }, payload });
  const analytics = await post('/api/analytics/events', { session_id: 'session-1', events: [{ name: 'page_view', path: '/search' }] }, {});
  expectDocumented(analytics, 'POST', '/api/analytics/events', 'a batch of events');
  expect(analytics.statusCode).toBe(202);
  const feedback = await post('/api/report/report-issue', { description: 'The search page is slow', page_url: '/search' });
  expectDocumented(feedback, 'POST', '/api/report/report-issue', 'a report');
  expect(feedback.statusCode).toBe(201);
  const invite = await post('/api/user/invite', { userName: 'new.clerk', firstName: 'New', lastName: 'Clerk', email: 'new.clerk@example.test', role: 'CLERK', locationCode: 'EX' });
  expectDocumented(invite, 'POST', '/api/user/invite', 'an invitation');
  expect(invite.statusCode).toBe(201);
  const login = await t.app.inject({ method: 'PUT', url: '/api/user/login', payload: { email: 'admin@example.test', password: 'wrong password' } });
  expectDocumented(login, 'PUT', '/api/user/login', 'a wrong password');
  expect(login.statusCode).toBe(401);
  // Every operation was asked at least twice over (its error answers, and the success of the reads).
  expect(new Set([...checked].map((key) => key.split(' ').slice(0, 2).join(' '))).size).toBe(t.app.routeTable.length);
});
