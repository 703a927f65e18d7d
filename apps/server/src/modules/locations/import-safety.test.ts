import type { LocationImport } from '@civicdesk/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSections, locations } from '../../db/schema';
import { multipartBody } from '../../test/multipart';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/**
 * What a city import may not do to the product (issue 29): empty a city's code, remove most of it
 * unasked, or hold other users' requests while it stores a big book (a run cut off twice:
 * faults/import-runs.test.ts; the reader's limits: platform/workers/run.test.ts). The code
 * books here are generated: `book(n)` writes n sections in the San Francisco layout ("SEC. 1.01.
 * TITLE."), so the number of sections each import holds is known without the reader.
 */
let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['ADMIN']);
  for (const code of ['GT', 'BIG']) expect((await json('POST', '/api/location', { code, name: `Town ${code}`, state_code: 'MD' })).statusCode).toBe(201);
});
afterAll(() => t?.close());

function book(sections: number, opts: { from?: number; perArticle?: number } = {}) {
  const perArticle = opts.perArticle ?? 100;
  const lines = ['GENERATED TOWN CODE', ''];
  for (let n = opts.from ?? 0; n < (opts.from ?? 0) + sections; n++) {
    const article = Math.floor(n / perArticle) + 1;
    const k = (n % perArticle) + 1;
    if (k === 1) lines.push(`ARTICLE ${article}: GENERAL PROVISIONS ${article}`, '');
    lines.push(
      `SEC. ${article}.${String(k).padStart(2, '0')}.  RULE NUMBER ${k} OF ARTICLE ${article}.`,
      `The owner of a parcel in district ${k} shall keep the sidewalk clear of snow within ${(k % 47) + 1} hours of a storm; a person who fails to do so shall pay a fine of $${k * 5}.`,
      `(Added by Ord. ${k}-${article}, App. 1/1/2001)`,
      '',
    );
  }
  return lines.join('\r\n');
}

const json = async (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: await t.auth(t.emails.ADMIN!), payload });
async function upload(code: string, files: { name: string; content: string | Buffer }[], fields: Record<string, string> = {}) {
  const body = multipartBody({ source: 'code', ...fields }, files.map((f) => ({ field: 'files', filename: f.name, content: f.content })));
  return t.app.inject({ method: 'POST', url: `/api/location/${code}/imports`, headers: { ...(await t.auth(t.emails.ADMIN!)), ...body.headers }, payload: body.payload });
}
async function settled(code: string, id: string, onRunning?: (row: LocationImport) => Promise<void>): Promise<LocationImport> {
  for (let i = 0; i < 2000; i++) {
    const row = (await json('GET', `/api/location/${code}/imports/${id}`)).json() as LocationImport;
    if (row.job_state !== 'queued' && row.job_state !== 'running') return row;
    if (onRunning) await onRunning(row);
    else await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}
async function importBook(code: string, text: string, fields: Record<string, string> = {}) {
  const res = await upload(code, [{ name: 'Town.txt', content: text }], fields);
  expect(res.statusCode, res.body).toBe(202);
  return settled(code, res.json().id);
}
const cityOf = async (code: string) => (await t.db.select().from(locations).where(eq(locations.code, code)))[0];
const sectionsOf = async (code: string) => (await t.db.select({ n: count() }).from(codeSections).where(eq(codeSections.locationId, (await cityOf(code)).id)))[0].n;

describe('an import that would empty the code', () => {
  it('a file with no sections (a cover letter sent as the code book) is refused, and the code stays as it was', async () => {
    expect((await importBook('GT', book(40))).counts).toMatchObject({ sections: 40, added: 40 });
    const letter = 'Dear Clerk,\r\nPlease find enclosed the updated code.\r\nRegards, the Publisher\r\n';
    const refused = await importBook('GT', letter);
    expect(refused.job_state).toBe('failed');
    expect(refused.error).toMatch(/^No sections were found in these files, so the city’s code was left as it was\./);
    expect(refused.problems[0]).toEqual({ file: 'code book', where: 'import', message: refused.error });
    expect(refused.counts).toMatchObject({ sections: 0, existing: 40, would_remove: 40 });
    expect(await sectionsOf('GT')).toBe(40);
    expect((await cityOf('GT')).municipalCodeEnabled).toBe(true);
    // Even confirmed as a replacement: no sections is no code.
    expect((await importBook('GT', letter, { replace: 'true' })).job_state).toBe('failed');
    expect(await sectionsOf('GT')).toBe(40);
  });

  it('a book that would remove most of the code is refused unless the admin confirms it as a replacement', async () => {
    const partial = await importBook('GT', book(10));
    expect(partial.job_state).toBe('failed');
    expect(partial.error).toBe('These files would remove 30 of the city’s 40 sections, so the city’s code was left as it was. If they are the city’s whole new code, import them again as a replacement of the code.');
    expect(partial.replace).toBe(false);
    expect(await sectionsOf('GT')).toBe(40);
    // Half or less removed is an edition's ordinary change.
    expect((await importBook('GT', book(20))).counts).toMatchObject({ sections: 20, unchanged: 20, removed: 20 });
    const replaced = await importBook('GT', book(5, { from: 500 }), { replace: 'true' });
    expect(replaced.job_state, JSON.stringify(replaced)).toBe('completed');
    expect(replaced.replace).toBe(true);
    expect(replaced.counts).toMatchObject({ sections: 5, added: 5, removed: 20 });
    expect(await sectionsOf('GT')).toBe(5);
  });

  it('more than 100 files are refused by the limit on files, in its own words', async () => {
    const files = Array.from({ length: 101 }, (_, k) => ({ name: `part-${k}.txt`, content: `SEC. ${k}.01.  PART ${k}.\r\nText.\r\n` }));
    const res = await upload('GT', files);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('Send at most 100 files in one import');
    const bad = await upload('GT', [{ name: 'Town.txt', content: book(3) }], { replace: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'body.replace', message: 'Send "replace" as true or false' }]);
  });
});

describe('a big import', () => {
  it('stores its sections in batches while other requests keep being answered', { timeout: 180_000 }, async () => {
    const started = await upload('BIG', [{ name: 'Big.txt', content: book(6_000) }]);
    expect(started.statusCode, started.body).toBe(202);
    // While the sections are being stored (the row's progress between 25 and 95), other requests are timed.
    const waits: number[] = [];
    const done = await settled('BIG', started.json().id, async (row) => {
      const at = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (row.progress > 25 && row.progress < 95) waits.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(done.job_state, JSON.stringify(done)).toBe('completed');
    expect(done.counts).toMatchObject({ sections: 6_000, added: 6_000 });
    // Asked many times while the book was stored; none waited for the whole book (seconds): at most a batch or two.
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThan(1_500);
  });
});
