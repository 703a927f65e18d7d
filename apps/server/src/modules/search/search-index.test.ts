import type { SearchResponse } from '@civicdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchInMemory, type SearchRequest, searchWithSql } from '../../platform/search/engine';
import {
  forgetSearchIndexes,
  indexOptions,
  refreshSearchRecords,
  searchIndexReady,
  searchIndexState,
} from '../../platform/search/index-registry';
import { walkOptions } from '../../platform/search/day-walk';
import { countingOptions } from '../../platform/search/memory-search';
import { randomUUID } from 'node:crypto';
import { legislation } from '../../db/schema';
import { createUser, seedExampleCity } from '../../test/example-city';
import { multipartBody } from '../../test/multipart';
import { addAgendaItem, addLaw, createSearchTestApp, type SearchTestApp } from './test-city';

/** The in-process search index (decision 017): the same answers as SQL, kept true on every write, per location. */
let t: SearchTestApp;
const defaults = { ...indexOptions };
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK']);
  await addLaw(t, t.ex.locationId, { title: 'Sidewalk Snow Removal Act of 2024', fileNumber: 'B3-900', effective: '2024-03-01', text: 'Owners clear the snow.' });
  await addAgendaItem(t, t.ex.locationId, { title: 'Fence and gate permits', description: 'Fence & gate permits for "corner" lots', date: '2024-04-02' });
});

afterAll(() => t.close());
const counting = { ...countingOptions };
const walking = { ...walkOptions };
afterEach(() => {
  Object.assign(indexOptions, defaults);
  Object.assign(countingOptions, counting);
  Object.assign(walkOptions, walking);
});

