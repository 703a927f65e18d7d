import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaItems, agendas, legislation, locations, threads } from '../../db/schema';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';
import { fieldsOf } from '../../test/hostile-input';
import { multipartBody } from '../../test/multipart';

/**
 * The tenant dimension of the access table, written by hand from decisions.md ("Tenancy and
 * ownership"): a record of another location, or one another user owns, answers 404 on every
 * record route (existence never leaks). Each row has a positive control: the record's owner (or
 * an ADMIN, who may act on any location) gets through, so a 404 here is the rule, not a bad id.
 */
let t: TestApp;
const OT_CLERK = 'clerk@other-town.test';
const ids = {} as {
  otThread: string;
  dcStaffThread: string;
  otAgenda: string;
  otItem: string;
  otLaw: string;
  otDoc: string;
  otFile: string;
  otClerk: string;
  otOrdinance: string;
  otResolution: string;
  otReport: string;
  dcStaffDraft: string;
  otConversation: string;
  otCheck: string;
  otFinding: string;
  otPra: string;
  otMinutes: string;
  otImport: string;
};

/**
 * A Legistar API of the test's own that answers 404 at once, allowed by the operator's setting: the
 * ADMIN's import is accepted (202) and its job ends in a moment, rather than waiting on a public
 * address this machine cannot reach while the suite closes the database under it.
 */
let legistar: Server;
let legistarUrl = '';

