import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureLocation } from '../../cli/seed-demo';
import { locations, mailOutbox } from '../../db/schema';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL: the outbox keeps the messages
});
afterAll(() => t.close());

const outboxOf = async (role: string) => (await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail(role)) })).json();
const storedCodeFor = async (email: string) => {
  const [row] = await t.db.select({ secret: mailOutbox.secret }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return row.secret!;
};

it('a SUPERUSER cannot take over the ADMIN account through the outbox', async () => {
  const admin = await t.auth(demoEmail('ADMIN'));
  // The SUPERUSER asks for a reset of the administrator's password (a public route)...
  const request = await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email: demoEmail('ADMIN') } });
  expect(request.statusCode).toBe(200);
  const code = await storedCodeFor(demoEmail('ADMIN'));
  expect(code).toMatch(/^\d{6}$/);

  // ...reads its outbox: the message is listed, its code is not, anywhere in the answer.
  const answer = await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail('SUPERUSER')) });
  expect(answer.statusCode).toBe(200);
  expect(answer.body).not.toContain(code);
  const mail = answer.json().find((m: { to: string }) => m.to === demoEmail('ADMIN'));
  expect(mail).toMatchObject({ kind: 'password_reset', code_hidden: true });
  expect(mail.body).toContain('Your password reset code: ••••••');
  expect(mail.body).not.toMatch(/\d{6}/);

  // Nothing in the superuser's reach guesses it: the administrator's session and password still hold.
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/user/reset-password-with-code',
    payload: { email: demoEmail('ADMIN'), code: code === '000000' ? '111111' : '000000', password: 'taken-over-password' },
  });
  expect(reset.statusCode).toBe(400);
  expect((await t.app.inject({ url: '/api/user/me', headers: admin })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'PUT', url: '/api/user/login', payload: { email: demoEmail('ADMIN'), password: 'taken-over-password' } })).statusCode).toBe(401);
});

it('no outbox shows a reset code, not even to the ADMIN', async () => {
  await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email: demoEmail('CLERK') } });
  const code = await storedCodeFor(demoEmail('CLERK'));
  for (const role of ['ADMIN', 'SUPERUSER']) {
    const outbox = await outboxOf(role);
    expect(JSON.stringify(outbox), role).not.toContain(code);
    expect(outbox.find((m: { to: string }) => m.to === demoEmail('CLERK'))).toMatchObject({ kind: 'password_reset', code_hidden: true });
  }
  expect((await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail('CLERK')) })).statusCode).toBe(403);
});

it('an invitation code shows only to the admin who sent it, and only for an invitee of a lower role', async () => {
  const invite = async (by: string, email: string, role: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/invite',
      headers: await t.auth(demoEmail(by)),
      payload: { userName: email.split('@')[0], firstName: 'New', lastName: 'Person', email, role, locationCode: 'DC' },
    });
  // Truth table written by hand from the rule: [sender, invitee's role, viewer, code shown?]
  const cases: [string, string, string, boolean][] = [
    ['ADMIN', 'CLERK', 'ADMIN', true],
    ['ADMIN', 'CLERK', 'SUPERUSER', false],
    ['ADMIN', 'SUPERUSER', 'ADMIN', true],
    ['ADMIN', 'SUPERUSER', 'SUPERUSER', false],
    ['ADMIN', 'ADMIN', 'ADMIN', false],
    ['SUPERUSER', 'STAFF', 'SUPERUSER', true],
    ['SUPERUSER', 'STAFF', 'ADMIN', false],
    ['SUPERUSER', 'SUPERUSER', 'SUPERUSER', false],
  ];
  for (const [i, [sender, role, viewer, shown]] of cases.entries()) {
    const email = `invitee${i}@dc.example.gov`;
    expect((await invite(sender, email, role)).statusCode, `${sender} invites ${role}`).toBe(201);
    const code = await storedCodeFor(email);
    const mail = (await outboxOf(viewer)).find((m: { to: string }) => m.to === email);
    expect(mail, `${viewer} sees the message to ${email}`).toBeTruthy();
    expect(mail.body.includes(code), `${sender} invited ${role}, ${viewer} reads: code shown`).toBe(shown);
    expect(mail.code_hidden).toBe(!shown);
  }
});

it('locations and organizations: ADMIN sees all, others their own', async () => {
  const locations = (await t.app.inject({ url: '/api/location', headers: await t.auth(demoEmail('STAFF')) })).json();
  expect(locations).toEqual([expect.objectContaining({ code: 'DC', name: 'District of Columbia', code_site_url: expect.stringContaining('code.dccouncil.gov') })]);
  const orgs = (await t.app.inject({ url: '/api/organization', headers: await t.auth(demoEmail('ADMIN')) })).json();
  expect(orgs[0]).toMatchObject({ name: 'District of Columbia Government', location_code: 'DC' });
});

it("a location's code site is an http(s) link or nothing: refused on write, never answered otherwise", async () => {
  for (const bad of ['javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example.org', 'ftp://files.example.org']) {
    await expect(ensureLocation(t.db, { code: 'BX', name: 'Bad Link City', stateCode: 'BX', codeSiteUrl: bad }, 'Bad Link City Government'), bad).rejects.toThrow(/http\(s\)/);
  }
  await ensureLocation(t.db, { code: 'GX', name: 'Good Link City', stateCode: 'GX', codeSiteUrl: 'https://library.example.org/codes/gx' }, 'Good Link City Government');
  // A value written before the rule existed is answered as no link at all.
  await t.db.update(locations).set({ codeSiteUrl: 'javascript:alert(1)' }).where(eq(locations.code, 'DC'));
  const answer = (await t.app.inject({ url: '/api/location', headers: await t.auth(demoEmail('ADMIN')) })).json() as { code: string; code_site_url: string | null }[];
  expect(answer.find((l) => l.code === 'DC')?.code_site_url).toBeNull();
  expect(answer.find((l) => l.code === 'GX')?.code_site_url).toBe('https://library.example.org/codes/gx');
  expect(answer.some((l) => l.code === 'BX')).toBe(false);
});