const scopeOf = (locationId: string, code: string) => ({ locationId, code, name: code, stateCode: code });
const search = async (params: Record<string, string>, email?: string) => {
  const res = await t.get(`/api/search?${new URLSearchParams(params)}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};
const ids = (r: SearchResponse) => r.hits.map((h) => h.id);

const queries = ['snow removal', 'snow', '"snow removal"', 'snwo removal', 'recrods', 'dog park robotics', 'dog park expansion', 'B3-114', '3-114', 'snow -sidewalk', 'act', 'the', 'fence gate', ''];
const variants: Partial<SearchRequest>[] = [
  {},
  { sort: 'date_desc' },
  { sort: 'date_asc' },
  { startDate: '2023-01-01', endDate: '2023-12-31' },
  { documentTypes: ['PROCLAMATION', 'RESOLUTION'] },
  { page: 2, pageSize: 3 },
  { limitPerType: 1 },
  { committee: 'Committee on Transportation' },
  { section: 'FINAL READING' },
  { sources: ['agenda_item'] },
];

/** Every query × variant through SQL and through the index; `exactCounts` false when totals and facets are estimates. */
async function compareWithSql(query: string, exactCounts: boolean) {
  const scope = scopeOf(t.ex.locationId, 'EX');
  const index = await searchIndexReady(t.db, t.ex.locationId);
  for (const variant of variants) {
    const request: SearchRequest = { query, sources: ['legislation', 'agenda_item', 'external_document'], sort: 'relevance', page: 1, pageSize: 20, ...variant };
    const viaSql = await searchWithSql(t.db, scope, request);
    const viaIndex = await searchInMemory(t.db, index, scope, request);
    const what = `${query} ${JSON.stringify(variant)}`;
    if (exactCounts) {
      expect(viaIndex.total, what).toBe(viaSql.total);
      expect(viaIndex.facets, what).toEqual(viaSql.facets);
    } else expect(viaIndex.total > 0, what).toBe(viaSql.total > 0);
    expect(ids(viaIndex), what).toEqual(ids(viaSql));
    expect(viaIndex.hits.map((h) => h.match), what).toEqual(viaSql.hits.map((h) => h.match));
    viaIndex.hits.forEach((h, i) => expect(h.score, what).toBeCloseTo(viaSql.hits[i].score, 2));
    if (exactCounts) expect(viaIndex.has_more, what).toBe(viaSql.has_more);
    expect([viaIndex.typo_tolerant, viaIndex.sort_by], what).toEqual([viaSql.typo_tolerant, viaSql.sort_by]);
    for (const hit of viaIndex.hits) expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  }
}

describe('the index answers as the SQL search does', () => {
  it.each(queries)('%j', (query) => compareWithSql(query, true));
});

describe('"some terms" mode (decision 011)', () => {
  it("puts a record holding the query's rare word before a hundred newer ones holding only its common word, on both paths", async () => {
    // A city of its own: the fixtures, more newer records with a common word than the rank window holds, and one older record with a rare one.
    const city = await seedExampleCity(t.db, { code: 'NZ', name: 'Noise Town', stateCode: 'NZ' });
    await t.db.insert(legislation).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: randomUUID(),
        locationId: city.locationId,
        sourceId: `T-AM-${i}`,
        kind: 'law',
        status: 'Effective',
        title: `Parking Meter Rates Amendment Act of 2025 (No. ${i + 1})`,
        effective: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      })),
    );
    const noiseLaw = await addLaw(t, city.locationId, { title: 'Leaf Blower Regulation Act of 2010', fileNumber: 'B3-990', effective: '2010-05-01', text: 'No person shall operate a leaf blower that makes noise above 70 decibels.' });
    // The fixtures' Quiet Neighborhoods act holds "noise" and "amendment": it comes first, then the leaf blower law, then the newer amendments.
    const noiseFirst = (response: SearchResponse) => {
      expect(response.total).toBeGreaterThan(120);
      const at = ids(response).indexOf(noiseLaw);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(response.hits[at].match).toBe('some_terms');
      expect(response.hits.slice(0, at).every((h) => /quiet neighborhoods/i.test(h.title))).toBe(true);
      expect(response.hits[at + 1].title).toMatch(/^Parking Meter Rates Amendment/);
    };
    const scope = scopeOf(city.locationId, 'NZ');
    const index = await searchIndexReady(t.db, city.locationId);
    const request: SearchRequest = { query: 'noise ordinance amendment', sources: ['legislation', 'agenda_item', 'external_document'], sort: 'relevance', page: 1, pageSize: 20 };
    const viaSql = await searchWithSql(t.db, scope, request);
    noiseFirst(viaSql);
    const viaIndex = await searchInMemory(t.db, index, scope, request);
    noiseFirst(viaIndex);
    expect(ids(viaIndex)).toEqual(ids(viaSql));
    // The large-city path (totals from a sample, candidates by walking the day order) orders them alike.
    Object.assign(countingOptions, { exactUpTo: 0, sample: 4 });
    walkOptions.visitAllUpTo = 0;
    expect(ids(await searchInMemory(t.db, index, scope, request))).toEqual(ids(viaSql));
    Object.assign(countingOptions, counting);
    Object.assign(walkOptions, walking);
    // Through the API too, with the words in another order.
    await createUser(t.db, { email: 'nz-clerk@noise-town.test', role: 'CLERK', ...city });
    noiseFirst(await search({ query: 'amendment ordinance noise' }, 'nz-clerk@noise-town.test'));
  });
});

describe('past the exact-count limit (a city many times the demo\'s size)', () => {
  // Every search here takes the large-city path: totals and facets from a sample, the best
  // candidates from walking the day order. The hits must still be exactly the SQL's.
  it.each(queries)('%j', async (query) => {
    Object.assign(countingOptions, { exactUpTo: 0, sample: 4 });
    walkOptions.visitAllUpTo = 0;
    await compareWithSql(query, false);
  });
});

describe('writes through the API show at once', () => {
  it('a new, a changed and a deleted record', async () => {
    await searchIndexReady(t.db, t.ex.locationId);
    expect(searchIndexState(t.db, t.ex.locationId)).toBe('ready');
    const headers = await t.auth(t.emails.CLERK!);
    const created = await t.app.inject({ method: 'POST', url: '/api/agenda_item', headers, payload: { title: 'Heron rookery survey', description: 'Count the herons.' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(ids(await search({ query: 'heron rookery' }))).toEqual([id]);
    expect((await t.app.inject({ method: 'PUT', url: '/api/agenda_item', headers, payload: { id, title: 'Osprey nest survey', description: 'Count the ospreys.' } })).statusCode).toBe(200);
    expect((await search({ query: 'heron rookery' })).total).toBe(0);
    expect((await search({ query: 'osprey' })).hits[0]).toMatchObject({ id, title: 'Osprey nest survey' });

    const body = multipartBody({}, [{ field: 'files', filename: 'kestrel.txt', content: 'Notes on the kestrel boxes along the river.' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/external_document', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentId = uploaded.json().documents[0].id as string;
    const found = await search({ query: 'kestrel' });
    expect(ids(found)).toEqual([documentId]);
    expect(found.hits[0].snippet).toContain('<mark>kestrel</mark>');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/external_document/${documentId}`, headers })).statusCode).toBe(200);
    expect((await search({ query: 'kestrel' })).total).toBe(0);
  });
});

