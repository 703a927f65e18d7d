import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, demoEmail, TEST_PASSWORD } from '../test/harness';
import { multipartBody } from '../test/multipart';

/**
 * Two server processes on one database (issue 13): what one process changes, the other's read
 * caches drop at once (NOTIFY), not when their entries expire (5 s). On PGlite both apps share one
 * database handle; on PostgreSQL each has its own pool and caches, as two machines would.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  b = await t.anotherApp();
});
afterAll(() => t.close());

/** Polls until `check` holds, for at most `ms`; answers how long it took (or throws). */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${ms} ms`);
}

describe('read caches across processes', () => {
  it('a role change on A ends the session on B within a second, as on A; so does a deletion', async () => {
    const staff = await t.auth(demoEmail('STAFF'));
    const admin = await t.auth(demoEmail('ADMIN'));
    const me = (await b.inject({ url: '/api/user/me', headers: staff })).json();
    const adminOnly = () => b.inject({ url: '/api/user/by-location', headers: staff });
    // B has the staff member's session state in its cache now.
    expect((await adminOnly()).statusCode).toBe(403);

    const promoted = await t.app.inject({ method: 'PUT', url: '/api/user/edit-user', headers: admin, payload: { id: me.id, role: 'ADMIN' } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // A role change ends the user's sessions: the old token is refused on A at once, and on B too.
    expect((await t.app.inject({ url: '/api/user/me', headers: staff })).statusCode).toBe(401);
    await within(1_000, async () => (await adminOnly()).statusCode === 401);

    // Signed in again as the new role on B, then deleted on A: the new session ends on B as well.
    const again = await b.inject({ method: 'PUT', url: '/api/user/login', payload: { email: demoEmail('STAFF'), password: TEST_PASSWORD } });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = { authorization: `Bearer ${again.json().access_token}` };
    expect((await b.inject({ url: '/api/user/by-location', headers: fresh })).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/user/delete-user/${me.id}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await within(1_000, async () => (await b.inject({ url: '/api/user/me', headers: fresh })).statusCode === 401);
  });
});

describe('search across processes', () => {
  it('an agenda item created on A and a document uploaded on A are found by search on B within a second', async () => {
    const clerk = await t.auth(demoEmail('CLERK'));
    const search = async (app: FastifyInstance, query: string) => (await app.inject({ url: `/api/search?query=${query}`, headers: clerk })).json().total as number;
    // B's index is built and answering before the writes.
    await within(10_000, async () => (await b.inject({ url: '/api/search?query=permit', headers: clerk })).statusCode === 200);
    expect(await search(b, 'bittern')).toBe(0);
    const created = await t.app.inject({ method: 'POST', url: '/api/agenda_item', headers: clerk, payload: { title: 'Bittern marsh restoration' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(await search(t.app, 'bittern')).toBe(1);
    await within(1_000, async () => (await search(b, 'bittern')) === 1);

    const body = multipartBody({}, [{ field: 'files', filename: 'grebe.txt', content: 'Survey notes on the grebe colony at the reservoir.' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/external_document', payload: body.payload, headers: { ...body.headers, ...clerk } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await within(1_000, async () => (await search(b, 'grebe')) === 1);
  });
});
