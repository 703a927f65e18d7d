import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL: the outbox keeps the messages
});
afterAll(() => t.close());

it('without SMTP, mail is kept in the outbox for admins, with the code readable', async () => {
  const admin = await t.auth(demoEmail('ADMIN'));
  await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email: demoEmail('CLERK') } });
  const outbox = await t.app.inject({ url: '/api/admin/outbox', headers: admin });
  expect(outbox.statusCode).toBe(200);
  const [mail] = outbox.json();
  expect(mail).toMatchObject({ to: 'clerk@civicdesk.test', transport: 'outbox', status: 'stored' });
  expect(mail.body).toMatch(/code: \d{6}/);
  // A SUPERUSER sees mail to users of its own organization only; a clerk sees none of it.
  expect((await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail('SUPERUSER')) })).json()).toHaveLength(1);
  expect((await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail('CLERK')) })).statusCode).toBe(403);
});

it('locations and organizations: ADMIN sees all, others their own', async () => {
  const locations = (await t.app.inject({ url: '/api/location', headers: await t.auth(demoEmail('STAFF')) })).json();
  expect(locations).toEqual([expect.objectContaining({ code: 'DC', name: 'District of Columbia', code_site_url: expect.stringContaining('code.dccouncil.gov') })]);
  const orgs = (await t.app.inject({ url: '/api/organization', headers: await t.auth(demoEmail('ADMIN')) })).json();
  expect(orgs[0]).toMatchObject({ name: 'District of Columbia Government', location_code: 'DC' });
});
