import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { ExternalDocument, SearchResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilePart, multipartBody } from '../../test/multipart';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK']);
});
afterAll(() => t.close());

async function pdfWith(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 700 - i * 20, font, size: 12 }));
  return Buffer.from(await doc.save());
}
/** A "scanned" page: drawn shapes, no text layer. */
async function scannedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawRectangle({ x: 40, y: 40, width: 300, height: 400, color: rgb(0.6, 0.6, 0.6) });
  return Buffer.from(await doc.save());
}
async function docxWith(text: string): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));
}

const upload = async (files: FilePart[], fields: Record<string, string> = {}, email = t.emails.CLERK!, query = '') => {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: `/api/external_document${query}`, payload, headers: { ...headers, ...(await t.auth(email)) } });
};
const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};
const listed = async (email = t.emails.CLERK!) => (await t.get('/api/external_document?limit=100', email)).json().documents as ExternalDocument[];

describe('POST /api/external_document', () => {
  it('stores a PDF, extracts its text, makes it searchable at once and serves it inline', async () => {
    const res = await upload([{ field: 'files', filename: 'Snowplow contract.pdf', content: await pdfWith(['Agreement for snowplow services.', 'The vendor clears arterial streets within 6 hours.']) }], { document_type: 'RESOLUTION' });
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = res.json().documents as ExternalDocument[];
    expect(doc).toMatchObject({ filename: 'Snowplow contract.pdf', title: 'Snowplow contract', has_text: true, flag: null, content_type: 'application/pdf', document_type: 'RESOLUTION', page_count: 1, status: 'CREATED' });
    const search = (await t.get('/api/search?query=snowplow%20arterial')).json() as SearchResponse;
    expect(search.hits[0]).toMatchObject({ id: doc.id, source: 'external_document', document_type: 'RESOLUTION' });
    expect(search.hits[0].snippet).toContain('<mark>');
    const file = await t.get(doc.file_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="Snowplow contract.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reads DOCX and TXT; an upload without a type is a DOCUMENT', async () => {
    const res = await upload([
      { field: 'files', filename: 'memo.docx', content: await docxWith('Memo on the zamboni rink schedule for winter.') },
      { field: 'files', filename: 'notes.txt', content: 'Notes: the gazebo repairs start in May.' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const docs = res.json().documents as ExternalDocument[];
    expect(docs.map((d) => [d.content_type, d.display_type, d.document_type])).toEqual([
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCUMENT', null],
      ['text/plain; charset=utf-8', 'DOCUMENT', null],
    ]);
    const zamboni = (await t.get('/api/search?query=zamboni')).json() as SearchResponse;
    expect(zamboni.hits.map((h) => [h.id, h.document_type])).toEqual([[docs[0].id, 'DOCUMENT']]);
    const typo = (await t.get('/api/search?query=gazbeo')).json() as SearchResponse;
    expect(typo.hits[0].id).toBe(docs[1].id);
    const txt = await t.get(docs[1].file_url);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body).toBe('Notes: the gazebo repairs start in May.');
  });

  it('stores a scanned PDF without a text layer and flags it "no text"', async () => {
    const res = await upload([{ field: 'files', filename: 'scan.pdf', content: await scannedPdf() }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().documents[0]).toMatchObject({ has_text: false, flag: 'no text', status: 'NO_DATAS' });
  });

  it('answers 413 to a file over 25 MB and leaves nothing behind', async () => {
    const before = { files: storedFiles().length, rows: (await listed()).length };
    const res = await upload([{ field: 'files', filename: 'big.txt', content: Buffer.alloc(25 * 1024 * 1024 + 10, 'a') }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles().length).toBe(before.files);
    expect((await listed()).length).toBe(before.rows);
  });

  it('answers 415 to a wrong or disguised type', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.alloc(64)]);
    for (const file of [
      { field: 'files', filename: 'photo.png', content: png },
      { field: 'files', filename: 'photo.pdf', content: png },
      { field: 'files', filename: 'notes.pdf', content: 'plain text pretending to be a PDF' },
      { field: 'files', filename: 'tool.exe', content: 'MZ just text' },
    ]) {
      const res = await upload([file]);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/external_document', payload: { files: [] }, headers: await t.auth(t.emails.CLERK!) });
    expect(json.statusCode).toBe(415);
  });

  it('answers 400 with a clear message to a corrupt PDF or DOCX', async () => {
    const pdf = await upload([{ field: 'files', filename: 'broken.pdf', content: '%PDF-1.7\nthis is not a pdf body at all' }]);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/damaged PDF/) });
    const docx = await docxWith('Truncated');
    const broken = await upload([{ field: 'files', filename: 'broken.docx', content: docx.subarray(0, docx.length - 200) }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/damaged Word document/);
    expect((await upload([])).statusCode).toBe(400);
  });

  it('keeps nothing of a request whose second file fails', async () => {
    const before = { files: storedFiles().length, rows: (await listed()).length };
    const res = await upload([
      { field: 'files', filename: 'good.txt', content: 'A perfectly good note about hydrants.' },
      { field: 'files', filename: 'bad.pdf', content: '%PDF-1.4 broken' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before.files);
    expect((await listed()).length).toBe(before.rows);
    expect(((await t.get('/api/search?query=hydrants')).json() as SearchResponse).total).toBe(0);
  });
});

describe('GET /api/external_document and DELETE', () => {
  it('pages 10 at a time by updated_at, newest first; page and skip agree', async () => {
    for (let i = 0; i < 11; i++) await upload([{ field: 'files', filename: `note-${i}.txt`, content: `Note number ${i}` }]);
    const first = (await t.get('/api/external_document')).json();
    expect(first).toMatchObject({ limit: 10, page: 1, skip: 0, sort_by: 'updated_at', sort_order: -1 });
    expect(first.documents).toHaveLength(10);
    const stamps = first.documents.map((d: ExternalDocument) => d.updated_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const byPage = (await t.get('/api/external_document?page=2')).json();
    const bySkip = (await t.get('/api/external_document?skip=10')).json();
    expect(byPage.documents.map((d: ExternalDocument) => d.id)).toEqual(bySkip.documents.map((d: ExternalDocument) => d.id));
    expect(byPage.page).toBe(2);
    const ascending = (await t.get('/api/external_document?sort_by=title&sort_order=1&limit=100')).json().documents.map((d: ExternalDocument) => d.title);
    expect(ascending).toEqual([...ascending].sort());
    const resolutions = (await t.get('/api/external_document?document_type=RESOLUTION')).json();
    expect(resolutions.documents.every((d: ExternalDocument) => d.document_type === 'RESOLUTION')).toBe(true);
    expect(resolutions.total).toBe(1);
  });

  it('keeps each city to its own documents and files', async () => {
    const mine = await listed();
    expect(mine.length).toBeGreaterThan(0);
    expect(await listed(t.otherTownEmail)).toEqual([]);
    const res = await t.get(mine[0].file_url.replace(/&city_code=EX/, ''), t.otherTownEmail);
    expect(res.statusCode).toBe(404);
    expect((await t.get(`/api/file?filename=${mine[0].file_name}&city_code=EX`, t.otherTownEmail)).statusCode).toBe(404);
    expect((await t.get('/api/file?filename=../../jwt-secret')).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/external_document/${mine[0].id}`, headers: await t.auth(t.otherTownEmail) });
    expect(del.statusCode).toBe(404);
    expect((await t.get('/api/external_document?city_code=EX', t.otherTownEmail)).statusCode).toBe(404);
  });

  it('deletes a document with its file', async () => {
    const [doc] = await listed();
    const filesBefore = storedFiles().length;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/external_document/${doc.id}`, headers: await t.auth(t.emails.CLERK!) });
    expect(res.json()).toEqual({ success: true, id: doc.id });
    expect(storedFiles().length).toBe(filesBefore - 1);
    expect((await t.get(doc.file_url)).statusCode).toBe(404);
    expect((await listed()).some((d) => d.id === doc.id)).toBe(false);
  });
});
