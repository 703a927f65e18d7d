import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUP_DOMAINS: 'DC:dc.example.gov' });
});
afterAll(() => t.close());

it('creates a STAFF user of the location whose domain is allowed, and refuses mass-assigned fields', async () => {
  const body = { email: 'new.hire@dc.example.gov', password: 'long-enough-password', firstName: 'New', lastName: 'Hire' };
  const sneaky = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload: { ...body, role: 'ADMIN' } });
  expect(sneaky.statusCode).toBe(400);
  const res = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload: body });
  expect(res.statusCode).toBe(201);
  expect(res.json().user).toMatchObject({ role: 'STAFF', location: { code: 'DC' }, status: 'ACTIVE' });
  expect(res.json().access_token).toBeTruthy();
  const again = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload: body });
  expect(again.statusCode).toBe(409);
});
