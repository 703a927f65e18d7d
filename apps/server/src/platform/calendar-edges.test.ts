import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../test/harness';

/**
 * Dates at the calendar's edges on every route that takes one (issue 22: an outside fuzzer found 500s
 * there): a year the database cannot hold (0000) or whose next day is year 10000 is refused with 400
 * and the field named, by the one calendar-date rule; the last and first days the rule allows
 * (9998-12-31, 1000-01-01) are served, their date arithmetic (end of day, a due date 15 business days
 * on) included. Expected answers are the rule's stated range, not the code's output.
 */
let t: TestApp;
let admin: Record<string, string>;
let clerk: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth(demoEmail('ADMIN'));
  clerk = await t.auth(demoEmail('CLERK'));
});
afterAll(() => t?.close());

const OUTSIDE = ['0000-01-01', '0000-01-11', '9999-12-30', '9999-12-31'];
const INSIDE = ['1000-01-01', '9998-12-31'];

type Call = { name: string; field: string; send: (day: string) => Promise<{ statusCode: number; body: string; json: () => { details?: { field: string }[] } }> };
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, headers, payload });

const CALLS: Call[] = [
  { name: 'POST /compliance/draft-pra-email', field: 'body.received_date', send: (d) => post('/api/compliance/draft-pra-email', { request_text: 'Budget records', received_date: d, report_ids: [] }, clerk) },
  { name: 'GET /agenda', field: 'querystring.start_date', send: (d) => get(`/api/agenda?start_date=${d}`, clerk) },
  { name: 'GET /agenda_item', field: 'querystring.start_date', send: (d) => get(`/api/agenda_item?start_date=${d}`, clerk) },
  { name: 'GET /drafted_document/history', field: 'querystring.start_date', send: (d) => get(`/api/drafted_document/history?start_date=${d}`, clerk) },
  { name: 'GET /compliance/history (start)', field: 'querystring.start_date', send: (d) => get(`/api/compliance/history?start_date=${d}`, clerk) },
  { name: 'GET /compliance/history (end)', field: 'querystring.end_date', send: (d) => get(`/api/compliance/history?end_date=${d}`, clerk) },
  { name: 'GET /admin/audit (from)', field: 'querystring.from', send: (d) => get(`/api/admin/audit?from=${d}`, admin) },
  { name: 'GET /admin/audit (to)', field: 'querystring.to', send: (d) => get(`/api/admin/audit?to=${d}`, admin) },
  { name: 'POST /agenda', field: 'body.date', send: (d) => post('/api/agenda', { date: d, meeting_type: 'CITY COUNCIL', title: 'Edge of the calendar' }, admin) },
  { name: 'POST /agenda_item', field: 'body.date', send: (d) => post('/api/agenda_item', { date: d, title: 'Edge of the calendar' }, admin) },
  { name: 'POST /analytics/events (no token)', field: 'body.events.0.timestamp', send: (d) => post('/api/analytics/events', { session_id: 'edge-session', events: [{ name: 'page_view', timestamp: `${d}T12:00:00Z` }] }) },
];

describe('dates at the edges of the calendar', () => {
  for (const call of CALLS) {
    it(`${call.name}: refused outside ${INSIDE.join(' – ')}, served at its edges`, async () => {
      for (const day of OUTSIDE) {
        const res = await call.send(day);
        expect(res.statusCode, `${day}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json().details?.map((d) => d.field), day).toContain(call.field);
      }
      for (const day of INSIDE) {
        const res = await call.send(day);
        expect(res.statusCode, `${day}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      }
    });
  }
});
