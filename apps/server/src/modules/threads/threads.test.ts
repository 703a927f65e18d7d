import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocation } from '../../cli/seed-demo';
import { users } from '../../db/schema';
import { createTestApp, demoEmail, type TestApp, TEST_PASSWORD } from '../../test/harness';
import { hashPassword } from '../../platform/auth/passwords';
import { DEFAULT_PERMISSIONS } from '@civicdesk/contract';
import { appendMessages, startThread } from './service';

let t: TestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // A user of another city, to prove tenancy.
  const { locationId, organizationId } = await ensureLocation(t.db, { code: 'NY', name: 'Example City', stateCode: 'NY' }, 'Example City Hall');
  await t.db.insert(users).values({
    id: 'ny-clerk',
    email: 'clerk@example-city.test',
    userName: 'ny-clerk',
    firstName: 'Nia',
    lastName: 'York',
    passwordHash: await hashPassword(TEST_PASSWORD),
    role: 'CLERK',
    featurePermissions: DEFAULT_PERMISSIONS.CLERK,
    locationId,
    organizationId,
  });
  const me = async (email: string) => (await t.app.inject({ url: '/api/user/me', headers: await t.auth(email) })).json();
  const clerk = await me(demoEmail('CLERK'));
  const principal = { userId: clerk.id, locationId: (await locationOf(clerk.id)) } as never;
  ids.older = await startThread(t.db, principal, 'How long do we have to answer a records request?');
  await appendMessages(t.db, ids.older, [{ role: 'user', content: 'How long do we have to answer a records request?' }]);
  await new Promise((r) => setTimeout(r, 15));
  ids.newer = await startThread(t.db, principal, 'Who approves street closures?');
});
afterAll(() => t.close());

async function locationOf(userId: string) {
  const { eq } = await import('drizzle-orm');
  const [row] = await t.db.select({ l: users.locationId }).from(users).where(eq(users.id, userId));
  return row.l;
}
const get = async (url: string, email = demoEmail('CLERK')) => t.app.inject({ url, headers: await t.auth(email) });

describe('conversation threads', () => {
  it('lists the owner\'s threads newest first with id, title, updatedAt', async () => {
    const res = await get('/api/municipal_code/threads');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([ids.newer, ids.older]);
    expect(Object.keys(list[0]).sort()).toEqual(['id', 'title', 'updatedAt']);
    expect((await get('/api/municipal_code/threads', demoEmail('STAFF'))).json()).toEqual([]);
  });

  it('opens a thread for its owner, read-only for another user of the same location, 404 across cities', async () => {
    const own = await get(`/api/municipal_code/thread/${ids.older}`);
    expect(own.json()).toMatchObject({ read_only: false, title: 'How long do we have to answer a records request?' });
    expect(own.json().messages).toHaveLength(1);
    const shared = await get(`/api/municipal_code/thread/${ids.older}`, demoEmail('STAFF'));
    expect(shared.statusCode).toBe(200);
    expect(shared.json().read_only).toBe(true);
    const foreign = await get(`/api/municipal_code/thread/${ids.older}`, 'clerk@example-city.test');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await get('/api/municipal_code/thread/does-not-exist')).statusCode).toBe(404);
  });

  it('renames with the trimmed title; empty titles are refused with the spec text', async () => {
    const headers = await t.auth(demoEmail('CLERK'));
    const empty = await t.app.inject({ method: 'POST', url: '/api/municipal_code/rename-thread', headers, payload: { thread_id: ids.newer, title: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].message).toBe('Thread title cannot be empty');
    const ok = await t.app.inject({ method: 'POST', url: '/api/municipal_code/rename-thread', headers, payload: { thread_id: ids.newer, title: '  Street closures  ' } });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/municipal_code/threads')).json()[0]).toMatchObject({ id: ids.newer, title: 'Street closures' });
  });

  it('only the owner renames or deletes (others get 404)', async () => {
    const staff = await t.auth(demoEmail('STAFF'));
    const rename = await t.app.inject({ method: 'POST', url: '/api/municipal_code/rename-thread', headers: staff, payload: { thread_id: ids.older, title: 'Mine now' } });
    expect(rename.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/municipal_code/thread/${ids.older}`, headers: staff });
    expect(del.statusCode).toBe(404);
  });

  it('deletes a thread and its messages', async () => {
    const headers = await t.auth(demoEmail('CLERK'));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/municipal_code/thread/${ids.older}`, headers });
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/municipal_code/thread/${ids.older}`)).statusCode).toBe(404);
    expect((await get('/api/municipal_code/threads')).json()).toHaveLength(1);
  });
});
