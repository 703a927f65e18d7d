import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GenerateResponse, LocationImport } from '@civicdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaItems, agendas, auditEvents, codeSections, codeVectors, locations } from '../../db/schema';
import { crc32 } from 'node:zlib';
import { storedZip } from '../../platform/files/zip';
import { deflatedRun, partOf, zipOf } from '../../test/zips';
import { createIndexRegistry } from '../../platform/retrieval/registry';
import { createUser } from '../../test/example-city';
import { multipartBody } from '../../test/multipart';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/**
 * Cities and their imports through the API (issue 21). The code book is a real excerpt of the San
 * Francisco Park Code as published (fixtures/README.md); the expected sections are read off it by hand:
 * §§ 1.01 Title, 1.05 Sutro Dunes, 2.01 "Park" Defined, 2.02 "Commission" Defined, 2.03 "General Manager"
 * Defined, after front matter and a run-together table of contents.
 */
const EXCERPT = readFileSync(path.join(__dirname, 'fixtures/sf-park-code-excerpt.txt'));
/** Pages 1-3 of the Omaha City Council's agenda of 2012-10-16 (items 1-10), and page 1 of a scanned packet: fixtures/README.md. */
const OMAHA_AGENDA = readFileSync(path.join(__dirname, 'fixtures/omaha-agenda-2012-10-16-pages-1-3.pdf'));
const OMAHA_SCANNED = readFileSync(path.join(__dirname, 'fixtures/omaha-1303a-scanned-page-1.pdf'));
/** Pages 1-2 of that agenda, and an ordinance made here, scanned at 300 dpi (1 bit) with no text layer: fixtures/README.md. */
const OMAHA_AGENDA_SCANNED = readFileSync(path.join(__dirname, 'fixtures/omaha-agenda-2012-10-16-pages-1-2-scanned.pdf'));
const ORDINANCE_SCANNED = readFileSync(path.join(__dirname, 'fixtures/ordinance-20-8-scanned.pdf'));

let t: SearchTestApp;
let otherSuperuser: string;
beforeAll(async () => {
  t = await createSearchTestApp(['ADMIN', 'SUPERUSER', 'CLERK']);
  otherSuperuser = 'ot-superuser@other-town.test';
  await createUser(t.db, { email: otherSuperuser, role: 'SUPERUSER', ...t.ot });
});
afterAll(() => t?.close());

