import type { AgendaDetail, AgendaStats, AgendaSummary } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK']);
});
afterAll(() => t.close());

const agendasOf = async (query = '', email?: string) => {
  const res = await t.get(`/api/agenda${query}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().agendas as AgendaSummary[];
};

describe('GET /api/agenda', () => {
  it('lists the meetings newest first with their item counts, filtered by date and meeting type', async () => {
    const all = await agendasOf();
    expect(all.map((a) => a.date)).toEqual(['2023-06-08', '2023-06-06', '2022-02-15', '2021-03-16', '2021-03-02']);
    expect(all.find((a) => a.date === '2023-06-06')).toMatchObject({ item_count: 2, reconstructed: true, meeting_type: 'CITY COUNCIL' });
    expect((await agendasOf('?meeting_type=planning%20commission')).map((a) => a.date)).toEqual(['2023-06-08']);
    expect((await agendasOf('?start_date=2022-01-01&end_date=2023-06-06')).map((a) => a.date)).toEqual(['2023-06-06', '2022-02-15']);
    expect((await agendasOf('', t.otherTownEmail)).every((a) => a.location_code === 'OT')).toBe(true);
  });

  it('counts for the HOME charts', async () => {
    const stats = (await t.get('/api/agenda/stats')).json() as AgendaStats;
    expect(stats.totals).toEqual({ agendas: 5, agenda_items: 7, ordinances: 5 });
    expect(stats.agendas_by_year).toEqual([
      { value: '2023', count: 2 },
      { value: '2022', count: 1 },
      { value: '2021', count: 2 },
    ]);
    expect(stats.by_meeting_type).toEqual([
      { value: 'CITY COUNCIL', count: 4 },
      { value: 'PLANNING COMMISSION', count: 1 },
    ]);
    expect(stats.by_section.find((s) => s.value === 'FINAL READING')?.count).toBe(3);
    expect(stats.by_document_type.reduce((n, d) => n + d.count, 0)).toBe(7);
    expect(stats).toMatchObject({ first_date: '2021-03-02', last_date: '2023-06-08', location_code: 'EX' });
  });
});

describe('GET /api/agenda/{id}', () => {
  it('answers the meeting with its sections and items in order, and says it was reconstructed', async () => {
    const council = (await agendasOf()).find((a) => a.date === '2023-06-06')!;
    const detail = (await t.get(`/api/agenda/${council.id}`)).json() as AgendaDetail;
    expect(detail.sections).toEqual(['FINAL READING', 'FIRST READING']);
    expect(detail.sections_with_items.map((s) => [s.name, s.items.map((i) => i.file_number)])).toEqual([
      ['FINAL READING', ['B3-250']],
      ['FIRST READING', ['B3-260']],
    ]);
    expect(detail.note).toMatch(/Reconstructed from the vote history/);
    const planning = (await agendasOf('?meeting_type=PLANNING%20COMMISSION'))[0];
    expect((await t.get(`/api/agenda/${planning.id}`)).json()).toMatchObject({ reconstructed: false, note: null });
    const foreign = await t.get(`/api/agenda/${council.id}`, t.otherTownEmail);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
  });
});

describe('POST /api/agenda and PUT /api/agenda/{id}/sections', () => {
  it('creates a meeting and sets its ordered sections', async () => {
    const headers = await t.auth(t.emails.CLERK!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agenda',
      headers,
      payload: { date: '2024-07-09', meeting_type: 'City Council', title: 'Regular Meeting', sections: ['Call to Order', 'Consent Calendar'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as AgendaDetail;
    expect(created).toMatchObject({ meeting_type: 'CITY COUNCIL', sections: ['CALL TO ORDER', 'CONSENT CALENDAR'], item_count: 0, reconstructed: false, status: 'NEWLY_CREATED' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/agenda/${created.id}/sections`, headers, payload: { sections: ['Call to Order', 'Public Comment', 'Adjourn'] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().sections).toEqual(['CALL TO ORDER', 'PUBLIC COMMENT', 'ADJOURN']);
    const duplicate = await t.app.inject({ method: 'PUT', url: `/api/agenda/${created.id}/sections`, headers, payload: { sections: ['Adjourn', 'ADJOURN'] } });
    expect(duplicate.statusCode).toBe(400);
    const foreign = await t.app.inject({ method: 'PUT', url: `/api/agenda/${created.id}/sections`, headers: await t.auth(t.otherTownEmail), payload: { sections: ['X'] } });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/agenda', headers, payload: { date: '2024-13-40', meeting_type: 'X', title: 'Y' } });
    expect(bad.statusCode).toBe(400);
  });
});
