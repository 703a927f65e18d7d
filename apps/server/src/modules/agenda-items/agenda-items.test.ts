import type { AgendaItem, AgendaItemPage, SearchResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../test/harness';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

let t: SearchTestApp;
let agendaId: string;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK']);
  const agendas = (await t.get('/api/agenda?meeting_type=PLANNING%20COMMISSION')).json().agendas;
  agendaId = agendas[0].id;
});
afterAll(() => t.close());

const list = async (query = '', email?: string) => {
  const res = await t.get(`/api/agenda_item${query}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AgendaItemPage;
};
const send = async (method: 'POST' | 'PUT', payload: object, email = t.emails.CLERK!) =>
  t.app.inject({ method, url: '/api/agenda_item', payload, headers: await t.auth(email) });

describe('GET /api/agenda_item', () => {
  it('answers the first 10 items, newest meeting first, with the total', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 7, skip: 0, limit: 10 });
    const dates = page.items.map((i) => i.date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.items.every((i) => i.location_code === 'EX')).toBe(true);
    const second = await list('?limit=3&skip=3');
    expect(second.items.map((i) => i.id)).toEqual(page.items.slice(3, 6).map((i) => i.id));
    expect((await t.get('/api/agenda_item?limit=0')).statusCode).toBe(400);
  });

  it('applies every filter of the spec', async () => {
    expect((await list(`?agenda_id=${agendaId}`)).items.map((i) => i.position)).toEqual([1, 2]);
    expect((await list('?section_name=final%20reading')).total).toBe(3);
    expect((await list('?start_date=2023-01-01&end_date=2023-06-06')).total).toBe(2);
    expect((await list('?status=enacted')).items.map((i) => i.file_number)).toEqual(['B3-250']);
    expect((await list('?description=sidewalks')).items.map((i) => i.file_number)).toEqual(['B3-201']);
    expect((await list('?document_type=PROCLAMATION')).total).toBe(1);
    const created = (await send('POST', { title: 'Tree canopy report', final_category: 'Reports', sponsor_id: 'cm-7' })).json() as AgendaItem;
    expect((await list('?final_category=reports')).items.map((i) => i.id)).toEqual([created.id]);
    expect((await list('?sponsor_id=cm-7')).items.map((i) => i.id)).toEqual([created.id]);
  });

  it('shows another city nothing of this one', async () => {
    const mine = await list();
    const theirs = await list('', t.otherTownEmail);
    expect(theirs.items.every((i) => i.location_code === 'OT')).toBe(true);
    expect(theirs.items.some((i) => mine.items.some((m) => m.id === i.id))).toBe(false);
    expect((await t.get('/api/agenda_item?city_code=EX', t.otherTownEmail)).statusCode).toBe(404);
    expect((await list('?city_code=EX', demoEmail('ADMIN'))).items[0].location_code).toBe('EX');
  });
});

describe('POST and PUT /api/agenda_item', () => {
  it('creates an item at the end of its meeting and adds a new section to the meeting', async () => {
    const res = await send('POST', { agenda_id: agendaId, title: 'Appeal of the <b>Oak Field</b> fence permit', section_name: 'Public Comment', document_type: 'RESOLUTION' });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as AgendaItem;
    expect(item).toMatchObject({ agenda_id: agendaId, position: 3, section_name: 'PUBLIC COMMENT', date: '2023-06-08', location_code: 'EX' });
    const agenda = (await t.get(`/api/agenda/${agendaId}`)).json();
    expect(agenda.sections.at(-1)).toBe('PUBLIC COMMENT');
    const found = (await t.get('/api/search?query=oak%20field%20fence')).json() as SearchResponse;
    expect(found.hits[0].id).toBe(item.id);
  });

  it('refuses unknown fields, foreign agendas and missing titles', async () => {
    expect((await send('POST', { title: 'x', location_id: 'elsewhere' })).statusCode).toBe(400);
    expect((await send('POST', { title: '  ' })).statusCode).toBe(400);
    const foreignAgenda = (await t.get('/api/agenda', t.otherTownEmail)).json().agendas[0].id;
    const res = await send('POST', { title: 'x', agenda_id: foreignAgenda });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('updates an item of the caller\'s city; another city\'s item is not found', async () => {
    const [item] = (await list()).items;
    const res = await send('PUT', { id: item.id, status: 'Tabled', description: 'Held for a second hearing.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, status: 'Tabled', description: 'Held for a second hearing.', title: item.title });
    const foreign = (await list('', t.otherTownEmail)).items[0];
    expect((await send('PUT', { id: foreign.id, status: 'Mine' })).statusCode).toBe(404);
    expect((await send('PUT', { id: item.id, created_by: 'me' })).statusCode).toBe(400);
  });
});

describe('GET /api/agenda_item/research', () => {
  it('searches agenda items only, with filters', async () => {
    const res = await t.get('/api/agenda_item/research?query=dog%20park');
    expect(res.statusCode).toBe(200);
    const r = res.json() as SearchResponse;
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.every((h) => h.source === 'agenda_item')).toBe(true);
    const hearings = (await t.get('/api/agenda_item/research?query=river%20green%20site%20plan&section=PUBLIC%20HEARINGS')).json() as SearchResponse;
    expect(hearings.hits.map((h) => h.title)).toEqual(['Resolution approving the River Green site plan']);
    expect((await t.get('/api/agenda_item/research?query=x&city_code=EX', t.otherTownEmail)).statusCode).toBe(404);
  });
});
