import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, demoEmail, type TestApp } from '../test/harness';

/**
 * A long path parameter (issue: the fuzzer's 414): one within the router's limit reaches its route,
 * so the token is checked first and the parameter's own rule answers 400 naming it; one past the
 * limit answers 400 in the one error shape; and the access log says the status that was answered.
 */
let t: TestApp;
let app: FastifyInstance;
let headers: { authorization: string };
const logLines: { reqId?: string; msg?: string; res?: { statusCode?: number } }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
  });
  app = await buildApp({ config: { ...t.config, logLevel: 'info' }, database: t.database, logStream });
  await app.ready();
  headers = await t.auth(demoEmail('ADMIN'));
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** The status the access log gave the last request. */
const loggedStatus = () => logLines.filter((l) => l.msg === 'request completed').at(-1)?.res?.statusCode;

it('checks the token before a long path parameter, then names the parameter (400, not 414)', async () => {
  const url = `/api/agenda/${'a'.repeat(150)}`;
  const anonymous = await app.inject({ method: 'GET', url });
  expect(anonymous.statusCode).toBe(401);
  expect(loggedStatus()).toBe(401);
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'params.id' }] });
  expect(loggedStatus()).toBe(400);
});

it('serves a path parameter as long as its contract allows (a 500-character research query)', async () => {
  const res = await app.inject({ method: 'GET', url: `/api/DC/research/meili/${encodeURIComponent(`${'zoning '.repeat(70)}zoning`)}`, headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const tooLong = await app.inject({ method: 'GET', url: `/api/DC/research/meili/${'z'.repeat(501)}`, headers });
  expect(tooLong.statusCode).toBe(400);
  expect(tooLong.json().details[0].field).toBe('params.query');
});

it('answers a parameter past the router\'s limit 400 in the one error shape, and logs 400', async () => {
  const res = await app.inject({ method: 'GET', url: `/api/agenda/${'a'.repeat(6_000)}`, headers });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The address is too long' });
  await new Promise((resolve) => setImmediate(resolve));
  expect(loggedStatus()).toBe(400);
});
