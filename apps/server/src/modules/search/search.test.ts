import type { SearchHit, SearchResponse } from '@civicdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser } from '../../test/example-city';
import { demoEmail } from '../../test/harness';
import { addAgendaItem, addLaw, createSearchTestApp, type SearchTestApp } from './test-city';

let t: SearchTestApp;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK', 'MAYOR']);
  const { locationId } = t.ex;
  ids.phraseInTitle = await addLaw(t, locationId, { title: 'Sidewalk Snow Removal Act of 2024', fileNumber: 'B3-900', effective: '2024-03-01' });
  ids.termsInTitle = await addLaw(t, locationId, { title: 'Removal of Snow Emergency Routes Act of 2024', fileNumber: 'B3-901', effective: '2024-02-01' });
  ids.bodyOnly = await addLaw(t, locationId, {
    title: 'Budget Support Act of 2024',
    fileNumber: 'B3-902',
    effective: '2024-01-15',
    text: 'Sec. 40. Funds are moved to the snow removal equipment account.',
  });
  // Like a real law: its text names it once, then goes on at length about other things.
  const text = [
    'BE IT ENACTED BY THE COUNCIL, That this act may be cited as the "Heron Habitat Protection Act of 2024".',
    ...Array.from({ length: 40 }, (_, i) => `Sec. ${i + 2}. The Mayor shall issue rules on permits, fees, inspections and notices under this act.`),
  ].join('\n');
  await addLaw(t, locationId, { title: 'Market Vending Shall-Issue Permits Act of 2022', fileNumber: 'B3-960', effective: '2022-05-01' });
  ids.stallInBody = await addLaw(t, locationId, { title: 'Market Hygiene Amendment Act of 2022', fileNumber: 'B3-961', effective: '2022-06-01', text: 'A vending stall shall be kept clean and shall not be left overnight.' });
  // Spanish words of a search: "estacionamiento" is "parking"; "calle" is in this city's own texts.
  ids.parking = await addLaw(t, locationId, { title: 'Residential Parking Permit Act of 2023', fileNumber: 'B3-970', effective: '2023-09-01', text: 'A residential parking permit is issued to each household on the block.' });
  ids.calleOcho = await addLaw(t, locationId, { title: 'Festival Street Closures Act of 2023', fileNumber: 'B3-971', effective: '2023-10-01', text: 'The Calle Ocho festival may close the listed blocks each March.' });
  ids.heronLaw = await addLaw(t, locationId, { title: 'Heron Habitat Protection Act of 2024', fileNumber: 'B3-950', effective: '2024-06-01', text });
  for (const date of ['2024-04-02', '2024-04-16']) {
    await addAgendaItem(t, locationId, { title: 'Heron Habitat Protection Act of 2024', fileNumber: 'B3-950', date, documentType: 'ORDINANCE', legislationId: ids.heronLaw });
  }
  ids.markup = await addAgendaItem(t, locationId, {
    title: 'Fence and gate permits',
    description: 'Fence <script>alert("x")</script> & gate permits for "corner" lots where fines < $100',
    date: '2024-04-02',
    documentType: 'RESOLUTION',
    sectionName: 'CONSENT CALENDAR',
  });
});
afterAll(() => t.close());

