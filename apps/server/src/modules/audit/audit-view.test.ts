import type { AuditEventView, AuditPage } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocation } from '../../cli/seed-demo';
import { auditEvents } from '../../db/schema';
import { createUser } from '../../test/example-city';
import { createTestApp, demoEmail, TEST_PASSWORD, type TestApp } from '../../test/harness';

/**
 * GET /api/admin/audit: who sees which events (ADMIN every location, a SUPERUSER its own location and
 * organization, nobody else any), its filters, its pages and its answers to bad queries.
 */
let t: TestApp;
const OT_SUPERUSER = 'superuser@other-town.test';
const OT_CLERK = 'clerk@other-town.test';
beforeAll(async () => {
  t = await createTestApp();
  const ot = await ensureLocation(t.db, { code: 'OT', name: 'Other Town', stateCode: 'OT' }, 'Other Town Government');
  await createUser(t.db, { email: OT_SUPERUSER, role: 'SUPERUSER', ...ot });
  await createUser(t.db, { email: OT_CLERK, role: 'CLERK', ...ot });
  const login = (email: string, password: string) => t.app.inject({ method: 'PUT', url: '/api/user/login', payload: { email, password } });
  // Events of both towns, and one of no town.
  for (const email of [demoEmail('ADMIN'), demoEmail('SUPERUSER'), demoEmail('STAFF'), OT_SUPERUSER, OT_CLERK]) await t.auth(email);
  expect((await login(demoEmail('CLERK'), 'wrong-password-dc')).statusCode).toBe(401);
  expect((await login(OT_CLERK, 'wrong-password-ot')).statusCode).toBe(401);
  expect((await login('stranger@example.org', 'wrong-password-x')).statusCode).toBe(401);
  expect((await login(demoEmail('CLERK'), TEST_PASSWORD)).statusCode).toBe(200);
});
afterAll(() => t.close());

const get = async (email: string, query = '') => t.app.inject({ url: `/api/admin/audit${query}`, headers: await t.auth(email) });
const page = async (email: string, query = '') => {
  const res = await get(email, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditPage;
};
const emailsIn = (events: AuditEventView[]) => new Set(events.map((e) => e.actor_email));

describe('who sees what', () => {
  it('STAFF and other non-admins get 403; without a token, 401', async () => {
    for (const role of ['STAFF', 'CLERK', 'MAYOR']) {
      const res = await get(demoEmail(role));
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ code: 'ACCESS_DENIED', message: 'You do not have permission to do this' });
    }
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('the ADMIN sees every location, and events of no location', async () => {
    const { events } = await page(demoEmail('ADMIN'), '?limit=200');
    const emails = emailsIn(events);
    for (const email of ['admin@civicdesk.test', 'clerk@civicdesk.test', OT_CLERK, OT_SUPERUSER, 'stranger@example.org']) expect(emails.has(email), email).toBe(true);
    const stranger = events.find((e) => e.actor_email === 'stranger@example.org')!;
    expect(Object.keys(stranger).sort()).toEqual(['action', 'actor_email', 'actor_id', 'details', 'id', 'ip', 'location_code', 'occurred_at', 'user_agent']);
    expect(stranger).toMatchObject({ action: 'sign_in.failed', actor_id: null, location_code: null, ip: '127.0.0.1', details: { reason: 'unknown_account' } });
  });

  it("a SUPERUSER of one town never sees the other town's events, nor those of no town", async () => {
    const dc = emailsIn((await page(demoEmail('SUPERUSER'), '?limit=200')).events);
    expect(dc.has('clerk@civicdesk.test')).toBe(true);
    expect(dc.has('superuser@civicdesk.test')).toBe(true);
    for (const email of [OT_CLERK, OT_SUPERUSER, 'stranger@example.org']) expect(dc.has(email), email).toBe(false);

    const ot = (await page(OT_SUPERUSER, '?limit=200')).events;
    expect([...emailsIn(ot)].sort()).toEqual([OT_CLERK, OT_SUPERUSER]);
    expect(new Set(ot.map((e) => e.location_code))).toEqual(new Set(['OT']));
  });

  it("naming another town: 404 for a SUPERUSER, that town only for the ADMIN", async () => {
    const refused = await get(demoEmail('SUPERUSER'), '?location_code=OT');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    expect((await page(demoEmail('SUPERUSER'), '?location_code=DC')).events.length).toBeGreaterThan(0);
    const ot = (await page(demoEmail('ADMIN'), '?location_code=OT&limit=200')).events;
    expect([...emailsIn(ot)].sort()).toEqual([OT_CLERK, OT_SUPERUSER]);
  });
});

describe('filters and pages', () => {
  it('by action and by part of the email, any case; a % is a character, not a wildcard', async () => {
    const failed = (await page(demoEmail('ADMIN'), '?action=sign_in.failed&limit=200')).events;
    expect(failed.map((e) => e.actor_email).sort()).toEqual(['clerk@civicdesk.test', OT_CLERK, 'stranger@example.org']);
    const town = (await page(demoEmail('ADMIN'), '?actor=OTHER-TOWN&action=sign_in.failed')).events;
    expect(town.map((e) => e.actor_email)).toEqual([OT_CLERK]);
    expect((await page(demoEmail('ADMIN'), '?actor=%25')).events).toEqual([]);
  });

  it('by day: today holds the events, tomorrow and yesterday none', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await page(demoEmail('ADMIN'), `?from=${day(1)}`)).events).toEqual([]);
    expect((await page(demoEmail('ADMIN'), `?to=${day(-1)}`)).events).toEqual([]);
    expect((await page(demoEmail('ADMIN'), `?from=${day(0)}&to=${day(0)}`)).events.length).toBeGreaterThan(0);
    const now = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await page(demoEmail('ADMIN'), `?from=${now}`)).events).toEqual([]);
  });

  it('pages of two, newest first, walk every row exactly once', async () => {
    const stored = await t.db.select({ id: auditEvents.id }).from(auditEvents);
    const seen: AuditEventView[] = [];
    let cursor: string | null = '';
    for (let pages = 0; cursor !== null; pages++) {
      expect(pages).toBeLessThan(100);
      const answer = await page(demoEmail('ADMIN'), `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.events.length).toBeLessThanOrEqual(2);
      seen.push(...answer.events);
      cursor = answer.next_cursor;
    }
    expect(seen.length).toBe(stored.length);
    expect(new Set(seen.map((e) => e.id)).size).toBe(stored.length);
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1].occurred_at >= seen[i].occurred_at).toBe(true);
  });
});

describe('bad queries answer 400 in the one error shape', () => {
  const cases: [string, string][] = [
    ['?action=made_up', 'querystring.action'],
    ['?from=2026-13-01', 'querystring.from'],
    ['?from=yesterday', 'querystring.from'],
    ['?from=2026-05-02&to=2026-05-01', 'querystring.to'],
    ['?limit=0', 'querystring.limit'],
    ['?limit=201', 'querystring.limit'],
    ['?cursor=not!a%20cursor', 'querystring.cursor'],
    [`?cursor=${Buffer.from('["not a time", 5]').toString('base64url')}`, 'querystring.cursor'],
    ['?actor=', 'querystring.actor'],
  ];
  for (const [query, field] of cases) {
    it(query, async () => {
      const res = await get(demoEmail('ADMIN'), query);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'message']);
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  }

  it('an unknown parameter is refused', async () => {
    const res = await get(demoEmail('ADMIN'), '?role=ADMIN');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