beforeAll(async () => {
  legistar = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => legistar.listen(0, '127.0.0.1', resolve));
  legistarUrl = `http://127.0.0.1:${(legistar.address() as AddressInfo).port}`;
  t = await createTestApp({ LEGISTAR_ALLOWED_HOSTS: new URL(legistarUrl).host });
  const ot = await seedExampleCity(t.db, { code: 'OT', name: 'Other Town', stateCode: 'OT' });
  ids.otClerk = await createUser(t.db, { email: OT_CLERK, role: 'CLERK', ...ot });
  const [dc] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'DC'));
  const me = async (email: string) => (await t.app.inject({ url: '/api/user/me', headers: await t.auth(email) })).json().id as string;

  ids.otThread = randomUUID();
  ids.dcStaffThread = randomUUID();
  await t.db.insert(threads).values([
    { id: ids.otThread, userId: ids.otClerk, locationId: ot.locationId, title: 'Other Town question' },
    { id: ids.dcStaffThread, userId: await me(demoEmail('STAFF')), locationId: dc.id, title: 'Staff question' },
  ]);
  [{ id: ids.otAgenda }] = await t.db.select({ id: agendas.id }).from(agendas).where(eq(agendas.locationId, ot.locationId)).limit(1);
  [{ id: ids.otItem }] = await t.db.select({ id: agendaItems.id }).from(agendaItems).where(eq(agendaItems.locationId, ot.locationId)).limit(1);
  [{ id: ids.otLaw }] = await t.db
    .select({ id: legislation.id })
    .from(legislation)
    .where(and(eq(legislation.locationId, ot.locationId)))
    .limit(1);
  const form = multipartBody({}, [{ field: 'files', filename: 'ot-notes.txt', content: 'Other Town budget notes.' }]);
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/external_document', headers: { ...(await t.auth(OT_CLERK)), ...form.headers }, payload: form.payload });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  ids.otDoc = uploaded.json().documents[0].id;
  ids.otFile = uploaded.json().documents[0].file_name;
  const drafted = async (email: string, kind: string, query: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/${kind}/draft`, headers: await t.auth(email), payload: { query } })).json().document_id as string;
  ids.otOrdinance = await drafted(OT_CLERK, 'ordinance', 'An ordinance extending quiet hours');
  ids.otResolution = await drafted(OT_CLERK, 'resolution', 'A resolution honoring volunteers');
  ids.otReport = await drafted(OT_CLERK, 'staff_report', 'A staff report on snow removal');
  ids.dcStaffDraft = await drafted(demoEmail('STAFF'), 'resolution', 'A resolution honoring librarians');
  const chat = await t.app.inject({ method: 'POST', url: '/api/chat/legal', headers: await t.auth(OT_CLERK), payload: { message: 'How long do records requests take?' } });
  ids.otConversation = /"conversation_id":"([^"]+)"/.exec(chat.body)![1];
  const check = await t.app.inject({ method: 'POST', url: '/api/compliance/text', headers: await t.auth(OT_CLERK), payload: { text: 'Requester SSN 123-45-6789', compliance_type: 'privacy' } });
  ids.otCheck = check.json().id;
  for (let i = 0; i < 200 && !ids.otFinding; i++) {
    const report = (await t.app.inject({ url: `/api/compliance/${ids.otCheck}`, headers: await t.auth(OT_CLERK) })).json();
    if (report.job_state === 'completed') ids.otFinding = report.findings[0].id;
    else await new Promise((r) => setTimeout(r, 100));
  }
  const pra = await t.app.inject({ method: 'POST', url: '/api/compliance/draft-pra-email', headers: await t.auth(OT_CLERK), payload: { request_text: 'Budget records', received_date: '2026-03-03' } });
  ids.otPra = pra.json().id;
  const minutes = await t.app.inject({ method: 'POST', url: '/api/minutes/text', headers: await t.auth(OT_CLERK), payload: { text: 'Motion by Councilmember Ruiz, seconded by Councilmember Lin, to adjourn. Motion carried 4-0.' } });
  ids.otMinutes = minutes.json().id;
  for (let i = 0; i < 200; i++) {
    const m = (await t.app.inject({ url: `/api/minutes/${ids.otMinutes}`, headers: await t.auth(OT_CLERK) })).json();
    if (m.job_state === 'completed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const book = multipartBody({ source: 'code' }, [{ field: 'files', filename: 'ot-code.txt', content: 'SEC. 1.01.  TITLE.\nThis code is the Other Town Code.\n' }]);
  const imported = await t.app.inject({ method: 'POST', url: '/api/location/OT/imports', headers: { ...(await t.auth(demoEmail('ADMIN'))), ...book.headers }, payload: book.payload });
  ids.otImport = imported.json().id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => legistar.close(resolve));
});

interface Row {
  /** The route as the route table names it. */
  route: string;
  request: () => InjectOptions;
  /** Who must get 404 ... */
  stranger: string;
  /** ... and who must get through (2xx) with the same request. */
  control: string;
  /** A destructive request is checked by the control reading the record afterwards instead. */
  controlRequest?: () => InjectOptions;
  /** When the control's answer is not a 2xx: the status that shows the record was found. */
  controlStatus?: number;
}

const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions => ({ method, url, payload });
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const CLERK = demoEmail('CLERK');
const SUPERUSER = demoEmail('SUPERUSER');
const ADMIN = demoEmail('ADMIN');

/** Another location's records, by hand, one row per record route. */
const ANOTHER_LOCATION: Row[] = [
  { route: 'GET /api/municipal_code/thread/:id', request: () => get(`/api/municipal_code/thread/${ids.otThread}`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'POST /api/municipal_code/rename-thread',
    request: () => json('POST', '/api/municipal_code/rename-thread', { thread_id: ids.otThread, title: 'Renamed' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'POST /api/municipal_code/draft-email',
    request: () => json('POST', '/api/municipal_code/draft-email', { thread_id: ids.otThread, query_text: 'Budget notes' }),
    stranger: CLERK,
    control: OT_CLERK,
    // The owner's thread is found: it only has no answer to draft from yet.
    controlStatus: 400,
  },
  {
    route: 'POST /api/municipal_code/generate',
    request: () => json('POST', '/api/municipal_code/generate', { main_user_question: 'And the fees?', thread_id: ids.otThread }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'DELETE /api/municipal_code/thread/:id',
    request: () => json('DELETE', `/api/municipal_code/thread/${ids.otThread}`),
    stranger: CLERK,
    control: OT_CLERK,
    controlRequest: () => get(`/api/municipal_code/thread/${ids.otThread}`),
  },
  { route: 'PUT /api/agenda_item', request: () => json('PUT', '/api/agenda_item', { id: ids.otItem, status: 'Tabled' }), stranger: CLERK, control: OT_CLERK },
  { route: 'GET /api/agenda/:id', request: () => get(`/api/agenda/${ids.otAgenda}`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'PUT /api/agenda/:id/sections',
    request: () => json('PUT', `/api/agenda/${ids.otAgenda}/sections`, { sections: ['CALL TO ORDER', 'PUBLIC HEARINGS'] }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  { route: 'GET /api/ordinance/:id', request: () => get(`/api/ordinance/${ids.otLaw}`), stranger: CLERK, control: OT_CLERK },
  { route: 'GET /api/ordinance/:id/summary', request: () => get(`/api/ordinance/${ids.otLaw}/summary`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'POST /api/ordinance/:id/followup',
    request: () => json('POST', `/api/ordinance/${ids.otLaw}/followup`, { question: 'When does it take effect?' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  { route: 'GET /api/file', request: () => get(`/api/file?filename=${ids.otFile}`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'DELETE /api/external_document/:id',
    request: () => json('DELETE', `/api/external_document/${ids.otDoc}`),
    stranger: CLERK,
    control: OT_CLERK,
    controlRequest: () => get(`/api/file?filename=${ids.otFile}`),
  },
  { route: 'GET /api/drafted_document/:id', request: () => get(`/api/drafted_document/${ids.otOrdinance}`), stranger: CLERK, control: OT_CLERK },
  { route: 'PUT /api/drafted_document', request: () => json('PUT', '/api/drafted_document', { id: ids.otOrdinance, title: 'Taken' }), stranger: CLERK, control: OT_CLERK },
  { route: 'PUT /api/ordinance', request: () => json('PUT', '/api/ordinance', { id: ids.otOrdinance, title: 'Taken' }), stranger: CLERK, control: OT_CLERK },
  { route: 'PUT /api/resolution', request: () => json('PUT', '/api/resolution', { id: ids.otResolution, title: 'Taken' }), stranger: CLERK, control: OT_CLERK },
  { route: 'PUT /api/staff_report', request: () => json('PUT', '/api/staff_report', { id: ids.otReport, title: 'Taken' }), stranger: CLERK, control: OT_CLERK },
  {
    route: 'PUT /api/resolution/ai-edit',
    request: () => json('PUT', '/api/resolution/ai-edit', { id: ids.otResolution, edit_request: 'renumber the sections' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  { route: 'GET /api/drafted_document/:id/versions', request: () => get(`/api/drafted_document/${ids.otOrdinance}/versions`), stranger: CLERK, control: OT_CLERK },
  { route: 'GET /api/drafted_document/:id/versions/:version', request: () => get(`/api/drafted_document/${ids.otOrdinance}/versions/1`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'POST /api/drafted_document/:id/restore',
    request: () => json('POST', `/api/drafted_document/${ids.otOrdinance}/restore`, { version: 1 }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  { route: 'GET /api/drafted_document/:id/export', request: () => get(`/api/drafted_document/${ids.otOrdinance}/export`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'DELETE /api/drafted_document/:id',
    request: () => json('DELETE', `/api/drafted_document/${ids.otReport}`),
    stranger: CLERK,
    control: OT_CLERK,
    controlRequest: () => get(`/api/drafted_document/${ids.otReport}`),
  },
  { route: 'GET /api/chat/conversations/:id', request: () => get(`/api/chat/conversations/${ids.otConversation}`), stranger: CLERK, control: OT_CLERK },
  {
    route: 'POST /api/chat/legal',
    request: () => json('POST', '/api/chat/legal', { message: 'And the fees?', conversation_id: ids.otConversation }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'DELETE /api/chat/conversations/:id',
    request: () => json('DELETE', `/api/chat/conversations/${ids.otConversation}`),
    stranger: CLERK,
    control: OT_CLERK,
    controlRequest: () => get(`/api/chat/conversations/${ids.otConversation}`),
  },
  { route: 'GET /api/compliance/:id', request: () => get(`/api/compliance/${ids.otCheck}`), stranger: CLERK, control: OT_CLERK },
  // The owner's check has completed: a cancel is a conflict, which shows the report was found.
  { route: 'POST /api/compliance/:id/cancel', request: () => json('POST', `/api/compliance/${ids.otCheck}/cancel`), stranger: CLERK, control: OT_CLERK, controlStatus: 409 },
  { route: 'POST /api/compliance/:id/redactions', request: () => json('POST', `/api/compliance/${ids.otCheck}/redactions`, { start: 0, end: 9 }), stranger: CLERK, control: OT_CLERK },
  {
    route: 'PUT /api/compliance/update-status',
    request: () => json('PUT', '/api/compliance/update-status', { report_id: ids.otCheck, finding_id: ids.otFinding, status: 'dismissed' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'PUT /api/compliance/update-severity',
    request: () => json('PUT', '/api/compliance/update-severity', { report_id: ids.otCheck, finding_id: ids.otFinding, severity: 'low' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  { route: 'PUT /api/compliance/accept-all-issues', request: () => json('PUT', '/api/compliance/accept-all-issues', { report_id: ids.otCheck }), stranger: CLERK, control: OT_CLERK },
  {
    route: 'PUT /api/compliance/compliance-report/update-status',
    request: () => json('PUT', '/api/compliance/compliance-report/update-status', { report_id: ids.otCheck, status: 'in_review' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'PUT /api/compliance/compliance-report/update-folder',
    request: () => json('PUT', '/api/compliance/compliance-report/update-folder', { report_id: ids.otCheck, folder: 'Mine' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'GET /api/compliance/compliance-report/download-redacted-pdf/:id',
    request: () => get(`/api/compliance/compliance-report/download-redacted-pdf/${ids.otCheck}`),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'POST /api/compliance/draft-pra-email',
    request: () => json('POST', '/api/compliance/draft-pra-email', { request_text: 'Budget records', received_date: '2026-03-03', report_ids: [ids.otCheck] }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  {
    route: 'PUT /api/compliance/update-pra-email-response',
    request: () => json('PUT', '/api/compliance/update-pra-email-response', { pra_id: ids.otPra, status: 'sent' }),
    stranger: CLERK,
    control: OT_CLERK,
  },
  { route: 'GET /api/location/:code/imports/:id', request: () => get(`/api/location/OT/imports/${ids.otImport}`), stranger: SUPERUSER, control: ADMIN },
  { route: 'GET /api/minutes/:id', request: () => get(`/api/minutes/${ids.otMinutes}`), stranger: CLERK, control: OT_CLERK },
  { route: 'POST /api/minutes/:id/followup', request: () => json('POST', `/api/minutes/${ids.otMinutes}/followup`, { question: 'Who moved to adjourn?' }), stranger: CLERK, control: OT_CLERK },
  { route: 'GET /api/compliance/code/:id', request: () => get('/api/compliance/code/OT'), stranger: CLERK, control: ADMIN },
  { route: 'POST /api/compliance/code/:id/run', request: () => json('POST', '/api/compliance/code/OT/run'), stranger: CLERK, control: ADMIN },
  { route: 'PUT /api/user/edit-user', request: () => json('PUT', '/api/user/edit-user', { id: ids.otClerk, firstName: 'Taken' }), stranger: SUPERUSER, control: ADMIN },
  {
    route: 'DELETE /api/user/delete-user/:id',
    request: () => json('DELETE', `/api/user/delete-user/${ids.otClerk}`),
    stranger: SUPERUSER,
    control: OT_CLERK,
    controlRequest: () => get('/api/user/me'),
  },
];

/** Lists and searches of another location, named by its code: 404 for anyone but an ADMIN. */
const ANOTHER_LOCATIONS_LISTS: Row[] = [
  '/api/search?query=budget&city_code=OT',
  '/api/OT/research/meili/budget',
  '/api/agenda_item?city_code=OT',
  '/api/agenda_item/research?query=budget&city_code=OT',
  '/api/agenda?city_code=OT',
  '/api/agenda/stats?city_code=OT',
  '/api/ordinance/statistics?city_code=OT',
  '/api/ordinance/search?query=budget&city_code=OT',
  '/api/external_document?city_code=OT',
  '/api/compliance/location/reports/OT',
].map((url) => ({ route: `GET ${url}`, request: () => get(url), stranger: CLERK, control: ADMIN }));
ANOTHER_LOCATIONS_LISTS.push(
  { route: 'GET /api/location/OT/imports', request: () => get('/api/location/OT/imports'), stranger: SUPERUSER, control: ADMIN },
  { route: 'GET /api/location/OT/settings', request: () => get('/api/location/OT/settings'), stranger: SUPERUSER, control: ADMIN },
  { route: 'PUT /api/location/OT/settings', request: () => json('PUT', '/api/location/OT/settings', { council_members: ['Ada Example'] }), stranger: SUPERUSER, control: ADMIN },
  { route: 'POST /api/location/OT/imports (Legistar)', request: () => json('POST', '/api/location/OT/imports', { source: 'legistar', client: 'nowhere', base_url: legistarUrl }), stranger: SUPERUSER, control: ADMIN, controlStatus: 202 },
  // POST /api/location/OT/imports (multipart) as another city's SUPERUSER: locations.test.ts.
  {
    route: 'GET /api/user/by-location?location_code=OT',
    request: () => get('/api/user/by-location?location_code=OT'),
    stranger: SUPERUSER,
    control: ADMIN,
  },
  {
    route: 'GET /api/admin/audit?location_code=OT',
    request: () => get('/api/admin/audit?location_code=OT'),
    stranger: SUPERUSER,
    control: ADMIN,
  },
);

/** A colleague's thread in the same location: readable (a shared link), never changed by another; a colleague's draft: not even read. */
const ANOTHER_OWNER: Row[] = [
  { route: 'GET /api/drafted_document/:id', request: () => get(`/api/drafted_document/${ids.dcStaffDraft}`), stranger: CLERK, control: demoEmail('STAFF') },
  { route: 'PUT /api/resolution', request: () => json('PUT', '/api/resolution', { id: ids.dcStaffDraft, title: 'Mine now' }), stranger: CLERK, control: demoEmail('STAFF') },
  {
    route: 'DELETE /api/drafted_document/:id',
    request: () => json('DELETE', `/api/drafted_document/${ids.dcStaffDraft}`),
    stranger: CLERK,
    control: demoEmail('STAFF'),
    controlRequest: () => get(`/api/drafted_document/${ids.dcStaffDraft}`),
  },
  {
    route: 'POST /api/municipal_code/rename-thread',
    request: () => json('POST', '/api/municipal_code/rename-thread', { thread_id: ids.dcStaffThread, title: 'Mine now' }),
    stranger: CLERK,
    control: demoEmail('STAFF'),
  },
  {
    route: 'POST /api/municipal_code/generate',
    request: () => json('POST', '/api/municipal_code/generate', { main_user_question: 'And the fees?', thread_id: ids.dcStaffThread }),
    stranger: CLERK,
    control: demoEmail('STAFF'),
  },
  {
    route: 'DELETE /api/municipal_code/thread/:id',
    request: () => json('DELETE', `/api/municipal_code/thread/${ids.dcStaffThread}`),
    stranger: CLERK,
    control: demoEmail('STAFF'),
    controlRequest: () => get(`/api/municipal_code/thread/${ids.dcStaffThread}`),
  },
];

async function check(row: Row) {
  const asStranger = await t.app.inject({ ...row.request(), headers: await t.auth(row.stranger) });
  expect(asStranger.statusCode, `${row.route} as ${row.stranger}: ${asStranger.body.slice(0, 200)}`).toBe(404);
  expect(['NOT_FOUND'], row.route).toContain(asStranger.json().code);
  const control = await t.app.inject({ ...(row.controlRequest ?? row.request)(), headers: await t.auth(row.control) });
  const label = `${row.route} as ${row.control} (control): ${control.body.slice(0, 200)}`;
  if (row.controlStatus) expect(control.statusCode, label).toBe(row.controlStatus);
  else expect(control.statusCode, label).toBeLessThan(300);
}

describe('tenancy truth table (written by hand)', () => {
  it('covers every record route: each route that takes a record id is in the table', () => {
    const recordRoutes = t.app.routeTable
      .filter((r) => r.url.includes(':id') || fieldsOf(r.schema.body).some((f) => ['id', 'thread_id', 'conversation_id', 'report_id', 'pra_id', 'report_ids'].includes(f)))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(ANOTHER_LOCATION.map((r) => r.route));
    for (const route of [...recordRoutes, 'POST /api/municipal_code/generate', 'GET /api/file']) expect(covered.has(route), route).toBe(true);
  });

  for (const row of ANOTHER_LOCATION) it(`another location's record: ${row.route}`, () => check(row));
  for (const row of ANOTHER_LOCATIONS_LISTS) it(`another location's list: ${row.route}`, () => check(row));
  for (const row of ANOTHER_OWNER) it(`a colleague's thread: ${row.route}`, () => check(row));

  it("a colleague's thread of the same location is readable, read-only", async () => {
    const res = await t.app.inject({ url: `/api/municipal_code/thread/${ids.dcStaffThread}`, headers: await t.auth(CLERK) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.dcStaffThread, read_only: true });
  });

});
