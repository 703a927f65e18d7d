import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';
import { multipartBody } from '../../test/multipart';
import { lyingDocx } from '../../test/zips';

// Issue 29: the DOCX check trusted the sizes the zip declares. A 1 MB file whose directory lied
// took 1,078 MB through POST /api/compliance as a CLERK (18.5 s) and 800 MB more on the import
// route. Here a DOCX of about 400 KB that unpacks to 400 MB (its directory says 2,000 bytes) goes to
// every route that reads a Word document: each answers 413 in the one error shape within seconds,
// the process grows by well under 100 MB, and no row and no file is left.

const MB = 1024 * 1024;
const REFUSED = { code: 'PAYLOAD_TOO_LARGE', message: 'The Word document unpacks to more than CivicDesk accepts.' };

let t: TestApp;
let bomb: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const real = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Minutes of the regular meeting.')] }] }));
  bomb = await lyingDocx(real, 400 * MB);
}, 120_000);
afterAll(() => t?.close());

const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};

/** Sends the lying DOCX as `field` with `fields`, and measures the answer's time and the process's peak growth. */
async function send(url: string, email: string, field: string, fields: Record<string, string> = {}) {
  const form = multipartBody(fields, [{ field, filename: 'minutes.docx', content: bomb }]);
  const headers = { ...(await t.auth(email)), ...form.headers };
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url, headers, payload: form.payload });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { res, ms, grewMb: (peak - before) / MB };
}

async function expectRefused(sent: Awaited<ReturnType<typeof send>>) {
  expect(sent.res.statusCode, sent.res.body).toBe(413);
  expect(sent.res.json()).toEqual(REFUSED);
  expect(sent.ms).toBeLessThan(5_000);
  expect(sent.grewMb).toBeLessThan(100);
}

const count = async (url: string, email: string, key: string) => {
  const res = await t.app.inject({ url, headers: await t.auth(email) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()[key] as unknown[]).length;
};

describe('a DOCX whose directory lies about its sizes is refused on every route that reads one', { timeout: 60_000 }, () => {
  const clerk = () => demoEmail('CLERK');
  const admin = () => demoEmail('ADMIN');

  it('the file is small and its directory claims little', () => {
    expect(bomb.length).toBeLessThan(MB);
  });

  it('POST /api/compliance as a CLERK', async () => {
    const reports = await count('/api/compliance/history', clerk(), 'reports');
    await expectRefused(await send('/api/compliance', clerk(), 'file', { compliance_type: 'privacy' }));
    expect(await count('/api/compliance/history', clerk(), 'reports')).toBe(reports);
    expect(storedFiles()).toEqual([]);
  });

  it('POST /api/external_document', async () => {
    const documents = await count('/api/external_document?limit=100', clerk(), 'documents');
    await expectRefused(await send('/api/external_document', clerk(), 'files'));
    expect(await count('/api/external_document?limit=100', clerk(), 'documents')).toBe(documents);
    expect(storedFiles()).toEqual([]);
  });

  it('a Knowledge Assistant question with the file attached', async () => {
    await expectRefused(await send('/api/municipal_code/generate', clerk(), 'attachments', { main_user_question: 'What did the council decide?' }));
    expect(storedFiles()).toEqual([]);
  });

  it('a draft request with the file attached', async () => {
    const drafts = await count('/api/drafted_document/history', clerk(), 'documents');
    await expectRefused(await send('/api/resolution/draft', clerk(), 'attachments', { query: 'A resolution on the attached minutes' }));
    expect(await count('/api/drafted_document/history', clerk(), 'documents')).toBe(drafts);
    expect(storedFiles()).toEqual([]);
  });

  it("a city's drafting template, as an ADMIN", async () => {
    await expectRefused(await send('/api/prompt/resolution/template', admin(), 'file'));
    expect(await count('/api/prompt/resolution', admin(), 'templates')).toBe(1);
    expect(storedFiles()).toEqual([]);
  });

  it('minutes for the Summarizer', async () => {
    const summaries = await count('/api/minutes/history', clerk(), 'items');
    await expectRefused(await send('/api/minutes', clerk(), 'file'));
    expect(await count('/api/minutes/history', clerk(), 'items')).toBe(summaries);
    expect(storedFiles()).toEqual([]);
  });

  it("a city's code book and its agendas, as an ADMIN: refused at the upload, no import made", async () => {
    const imports = async () => (await t.app.inject({ url: '/api/location/DC/imports', headers: await t.auth(admin()) })).json() as unknown[];
    const before = (await imports()).length;
    for (const source of ['code', 'agendas']) {
      await expectRefused(await send('/api/location/DC/imports', admin(), 'files', { source }));
    }
    expect((await imports()).length).toBe(before);
    expect(storedFiles()).toEqual([]);
  });
});