const search = async (params: Record<string, string>, email?: string) => {
  const res = await t.get(`/api/search?${new URLSearchParams(params)}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};
const titles = (r: SearchResponse) => r.hits.map((h) => h.title);

describe('GET /api/search ranking', () => {
  it('puts the title that holds the exact phrase first, all terms in a title next, body text last', async () => {
    const r = await search({ query: 'snow removal' });
    const laws = r.hits.filter((h) => h.source === 'legislation').map((h) => h.id);
    expect(laws.indexOf(ids.phraseInTitle)).toBeLessThan(laws.indexOf(ids.termsInTitle));
    expect(laws.indexOf(ids.termsInTitle)).toBeLessThan(laws.indexOf(ids.bodyOnly));
    expect(r.hits[0].title).toMatch(/Snow Removal/);
    expect(r.hits[0].match).toBe('phrase');
    expect(r.hits.find((h) => h.id === ids.bodyOnly)!.match).toBe('phrase');
    expect(r.hits.find((h) => h.id === ids.termsInTitle)!.match).toBe('all_terms');
  });

  it('finds a file number first, written in full or without its prefix', async () => {
    for (const query of ['B3-114', '3-114', 'b3-114']) {
      const r = await search({ query });
      expect(r.hits[0]).toMatchObject({ file_number: 'B3-114', match: 'file_number', source: 'legislation' });
      expect(r.hits.every((h) => h.file_number === 'B3-114')).toBe(true);
    }
  });

  it('puts a measure before the agenda items of its readings, which share its title', async () => {
    const r = await search({ query: 'heron habitat protection' });
    expect(r.hits.map((h) => h.source)).toEqual(['legislation', 'agenda_item', 'agenda_item']);
    expect(r.hits[0].id).toBe(ids.heronLaw);
  });

  it('ranks records with all the words above records with some of them', async () => {
    const r = await search({ query: 'dog park robotics' });
    expect(r.total).toBeGreaterThan(0);
    expect(r.hits.every((h) => h.match === 'some_terms')).toBe(true);
    const full = await search({ query: 'dog park expansion' });
    expect(full.hits[0].title).toBe('Dog Park Expansion Temporary Act of 2023');
  });

  it('excludes words prefixed with a minus', async () => {
    const r = await search({ query: 'snow -sidewalk' });
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.some((h) => h.id === ids.phraseInTitle)).toBe(false);
  });
});

describe('typo tolerance', () => {
  it('finds "snwo removal" (swapped letters) and "recrods" (swapped letters)', async () => {
    const snow = await search({ query: 'snwo removal' });
    expect(snow.typo_tolerant).toBe(true);
    // Which spelling stood in for which word is said.
    expect(snow.spelling_corrections).toEqual([{ word: 'snwo', matched: expect.arrayContaining(['snow']) }]);
    expect(snow.hits[0].title).toMatch(/Snow Removal/);
    expect(snow.hits[0].match).toBe('fuzzy');
    const records = await search({ query: 'recrods' });
    expect(titles(records)).toContain('Open Records Modernization Amendment Act of 2021');
  });

  it('finds a word with a missing letter ("modernzation") and two slips in a long word ("neigborhods")', async () => {
    expect(titles(await search({ query: 'modernzation' }))).toContain('Open Records Modernization Amendment Act of 2021');
    expect(titles(await search({ query: 'quiet neigborhods' }))[0]).toBe('Quiet Neighborhoods Amendment Act of 2023');
  });

  it('does not "correct" words that exist', async () => {
    const r = await search({ query: 'snow' });
    expect(r.typo_tolerant).toBe(false);
  });

  it('never "corrects" a word the city\'s own texts hold, even one only in a law\'s body ("stall", near "shall")', async () => {
    // "shall" is in the vocabulary (a title); "stall" only in a law's body, which the vocabulary does not keep.
    const after = await search({ query: 'vending stall' });
    expect(after.typo_tolerant).toBe(false);
    expect(after.spelling_corrections).toEqual([]);
    expect(after.hits.map((h) => h.id)).toContain(ids.stallInBody);
  });
});

describe('snippets', () => {
  it('marks the matched words with <mark> and escapes everything else', async () => {
    const r = await search({ query: 'fence gate' });
    const hit = r.hits.find((h) => h.id === ids.markup)!;
    expect(hit.snippet).toContain('<mark>');
    // PostgreSQL's parser drops tag-like tokens from headlines; any other markup character is escaped.
    expect(hit.snippet).not.toContain('<script');
    expect(hit.snippet).toContain('&amp;');
    expect(hit.snippet).toContain('&quot;corner&quot;');
    expect(hit.snippet).toContain('&lt; $100');
    expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    for (const h of (await search({ query: 'act' })).hits) expect(h.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('gives every hit a snippet, a url and a score', async () => {
    const r = await search({ query: 'amendment' });
    for (const h of r.hits) {
      expect(h.snippet.length).toBeGreaterThan(0);
      expect(h.url).toMatch(/^\/(ordinance|pdf-viewer)/);
      expect(h.score).toBeGreaterThan(0);
    }
  });
});

describe('facets, filters, sorting and paging', () => {
  it('counts every facet over all matches', async () => {
    const r = await search({ query: '' });
    const sum = (list: { count: number }[]) => list.reduce((n, f) => n + f.count, 0);
    expect(sum(r.facets.document_type)).toBe(r.total);
    expect(r.facets.document_type.find((f) => f.value === 'PROCLAMATION')?.count).toBe(1);
    expect(r.facets.year.map((f) => f.value)).toEqual([...r.facets.year.map((f) => f.value)].sort().reverse());
    expect(r.facets.section.find((f) => f.value === 'FINAL READING')?.count).toBe(3);
    expect(r.facets.committee.find((f) => f.value === 'Committee on Transportation')?.count).toBe(2);
    expect(r.facets.status.length).toBeGreaterThan(0);
  });

  it('restricts to the date range, inclusive, and rejects an inverted range', async () => {
    const all = await search({ query: '' });
    const r = await search({ query: '', start_date: '2023-01-01', end_date: '2023-12-31' });
    expect(r.total).toBeGreaterThan(0);
    expect(r.total).toBeLessThan(all.total);
    for (const h of r.hits) expect(h.date! >= '2023-01-01' && h.date! <= '2023-12-31').toBe(true);
    expect(r.facets.year).toEqual([{ value: '2023', count: r.total }]);
    const bad = await t.get('/api/search?start_date=2024-01-01&end_date=2023-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('sorts by date either way', async () => {
    const newest = (await search({ query: 'act', sort_by: 'date_desc' })).hits.map((h) => h.date ?? '');
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await search({ query: 'act', sort_by: 'date_asc' })).hits.map((h) => h.date ?? '');
    expect(oldest).toEqual([...oldest].sort());
  });

  it('pages through the hits without overlap', async () => {
    const first = await search({ query: '', total_limit: '3', page: '1' });
    const second = await search({ query: '', total_limit: '3', page: '2' });
    expect(first.hits).toHaveLength(3);
    expect(first.has_more).toBe(true);
    expect(second.page).toBe(2);
    expect(second.hits.some((h) => first.hits.some((f) => f.id === h.id))).toBe(false);
    const last = await search({ query: '', total_limit: '3', page: String(Math.ceil(first.total / 3)) });
    expect(last.has_more).toBe(false);
    // Past the 1,000th hit pages are empty but still counted.
    const deep = await search({ query: '', total_limit: '100', page: '11' });
    expect(deep).toMatchObject({ hits: [], total: first.total, has_more: false });
  });

  it('caps each document type with limit_per_type', async () => {
    const r = await search({ query: '', limit_per_type: '1', total_limit: '10' });
    const types = r.hits.map((h: SearchHit) => h.document_type);
    expect(new Set(types).size).toBe(types.length);
    expect(types.length).toBe(r.facets.document_type.length);
  });

  it('filters by document type, committee, status and section', async () => {
    const proclamations = await search({ query: '', document_types: 'PROCLAMATION' });
    expect(proclamations.hits.map((h) => h.document_type)).toEqual(['PROCLAMATION']);
    const two = await search({ query: '', document_types: 'PROCLAMATION,RESOLUTION' });
    expect(new Set(two.hits.map((h) => h.document_type))).toEqual(new Set(['PROCLAMATION', 'RESOLUTION']));
    const committee = await search({ query: '', committee: 'Committee on Transportation' });
    expect(committee.total).toBe(2);
    const status = await search({ query: '', status: 'Enacted' });
    expect(status.hits.every((h) => h.status === 'Enacted')).toBe(true);
    const section = await search({ query: '', section: 'CONSENT CALENDAR' });
    expect(section.hits.map((h) => h.id)).toEqual([ids.markup]);
    expect((await t.get('/api/search?document_types=NOT_A_TYPE')).statusCode).toBe(400);
  });
});

describe('recent answers', () => {
  it('a new agenda item shows up in a search that was answered before', async () => {
    expect((await search({ query: 'lighthouse' })).total).toBe(0);
    const created = await t.app.inject({ method: 'POST', url: '/api/agenda_item', headers: await t.auth(t.emails.CLERK!), payload: { title: 'Lighthouse restoration grant' } });
    expect(created.statusCode).toBe(201);
    expect((await search({ query: 'lighthouse' })).hits.map((h) => h.title)).toEqual(['Lighthouse restoration grant']);
  });
});

describe('tenancy and permissions', () => {
  it('never returns another location\'s records, and 404s a city the caller does not belong to', async () => {
    const mine = await search({ query: 'snow removal' });
    const theirs = await search({ query: 'snow removal' }, t.otherTownEmail);
    expect(theirs.location.code).toBe('OT');
    expect(theirs.hits.length).toBeGreaterThan(0);
    expect(theirs.hits.some((h) => mine.hits.some((m) => m.id === h.id))).toBe(false);
    expect(theirs.hits.some((h) => h.id === ids.phraseInTitle)).toBe(false);
    const foreign = await t.get('/api/search?query=snow&city_code=EX', t.otherTownEmail);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await t.get('/api/search?query=snow&state_code=ZZ')).statusCode).toBe(404);
    expect((await t.get('/api/search?query=snow&city_code=EX&state_code=EX')).statusCode).toBe(200);
  });

  it('lets ADMIN name any city, defaulting to its own', async () => {
    const admin = demoEmail('ADMIN');
    expect((await search({ query: 'snow removal', city_code: 'EX' }, admin)).hits[0].title).toMatch(/Snow Removal/);
    expect((await search({ query: 'snow removal' }, admin)).location.code).toBe('DC');
    expect((await t.get('/api/search?city_code=NOPE', admin)).statusCode).toBe(404);
  });

  it('answers MAYOR (search permission) and refuses a user without search permission', async () => {
    expect((await t.get('/api/search?query=snow', t.emails.MAYOR)).statusCode).toBe(200);
    await createUser(t.db, { email: 'no-search@example.test', role: 'STAFF', ...t.ex });
    await t.db.update(users).set({ featurePermissions: ['LEGAL_CHATBOT'] }).where(eq(users.email, 'no-search@example.test'));
    const res = await t.get('/api/search?query=snow', 'no-search@example.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCESS_DENIED');
  });
});

describe('GET /api/{cityCode}/research/meili/{query}', () => {
  it('searches the named city with date range and sort', async () => {
    const res = await t.get('/api/EX/research/meili/snow%20removal?start_date=2024-01-01&sort_by=date_desc');
    expect(res.statusCode).toBe(200);
    const r = res.json() as SearchResponse;
    expect(r.hits.map((h) => h.id)).toEqual([ids.phraseInTitle, ids.termsInTitle, ids.bodyOnly]);
    expect((await t.get('/api/EX/research/meili/snow', t.otherTownEmail)).statusCode).toBe(404);
    expect((await t.get('/api/OT/research/meili/snow', t.otherTownEmail)).json().location.code).toBe('OT');
  });
});

describe('Spanish words of a search (issue 31)', () => {
  it('searches "estacionamiento" as "parking", says so, and leaves a Spanish word the city uses as typed', async () => {
    const { parking, calleOcho } = ids;
    const asked = await search({ query: 'estacionamiento' });
    expect(asked.hits.map((h) => h.id)).toContain(parking);
    expect(asked.translated_words).toEqual([{ word: 'estacionamiento', matched: ['parking'] }]);
    // Not a misspelling: the notice of similar spellings is not shown.
    expect(asked.typo_tolerant).toBe(false);
    expect(asked.spelling_corrections).toEqual([]);
    // With an accent, as people type it.
    expect((await search({ query: 'inspección' })).translated_words).toEqual([{ word: 'inspección', matched: ['inspection'] }]);
    // "calle" is in the city's own texts (a festival's name): searched as typed, not as "street".
    const calle = await search({ query: 'calle' });
    expect(calle.translated_words).toEqual([]);
    expect(calle.hits.map((h) => h.id)).toEqual([calleOcho]);
  });
});
