import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

/** Request budgets (decision 022): counted in PostgreSQL, per user or per address, 429 RATE_LIMITED with Retry-After. */
describe('the shipped budgets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: 'defaults' });
  });
  afterAll(() => t.close());

  it('one user firing 1,250 requests in a burst gets 1,200 answers, then 429 RATE_LIMITED with Retry-After', async () => {
    const headers = await t.auth(demoEmail('STAFF'));
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 1250; i++) {
      const res = await t.app.inject({ url: '/api/location', headers });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited ??= res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(1200);
    expect(statuses.slice(1200).every((s) => s === 429)).toBe(true);
    expect(limited!.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retry_after_seconds: expect.any(Number) } });
    const wait = Number(limited!.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another user's budget is its own.
    expect((await t.app.inject({ url: '/api/location', headers: await t.auth(demoEmail('CLERK')) })).statusCode).toBe(200);
  }, 120_000);
});

describe('budgets by kind of route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_API_PER_MINUTE: '20', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '5', RATE_LIMIT_PUBLIC_PER_MINUTE: '4' },
      { rateLimits: 'defaults' },
    );
  });
  afterAll(() => t.close());

  it('counts a user across two server processes on one database: no budget doubles with the process count', async () => {
    const other = await t.anotherApp();
    const headers = await t.auth(demoEmail('MAYOR'));
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await (i % 2 ? other : t.app).inject({ url: '/api/organization', headers })).statusCode);
    // The sign-in itself is on the auth budget, not this one: 20 answers, then 429 on either process.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });

  it('the public account routes have a tight budget per address, whatever the outcome', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email: 'x@example.org' }, remoteAddress: '10.9.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address is not affected.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email: 'x@example.org' }, remoteAddress: '10.9.0.2' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('expensive routes (the assistant, uploads, summaries) have their own smaller budget', async () => {
    const headers = await t.auth(demoEmail('CLERK'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/municipal_code/draft-email', headers, payload: {} });
      statuses.push(res.statusCode);
    }
    // Bad bodies count too: the budget guards the work of reading them.
    expect(statuses).toEqual([400, 400, 400, 429]);
    // The clerk's ordinary budget is untouched.
    expect((await t.app.inject({ url: '/api/location', headers })).statusCode).toBe(200);
  });

  it('public analytics is limited per address; the health check is never limited', async () => {
    const event = { session_id: 's-1', events: [{ name: 'page_view', path: '/' }] };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/analytics/events', payload: event, remoteAddress: '10.9.1.1' })).statusCode);
    }
    expect(statuses.slice(0, 4).every((s) => s < 400)).toBe(true);
    expect(statuses[4]).toBe(429);
    for (let i = 0; i < 10; i++) expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.9.1.1' })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('reads the setting: off by default, a hop count, or proxy addresses; never "trust everyone"', () => {
    const cases: [string, false | number | string[]][] = [
      ['', false],
      ['false', false],
      ['0', false],
      ['1', 1],
      ['2', 2],
      ['10.0.0.0/8', ['10.0.0.0/8']],
      ['127.0.0.1, 10.1.2.3', ['127.0.0.1', '10.1.2.3']],
      ['fd00::/8', ['fd00::/8']],
    ];
    for (const [raw, expected] of cases) expect(parseTrustProxy(raw), raw).toEqual(expected);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1/8/2']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it('behind one trusted proxy, each client behind it has its own address budget', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_IP: '3' });
    try {
      const attempt = (client: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/user/login',
          payload: { email: 'nobody@example.org', password: 'wrong-password!' },
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('203.0.113.7')).statusCode).toBe(429);
      expect((await attempt('203.0.113.8')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
