import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, loginToken, type TestApp } from '../../test/harness';
import { ensureLocation } from '../../cli/seed-demo';

let t: TestApp;
let admin: { authorization: string };
let superuser: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth(demoEmail('ADMIN'));
  superuser = await t.auth(demoEmail('SUPERUSER'));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const userId = async (email: string) => {
  const list = (await inject('GET', '/api/user/by-location', admin)).json() as { id: string; email: string }[];
  return list.find((u) => u.email === email)!.id;
};
const invitePayload = (email: string, role: string, extra: object = {}) => ({
  userName: email.split('@')[0],
  firstName: 'Test',
  lastName: 'User',
  email,
  role,
  ...extra,
});

describe('user administration', () => {
  it('lists the users of the location for ADMIN and SUPERUSER, and refuses others', async () => {
    const res = await inject('GET', '/api/user/by-location?location_code=DC', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { email: string }) => u.email)).toContain('clerk@civicdesk.test');
    expect((await inject('GET', '/api/user/by-location', superuser)).statusCode).toBe(200);
    const clerk = await inject('GET', '/api/user/by-location', await t.auth(demoEmail('CLERK')));
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json().code).toBe('ACCESS_DENIED');
  });

  it('a SUPERUSER cannot grant ADMIN, nor invite into another organization', async () => {
    const up = await inject('POST', '/api/user/invite', superuser, invitePayload('x1@dc.example.gov', 'ADMIN', { locationCode: 'DC' }));
    expect(up.statusCode).toBe(403);
    const other = await inject('POST', '/api/user/invite', superuser, invitePayload('x2@dc.example.gov', 'STAFF', { organizationName: 'Another Org' }));
    expect(other.statusCode).toBe(403);
    const ok = await inject('POST', '/api/user/invite', superuser, invitePayload('x3@dc.example.gov', 'CLERK', { locationCode: 'DC' }));
    expect(ok.statusCode).toBe(201);
  });

  it('a SUPERUSER cannot edit or delete an ADMIN, nor raise anyone to ADMIN', async () => {
    const adminId = await userId('admin@civicdesk.test');
    expect((await inject('PUT', '/api/user/edit-user', superuser, { id: adminId, firstName: 'Hacked' })).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/user/delete-user/${adminId}`, superuser)).statusCode).toBe(403);
    const staffId = await userId('staff@civicdesk.test');
    expect((await inject('PUT', '/api/user/edit-user', superuser, { id: staffId, role: 'ADMIN' })).statusCode).toBe(403);
  });

  it('a SUPERUSER does not see users of another organization (404)', async () => {
    const { locationId } = await ensureLocation(t.db, { code: 'DC', name: 'District of Columbia', stateCode: 'DC' }, 'Other Agency');
    expect(locationId).toBeTruthy();
    const res = await inject('POST', '/api/user/invite', admin, invitePayload('other.agency@dc.example.gov', 'STAFF', { organizationName: 'Other Agency' }));
    expect(res.statusCode).toBe(201);
    const id = res.json().user.id;
    expect((await inject('PUT', '/api/user/edit-user', superuser, { id, firstName: 'X' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/user/delete-user/${id}`, superuser)).statusCode).toBe(404);
  });

  it('nobody deletes themselves', async () => {
    const me = (await inject('GET', '/api/user/me', admin)).json();
    const res = await inject('DELETE', `/api/user/delete-user/${me.id}`, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/own account/);
  });

  it("a role change ends the user's sessions at once and resets permissions to the role defaults", async () => {
    const email = 'councillor@civicdesk.test';
    const session = await t.auth(email);
    expect((await inject('GET', '/api/municipal_code/threads', session)).statusCode).toBe(200);
    const id = await userId(email);
    const res = await inject('PUT', '/api/user/edit-user', admin, { id, role: 'CLERK' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.feature_permissions).toContain('COMPLIANCE_CHECK');
    expect((await inject('GET', '/api/municipal_code/threads', session)).statusCode).toBe(401);
    t.forget(email);
    const fresh = await t.auth(email);
    expect((await inject('GET', '/api/user/me', fresh)).json().role).toBe('CLERK');
  });

  it('revoking a permission takes effect at once (403 with a new token, 401 with the old one)', async () => {
    const email = 'manager@civicdesk.test';
    const session = await t.auth(email);
    const id = await userId(email);
    await inject('PUT', '/api/user/edit-user', admin, { id, feature_permissions: ['AGENDA_SEARCH'] });
    expect((await inject('GET', '/api/municipal_code/threads', session)).statusCode).toBe(401);
    const token = await loginToken(t.app, email);
    const res = await inject('GET', '/api/municipal_code/threads', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(403);
  });

  it('deleting a user ends their sessions', async () => {
    const res = await inject('POST', '/api/user/invite', admin, invitePayload('temp@dc.example.gov', 'STAFF', { locationCode: 'DC' }));
    const id = res.json().user.id;
    const mayor = await t.auth('mayor@civicdesk.test');
    const mayorId = await userId('mayor@civicdesk.test');
    expect((await inject('DELETE', `/api/user/delete-user/${mayorId}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', '/api/user/me', mayor)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/user/delete-user/${id}`, admin)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/user/delete-user/${id}`, admin)).statusCode).toBe(404);
  });

  it('edit-user refuses unknown fields (no mass assignment)', async () => {
    const id = await userId('clerk@civicdesk.test');
    const res = await inject('PUT', '/api/user/edit-user', admin, { id, tokenVersion: 0, passwordHash: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('names are one line of visible text (issue 22)', () => {
  it('an invited user’s name keeps its words and loses control characters and line breaks; a name of controls only is refused', async () => {
    const res = await inject('POST', '/api/user/invite', admin, invitePayload('ctl@dc.example.gov', 'STAFF', { locationCode: 'DC', firstName: 'Ana\u001b[31m', lastName: 'Ruiz\u001f\nPérez' }));
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await inject('GET', '/api/user/by-location', admin)).json() as { email: string; firstName: string; lastName: string }[];
    const user = listed.find((u) => u.email === 'ctl@dc.example.gov')!;
    expect(user.firstName).toBe('Ana [31m');
    expect(user.lastName).toBe('Ruiz Pérez');
    expect(`${user.firstName}${user.lastName}`).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    const empty = await inject('POST', '/api/user/invite', admin, invitePayload('ctl2@dc.example.gov', 'STAFF', { locationCode: 'DC', firstName: '\u001b\u0007\t' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.map((d: { field: string }) => d.field)).toContain('body.firstName');
  });
});