const json = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, email = t.emails.ADMIN!) => t.app.inject({ method, url, headers: await t.auth(email), payload });
async function upload(code: string, files: { name: string; content: Buffer | string }[], email = t.emails.ADMIN!, source = 'code') {
  const body = multipartBody({ source }, files.map((f) => ({ field: 'files', filename: f.name, content: f.content })));
  return t.app.inject({ method: 'POST', url: `/api/location/${code}/imports`, headers: { ...(await t.auth(email)), ...body.headers }, payload: body.payload });
}
async function settled(code: string, id: string): Promise<LocationImport> {
  for (let i = 0; i < 300; i++) {
    const res = await json('GET', `/api/location/${code}/imports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json() as LocationImport;
    if (row.job_state !== 'queued' && row.job_state !== 'running') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

describe('adding a city', () => {
  it('an ADMIN adds a city; the same code again is a conflict; bad input and other roles are refused', async () => {
    const created = await json('POST', '/api/location', { code: 'sf', name: 'City and County of San Francisco', state_code: 'ca', code_site_url: 'https://codelibrary.amlegal.com/codes/san_francisco' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SF', name: 'City and County of San Francisco', state_code: 'CA', municipal_code_enabled: false });
    // Written to the audit log (its detail names the city: a detail named "code" is refused as a possible secret).
    const [audited] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'location.created'));
    expect(audited?.details).toEqual({ city: 'SF', name: 'City and County of San Francisco' });
    expect((await json('POST', '/api/location', { code: 'SF', name: 'Again', state_code: 'CA' })).statusCode).toBe(409);
    const bad = await json('POST', '/api/location', { code: '1 bad', name: 'X', state_code: 'California' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.code', 'body.name', 'body.state_code']));
    // Two letters that are no state: its holidays would be none, and its records deadlines wrong.
    const nowhere = await json('POST', '/api/location', { code: 'ZZT', name: 'Nowhere', state_code: 'ZZ' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().details).toEqual([{ field: 'body.state_code', message: expect.stringMatching(/^Use a US state’s two-letter code \(e\.g\. CA\); known: .*\bMD\b/) }]);
    expect((await json('POST', '/api/location', { code: 'OAK', name: 'Oakland', state_code: 'CA' }, t.emails.SUPERUSER!)).statusCode).toBe(403);
    expect((await json('POST', '/api/location', { code: 'OAK', name: 'Oakland', state_code: 'CA' }, t.emails.CLERK!)).statusCode).toBe(403);
    const listed = (await json('GET', '/api/location')).json() as { code: string }[];
    expect(listed.map((l) => l.code)).toContain('SF');
  });
});

describe("importing a city's code book", () => {
  let first: LocationImport;
  beforeAll(async () => {
    if ((await json('POST', '/api/location', { code: 'SF', name: 'City and County of San Francisco', state_code: 'CA' })).statusCode === 201) return;
  });

  it('answers 202 at once, then reads the sections as published: numbers, headings, texts; the table of contents is no section', async () => {
    const res = await upload('SF', [{ name: 'Park.txt', content: EXCERPT }]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ job_state: 'queued', progress: 0 });
    first = await settled('SF', res.json().id);
    expect(first.job_state, JSON.stringify(first)).toBe('completed');
    expect(first.counts).toMatchObject({ sections: 5, added: 5, changed: 0, removed: 0 });
    expect(first.files).toEqual([{ name: 'Park.txt', size_bytes: EXCERPT.length }]);
    expect(first.preview.map((p) => p.number)).toEqual([expect.stringContaining('1.01'), expect.stringContaining('1.05'), expect.stringContaining('2.01'), expect.stringContaining('2.02'), expect.stringContaining('2.03')]);
    expect(first.preview[1].title).toMatch(/sutro dunes/i);
    expect(first.preview[1].text).toMatch(/^The area known as "Parcel 4" located at the junction of the Great Highway and Balboa Street/);
    // The history note is set apart from the text, and kept as the section's history.
    expect(first.preview[1].text).not.toContain('Ord. 46-10');
    const dunes = await json('GET', `/api/municipal_code/data?code=${encodeURIComponent('SEC. 1.05')}&city_code=SF`);
    expect(dunes.statusCode, dunes.body).toBe(200);
    expect(dunes.json()).toMatchObject({ number: 'Sec. 1.05', history: '(Added by Ord. 46-10, File No. 091407, App. 3/12/2010)', amended_by: [] });
    const [sf] = await t.db.select().from(locations).where(eq(locations.code, 'SF'));
    expect(sf.municipalCodeEnabled).toBe(true);
    const rows = await t.db.select({ number: codeSections.number, status: codeSections.status }).from(codeSections).where(eq(codeSections.locationId, sf.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === 'in_force')).toBe(true);
    const list = (await json('GET', '/api/location/SF/imports')).json() as { imports: LocationImport[] };
    expect(list.imports.map((i) => i.id)).toContain(first.id);

    // Then the sections' meaning vectors, in the background, counted on the import's row.
    let counts: Record<string, number> = {};
    for (let i = 0; i < 600 && !(counts.vectors_total && counts.vectors === counts.vectors_total); i++) {
      await new Promise((r) => setTimeout(r, 100));
      counts = ((await json('GET', `/api/location/SF/imports/${first.id}`)).json() as LocationImport).counts;
    }
    expect(counts).toMatchObject({ vectors: 5, vectors_total: 5 });
    const [stored] = await t.db.select().from(codeVectors).where(eq(codeVectors.locationId, sf.id));
    expect(stored).toMatchObject({ model: 'use-lite-512', count: 5 });
    // An index of the city built now (as every process rebuilds it on the notice) ranks by meaning too.
    const fresh = createIndexRegistry(t.db, { info: () => undefined, warn: () => undefined, error: () => undefined });
    expect((await fresh.get(sf.id)).vectorCount).toBe(5);
  });

  it('a newer edition updates what changed, keeps the rest, removes what is gone, and says so', async () => {
    const text = EXCERPT.toString('latin1');
    const renamed = text.replace('shall be known as Sutro Dunes.', 'shall be known as Sutro Dunes Park.');
    const edited = renamed.slice(0, renamed.indexOf('SEC. 2.03.'));
    const res = await upload('SF', [{ name: 'Park.txt', content: Buffer.from(edited, 'latin1') }]);
    const second = await settled('SF', res.json().id);
    expect(second.counts).toMatchObject({ sections: 4, added: 0, changed: 1, unchanged: 3, removed: 1 });
    const [sf] = await t.db.select().from(locations).where(eq(locations.code, 'SF'));
    const [dunes] = await t.db.select().from(codeSections).where(and(eq(codeSections.locationId, sf.id), eq(codeSections.title, second.preview[1].title)));
    expect(dunes.text).toContain('Sutro Dunes Park.');
  });

  it("another city's SUPERUSER can neither import into this city nor read its imports; other roles are refused", async () => {
    expect((await upload('SF', [{ name: 'Park.txt', content: EXCERPT }], otherSuperuser)).statusCode).toBe(404);
    expect((await json('GET', '/api/location/SF/imports', undefined, otherSuperuser)).statusCode).toBe(404);
    expect((await json('GET', `/api/location/SF/imports/${first.id}`, undefined, otherSuperuser)).statusCode).toBe(404);
    expect((await upload('SF', [{ name: 'Park.txt', content: EXCERPT }], t.emails.CLERK!)).statusCode).toBe(403);
    expect((await json('GET', '/api/location/NOPE/imports')).statusCode).toBe(404);
  });

  it('refuses a JSON body, a binary file named as text, no file, and an unknown source, each with a clear 4xx', async () => {
    // JSON is a Legistar import's body: a code book sent as JSON is refused by its schema.
    expect((await json('POST', '/api/location/SF/imports', { source: 'code' })).statusCode).toBe(400);
    expect((await upload('SF', [{ name: 'Park.txt', content: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x00]) }])).statusCode).toBe(415);
    expect((await upload('SF', [{ name: 'Park.exe', content: 'SEC. 1.01.  TITLE.' }])).statusCode).toBe(415);
    expect((await upload('SF', [])).statusCode).toBe(400);
    expect((await upload('SF', [{ name: 'Park.txt', content: EXCERPT }], t.emails.ADMIN!, 'minutes')).statusCode).toBe(400);
  });
});

describe('a code book sent as one zip archive of its files', () => {
  it('reads the book\'s files in it, each copy once, and leaves out what is no part of a book', async () => {
    expect((await json('POST', '/api/location', { code: 'ZIP', name: 'Zip City', state_code: 'CA' })).statusCode).toBe(201);
    const entry = (name: string, data: Buffer) => ({ name, nameBytes: Buffer.from(name), utf8: true, data });
    const archive = storedZip([
      entry('code/Park.txt', EXCERPT),
      entry('mirror/copy-of-park.txt', EXCERPT),
      entry('code/logo.gif', Buffer.from('GIF89a')),
      entry('__MACOSX/code/._Park.txt', Buffer.from('junk')),
    ]);
    const done = await settled('ZIP', (await upload('ZIP', [{ name: 'sf-park-code.zip', content: archive }])).json().id);
    expect(done.job_state, JSON.stringify(done.problems)).toBe('completed');
    expect(done.counts).toMatchObject({ sections: 5, copies_read_once: 1 });
    expect(done.problems).toContainEqual({ file: 'sf-park-code.zip/mirror/copy-of-park.txt', where: 'file', message: "1 file is a copy of another file's bytes (this one of sf-park-code.zip/code/Park.txt); each was read once" });
    // A zip is a code book's only: as agendas it is refused with why, and a zip that is no archive at all is refused at the upload.
    const agendas = await settled('ZIP', (await upload('ZIP', [{ name: 'agendas.zip', content: archive }], t.emails.ADMIN!, 'agendas')).json().id);
    expect(agendas.problems).toEqual([{ file: 'agendas.zip', where: 'file', message: 'not read: a zip archive is read only as a code book; send the documents themselves' }]);
    // A bomb: 64 MB of one letter in a few kilobytes; it is never produced past its budget (8 MB here).
    const bomb = zipOf([{ ...partOf('code/Park.txt', 'x'), packed: await deflatedRun(64 * 1024 * 1024), crc: crc32(Buffer.alloc(64 * 1024 * 1024, 'A')) >>> 0, declaredSize: 1000 }]).bytes;
    const bombed = await settled('ZIP', (await upload('ZIP', [{ name: 'bomb.zip', content: bomb }])).json().id);
    expect(bombed.problems).toContainEqual({ file: 'bomb.zip', where: 'file', message: 'not read: it unpacks to more than an archive of its size may (8 MB)' });
    expect(bombed.job_state).toBe('failed');
    const broken = await upload('ZIP', [{ name: 'broken.zip', content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]) }]);
    expect(broken.statusCode).toBe(400);
  });
});

describe("Baltimore's Articles, which restart their numbers", () => {
  it('stores both § 4-1s, looks either up with the other named, and cites each as the city does: "Art. 16, § 4-1"', async () => {
    expect((await json('POST', '/api/location', { code: 'BAL', name: 'Baltimore City', state_code: 'MD' })).statusCode).toBe(201);
    const files = ['Art 16 - Markets.xml', 'Art 27 - Stormwater Fees.xml'].map((name) => ({ name, content: readFileSync(path.join(__dirname, 'fixtures', name)) }));
    const done = await settled('BAL', (await upload('BAL', files)).json().id);
    expect(done.job_state, JSON.stringify(done.problems)).toBe('completed');
    // Read off the two files by hand: 70 sections (one of them "{Reserved}").
    expect(done.counts).toMatchObject({ files: 2, sections: 70, reserved: 1 });
    const markets = (await json('GET', `/api/municipal_code/data?code=${encodeURIComponent('§ 4-1')}&city_code=BAL`)).json();
    expect(markets).toMatchObject({ number: '§ 4-1', title: 'Market days and hours', same_number: [{ number: '§ 4-1', title: 'Administrative appeal of fees', code: 'Article 27 - Stormwater Remediation Fees' }] });
    const answer = (await json('POST', '/api/municipal_code/generate', { main_user_question: 'Until what time are market hours on Saturdays?', city_code: 'BAL' })).json() as GenerateResponse;
    expect(answer.analysis.citations.map((c) => c.number)).toContain('Art. 16, § 4-1');
    expect(answer.analysis.citations.map((c) => c.number)).not.toContain('§ 4-1');
  });
});

describe('a section the book keeps "Reserved"', () => {
  it('is stored and shown as reserved, apart from repealed, and never offered as law in force', async () => {
    expect((await json('POST', '/api/location', { code: 'RSV', name: 'Reserve Town', state_code: 'MD' })).statusCode).toBe(201);
    const book = ['Sec. 9-1.  Noise.', 'No person shall make loud noise after 10 p.m.', 'Sec. 9-2.  Repealed.', '(Ord. 75-235.)', 'Sec. 9-3.  {Reserved}', 'Sec. 9-4.  Reserved parking.', 'Two spaces shall be kept for the clerk.'].join('\n');
    const done = await settled('RSV', (await upload('RSV', [{ name: 'noise.txt', content: book }])).json().id);
    expect(done.counts).toMatchObject({ sections: 4, repealed: 1, reserved: 1 });
    const status = async (number: string) => (await json('GET', `/api/municipal_code/data?code=${encodeURIComponent(number)}&city_code=RSV`)).json().status;
    expect(await status('9-1')).toBe('in_force');
    expect(await status('9-2')).toBe('repealed');
    expect(await status('9-3')).toBe('reserved');
    expect(await status('9-4')).toBe('in_force');
  });
});

describe("importing a city's agenda documents", () => {
  beforeAll(async () => {
    await json('POST', '/api/location', { code: 'OMA', name: 'City of Omaha', state_code: 'NE' });
  });

  it('stores the meeting and its numbered items as published; a scanned letter is read by OCR, said so, and stored as no meeting', async () => {
    const res = await upload('OMA', [
      { name: 'a12-10-16.pdf', content: OMAHA_AGENDA },
      { name: '1303a.pdf', content: OMAHA_SCANNED },
    ], t.emails.ADMIN!, 'agendas');
    expect(res.statusCode, res.body).toBe(202);
    const done = await settled('OMA', res.json().id);
    expect(done.job_state, JSON.stringify(done)).toBe('completed');
    expect(done.counts).toMatchObject({ files: 2, meetings: 1, no_text_layer: 0, ocr_pages: 1 });
    expect(done.problems).toContainEqual({ file: '1303a.pdf', where: 'file', message: expect.stringMatching(/^read by OCR \(no text layer\): 1 of 1 pages, mean confidence \d+%$/) });
    // The Planning Director's dated letter has no numbered items: it is no meeting.
    expect(done.problems).toContainEqual({ file: '1303a.pdf', where: 'file', message: 'no numbered agenda items found' });
    const [oma] = await t.db.select().from(locations).where(eq(locations.code, 'OMA'));
    const [meeting] = await t.db.select().from(agendas).where(eq(agendas.locationId, oma.id));
    expect(meeting).toMatchObject({ date: '2012-10-16', body: 'City Council' });
    const items = await t.db.select().from(agendaItems).where(eq(agendaItems.locationId, oma.id)).orderBy(agendaItems.position);
    // Read off the PDF by hand: items 1-9 start on these three pages.
    expect(items.slice(0, 9).map((i) => i.title.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(items[0].title).toBe('1. City Clerk calls the roll.');
    expect(items[4].title).toMatch(/^5\. Ord\. to rezone property located East of 99th Street and South of Redick Avenue from LI-Limited Industrial District to R7-Medium-Density Multiple Family Residential District\./);
    expect(items[4]).toMatchObject({ documentType: 'ORDINANCE', sectionName: expect.stringMatching(/^ZONING ORDINANCES ON FINAL READING/) });
    expect(items[7].title).toMatch(/^8\. Res\. that the preliminary plat entitled BUCKY’S CROSSROADS PLAZA ADDITION, located northeast of 78th and Dodge Streets/);
    expect(items[7].documentType).toBe('RESOLUTION');
    // The Planning Board's "(a)" paragraph under item 5 is part of it, not an item.
    expect(items.some((i) => /^\(a\)|^a\. /i.test(i.title))).toBe(false);

    // The same agenda again: the meeting is updated, not doubled.
    const again = await upload('OMA', [{ name: 'a12-10-16.pdf', content: OMAHA_AGENDA }], t.emails.ADMIN!, 'agendas');
    expect((await settled('OMA', again.json().id)).job_state).toBe('completed');
    expect(await t.db.select().from(agendas).where(eq(agendas.locationId, oma.id))).toHaveLength(1);
    expect(await t.db.select().from(agendaItems).where(eq(agendaItems.locationId, oma.id))).toHaveLength(items.length);
  });
});

describe("importing a city's legislation files", () => {
  const AGENDA = ['CITY COUNCIL', 'REGULAR MEETING AGENDA', 'June 2, 2020, 7:00 p.m.', 'Council Chambers, Springfield City Hall', '',
    'ORDINANCES ON SECOND READING', '1. Ord. No. 20-7 An ordinance amending Section 12-4 relating to parking on Elm Avenue.',
    'RESOLUTIONS', '2. Res. No. 2020-31 A resolution approving the library grant application.'].join('\n');
  const ORDINANCE = ['ORDINANCE NO. 20-7', '', 'AN ORDINANCE amending Section 12-4 of the Springfield City Code relating to parking on Elm Avenue.', '',
    'BE IT ORDAINED BY THE CITY COUNCIL OF SPRINGFIELD:', 'Section 1. No vehicle shall be parked on Elm Avenue between 2 a.m. and 6 a.m.', '', 'Introduced: May 19, 2020', 'PASSED AND ADOPTED this 2nd day of June, 2020.'].join('\n');
  const RESOLUTION = ['RESOLUTION NO. 2020-31', 'A RESOLUTION approving the application for a state library grant.', 'BE IT RESOLVED that the City Manager may apply for the grant.', 'Adopted June 2, 2020'].join('\n');

  it('reads each measure (number, kind, title, dates, text), makes it searchable, and links the agenda items that name it', async () => {
    expect((await json('POST', '/api/location', { code: 'LEG', name: 'City of Springfield', state_code: 'IL' })).statusCode).toBe(201);
    const agenda = await settled('LEG', (await upload('LEG', [{ name: 'agenda-2020-06-02.txt', content: AGENDA }], t.emails.ADMIN!, 'agendas')).json().id);
    expect(agenda.counts).toMatchObject({ meetings: 1, agenda_items: 2, linked_to_measures: 0 });
    const res = await upload('LEG', [{ name: 'ord-20-7.txt', content: ORDINANCE }, { name: 'res-2020-31.txt', content: RESOLUTION }, { name: 'ord-20-8-scan.pdf', content: ORDINANCE_SCANNED }], t.emails.ADMIN!, 'legislation');
    expect(res.statusCode, res.body).toBe(202);
    const done = await settled('LEG', res.json().id);
    expect(done.job_state, JSON.stringify(done)).toBe('completed');
    expect(done.counts).toMatchObject({ files: 3, measures: 3, no_text_layer: 0, ocr_pages: 1, linked_to_measures: 2 });
    // The scan is read by OCR, and said to be.
    expect(done.problems).toEqual([{ file: 'ord-20-8-scan.pdf', where: 'file', message: expect.stringMatching(/^read by OCR \(no text layer\): 1 of 1 pages, mean confidence \d+%$/) }]);
    expect(done.preview.map((p) => p.number)).toEqual(['Ordinance No. 20-7', 'Resolution No. 2020-31', 'Ordinance No. 20-8']);
    const scanned = (await json('GET', '/api/ordinance/search/?query=leaf%20blower&city_code=LEG')).json() as { hits: { file_number: string | null; date: string | null }[] };
    expect(scanned.hits[0]).toMatchObject({ file_number: 'Ordinance No. 20-8' });

    const search = (await json('GET', '/api/ordinance/search/?query=Elm%20Avenue%20parking&city_code=LEG')).json() as { hits: { id: string; file_number: string | null }[] };
    expect(search.hits.map((h) => h.file_number)).toContain('Ordinance No. 20-7');
    const id = search.hits.find((h) => h.file_number === 'Ordinance No. 20-7')!.id;
    const page = await json('GET', `/api/ordinance/${id}?city_code=LEG`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ file_number: 'Ordinance No. 20-7', title: 'AN ORDINANCE amending Section 12-4 of the Springfield City Code relating to parking on Elm Avenue.' });
    expect(page.json().text).toContain('No vehicle shall be parked on Elm Avenue between 2 a.m. and 6 a.m.');
    expect(page.json().agenda_items.map((i: { title: string }) => i.title)).toEqual([expect.stringMatching(/^1\. Ord\. No\. 20-7 An ordinance amending Section 12-4/)]);
    const [leg] = await t.db.select().from(locations).where(eq(locations.code, 'LEG'));
    const items = await t.db.select().from(agendaItems).where(eq(agendaItems.locationId, leg.id)).orderBy(agendaItems.position);
    expect(items.every((i) => i.legislationId !== null)).toBe(true);
  });

  it('reads a scanned agenda by OCR, showing its pages as they are read; its items are then found in Smart Search', async () => {
    expect((await json('POST', '/api/location', { code: 'OCR', name: 'Scanned City', state_code: 'NE' })).statusCode).toBe(201);
    const id = (await upload('OCR', [{ name: 'agenda-scan.pdf', content: OMAHA_AGENDA_SCANNED }], t.emails.ADMIN!, 'agendas')).json().id;
    const seen: Record<string, number>[] = [];
    for (let i = 0; i < 900; i++) {
      const row = (await json('GET', `/api/location/OCR/imports/${id}`)).json() as LocationImport;
      if (row.job_state === 'running' && row.counts.ocr_pages_total) seen.push(row.counts);
      if (row.job_state !== 'queued' && row.job_state !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.length, 'the pages were shown as they were read').toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ ocr_pages_total: 2 });
    const done = await settled('OCR', id);
    expect(done.counts).toMatchObject({ files: 1, meetings: 1, agenda_items: 7, no_text_layer: 0, ocr_pages: 2 });
    const [city] = await t.db.select().from(locations).where(eq(locations.code, 'OCR'));
    const [meeting] = await t.db.select().from(agendas).where(eq(agendas.locationId, city.id));
    expect(meeting).toMatchObject({ date: '2012-10-16', body: 'City Council' });
    const found = (await json('GET', '/api/search?query=rezone%2099th%20Street%20Redick&city_code=OCR')).json() as { hits: { title: string }[] };
    expect(found.hits[0]?.title).toMatch(/^5\. Ord\. to rezone property located East of 99th Street and South of Redick Avenue/);
  });

  it('refuses another kind of source with the choices named', async () => {
    const res = await upload('LEG', [{ name: 'x.txt', content: 'ORDINANCE NO. 1' }], t.emails.ADMIN!, 'laws');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('code, agendas or legislation');
  });
});

describe("a city's own law and forms", () => {
  const BOARD = {
    council: 'the Board of Supervisors of the City and County of San Francisco',
    ordinance_enacting_clause: 'Be it ordained by the People of the City and County of San Francisco:',
    resolution_clause: 'RESOLVED, That the Board of Supervisors of the City and County of San Francisco',
    code_name: 'the San Francisco Park Code',
  };
  const CPRA = { section: 'Cal. Gov. Code § 7922.535', name: 'California Public Records Act', days: 10, business_days: false, extension_days: 14, exemptions_section: null };

  it('answers the defaults of a new city, and the District’s own for DC', async () => {
    const sf = (await json('GET', '/api/location/SF/settings')).json();
    expect(sf).toMatchObject({ records_law: null, drafting_form: 'city', holidays_region: 'CA', council_members: [], adopted_codes: {}, customised: [] });
    expect(sf.drafting.council).toBe('the City Council of the City and County of San Francisco');
    const ex = await json('GET', `/api/location/${'EX'}/settings`);
    expect(ex.statusCode).toBe(200);
  });

  it('an ADMIN sets them; drafting then writes in the city’s form; null puts a default back', async () => {
    const put = await json('PUT', '/api/location/SF/settings', { drafting: BOARD, records_law: CPRA, council_members: ['Aaron Peskin', 'Connie Chan'], adopted_codes: { ibc: 2022 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ drafting: BOARD, records_law: CPRA, council_members: ['Aaron Peskin', 'Connie Chan'], adopted_codes: { IBC: 2022 }, customised: ['adopted_codes', 'council_members', 'drafting', 'records_law'] });
    const draft = await json('POST', '/api/ordinance/draft', { query: 'An ordinance renaming Sutro Dunes', city_code: 'SF' });
    expect(draft.statusCode, draft.body).toBe(201);
    const text = JSON.stringify(draft.json());
    expect(text).toContain('Be it ordained by the People of the City and County of San Francisco:');
    expect(text).toContain('AN ORDINANCE OF THE BOARD OF SUPERVISORS OF THE CITY AND COUNTY OF SAN FRANCISCO');
    expect(text).not.toContain('CITY COUNCIL OF');
    const reset = await json('PUT', '/api/location/SF/settings', { drafting: null });
    expect(reset.json().drafting.council).toBe('the City Council of the City and County of San Francisco');
    expect(reset.json().records_law).toEqual(CPRA);
  });

  it('refuses what it cannot use, and another city’s SUPERUSER cannot read or change them', async () => {
    const bad = await json('PUT', '/api/location/SF/settings', { records_law: { ...CPRA, days: 0 }, holidays_region: 'California', adopted_codes: { 'not a code': 2018 }, council_members: 'Peskin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.records_law.days', 'body.holidays_region', 'body.council_members']));
    expect((await json('PUT', '/api/location/SF/settings', { unknown: 1 })).statusCode).toBe(400);
    expect((await json('GET', '/api/location/SF/settings', undefined, otherSuperuser)).statusCode).toBe(404);
    expect((await json('PUT', '/api/location/SF/settings', { council_members: [] }, otherSuperuser)).statusCode).toBe(404);
    expect((await json('GET', '/api/location/SF/settings', undefined, t.emails.CLERK!)).statusCode).toBe(403);
  });
});