describe('tenancy', () => {
  it("a location's index holds only that location's records", async () => {
    const ex = await searchIndexReady(t.db, t.ex.locationId);
    const ot = await searchIndexReady(t.db, t.ot.locationId);
    const owners = async (docIds: string[]) => {
      const rows = await t.db.execute(sql`SELECT DISTINCT location_id FROM (SELECT id, location_id FROM legislation UNION ALL SELECT id, location_id FROM agenda_items
        UNION ALL SELECT id, location_id FROM external_documents) r WHERE id IN (${sql.join(docIds.map((id) => sql`${id}`), sql`, `)})`);
      return (rows as unknown as { rows: { location_id: string }[] }).rows.map((r) => r.location_id);
    };
    expect(await owners(ex.ids)).toEqual([t.ex.locationId]);
    expect(await owners(ot.ids)).toEqual([t.ot.locationId]);
    const headers = await t.auth(t.otherTownEmail);
    const created = await t.app.inject({ method: 'POST', url: '/api/agenda_item', headers, payload: { title: 'Cormorant colony report' } });
    expect(created.statusCode).toBe(201);
    expect((await search({ query: 'cormorant' }, t.otherTownEmail)).total).toBe(1);
    expect((await search({ query: 'cormorant' })).total).toBe(0);
  });
});

describe('while the index is built', () => {
  it('searches go through SQL with the same answers, and writes made meanwhile are in the index', async () => {
    forgetSearchIndexes(t.db);
    indexOptions.waitForRecords = 0;
    let release!: () => void;
    indexOptions.holdBuild = new Promise((resolve) => (release = resolve));
    const during = await search({ query: 'snow removal' });
    expect(searchIndexState(t.db, t.ex.locationId)).toBe('building');
    expect(during.hits[0].title).toMatch(/Snow Removal/);
    const id = await addAgendaItem(t, t.ex.locationId, { title: 'Egret habitat plan' });
    await refreshSearchRecords(t.db, t.ex.locationId, 'agenda_item', [id]);
    expect(ids(await search({ query: 'egret' }))).toEqual([id]);
    release();
    await searchIndexReady(t.db, t.ex.locationId);
    expect(searchIndexState(t.db, t.ex.locationId)).toBe('ready');
    const after = await search({ query: 'snow removal' });
    expect(ids(after)).toEqual(ids(during));
    expect(after.total).toBe(during.total);
    expect(ids(await search({ query: 'egret' }))).toEqual([id]);
  });

  it('a small location is indexed before its first search is answered', async () => {
    forgetSearchIndexes(t.db);
    expect(searchIndexState(t.db, t.ex.locationId)).toBe('none');
    await search({ query: 'fence gate' });
    expect(searchIndexState(t.db, t.ex.locationId)).toBe('ready');
  });
});

describe('writes made outside the API', () => {
  it('are noticed by comparing with the database, and the location is rebuilt', async () => {
    await searchIndexReady(t.db, t.ex.locationId);
    await search({ query: 'pelican' });
    indexOptions.checkEveryMs = 0;
    await addLaw(t, t.ex.locationId, { title: 'Pelican Protection Act of 2025', fileNumber: 'B3-990', effective: '2025-01-01' });
    await vi.waitFor(async () => expect((await search({ query: 'pelican' })).total).toBe(1), { timeout: 5_000, interval: 50 });
  });
});
