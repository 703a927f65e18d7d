import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LocationImport } from '@civicdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSections, locations } from '../../db/schema';
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

let t: SearchTestApp;
let otherSuperuser: string;
beforeAll(async () => {
  t = await createSearchTestApp(['ADMIN', 'SUPERUSER', 'CLERK']);
  otherSuperuser = 'ot-superuser@other-town.test';
  await createUser(t.db, { email: otherSuperuser, role: 'SUPERUSER', ...t.ot });
});
afterAll(() => t.close());

const json = async (method: 'GET' | 'POST', url: string, payload?: object, email = t.emails.ADMIN!) => t.app.inject({ method, url, headers: await t.auth(email), payload });
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
    expect((await json('POST', '/api/location', { code: 'SF', name: 'Again', state_code: 'CA' })).statusCode).toBe(409);
    const bad = await json('POST', '/api/location', { code: '1 bad', name: 'X', state_code: 'California' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.code', 'body.name', 'body.state_code']));
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
    // The history note is set apart from the text.
    expect(first.preview[1].text).not.toContain('Ord. 46-10');
    const [sf] = await t.db.select().from(locations).where(eq(locations.code, 'SF'));
    expect(sf.municipalCodeEnabled).toBe(true);
    const rows = await t.db.select({ number: codeSections.number, status: codeSections.status }).from(codeSections).where(eq(codeSections.locationId, sf.id));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === 'in_force')).toBe(true);
    const list = (await json('GET', '/api/location/SF/imports')).json() as { imports: LocationImport[] };
    expect(list.imports.map((i) => i.id)).toContain(first.id);
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
