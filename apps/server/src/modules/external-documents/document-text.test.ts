import type { ExternalDocument, SearchResponse } from '@civicdesk/contract';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT_MAX_CHARS } from '@civicdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilePart, multipartBody } from '../../test/multipart';
import { largeTextPdf, pdfWithNulInText } from '../../test/raw-pdf';
import { createSearchTestApp, type SearchTestApp } from '../search/test-city';

/**
 * The text an upload brings is stored only in a form PostgreSQL accepts (decisions 014, 021): no
 * NUL, no unpaired surrogate, and never more than its search vector can hold.
 */
let t: SearchTestApp;
beforeAll(async () => {
  t = await createSearchTestApp(['CLERK']);
});
afterAll(() => t.close());

const upload = async (files: FilePart[]) => {
  const { payload, headers } = multipartBody({}, files);
  return t.app.inject({ method: 'POST', url: '/api/external_document', payload, headers: { ...headers, ...(await t.auth(t.emails.CLERK!)) } });
};
const storedText = async (id: string) =>
  ((await t.db.execute(sql`SELECT text, length(text) AS length FROM external_documents WHERE id = ${id}`)) as unknown as { rows: { text: string; length: number }[] }).rows[0];

describe('text read from uploaded files', () => {
  it('a PDF whose text extracts with NUL characters is stored cleaned and found by its words', async () => {
    const res = await upload([{ field: 'files', filename: 'variance.pdf', content: pdfWithNulInText('zoning board variance granted') }]);
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = res.json().documents as ExternalDocument[];
    const { text } = await storedText(doc.id);
    expect(text).not.toContain('\u0000');
    expect(text).toBe('zoning board variance granted');
    const search = (await t.get('/api/search?query=variance%20granted')).json() as SearchResponse;
    expect(search.hits.map((h) => h.id)).toContain(doc.id);
  });

  it(`keeps at most ${UPLOAD_TEXT_MAX_CHARS.toLocaleString('en-US')} characters of text, says so, and keeps the whole file`, async () => {
    const prose = 'The committee reviewed the streetlight maintenance schedule and recommends approval. ';
    const content = prose.repeat(Math.ceil(1_200_000 / prose.length));
    const res = await upload([{ field: 'files', filename: 'long-minutes.txt', content }]);
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = res.json().documents as ExternalDocument[];
    expect(doc).toMatchObject({ flag: 'text truncated', has_text: true, size_bytes: Buffer.byteLength(content) });
    expect(Number((await storedText(doc.id)).length)).toBe(UPLOAD_TEXT_MAX_CHARS);
    expect((await t.get(doc.file_url)).rawPayload.length).toBe(Buffer.byteLength(content));
  });

  it('text whose search vector would pass 1 MB (hundreds of thousands of distinct words) is cut to fit, not answered 500', async () => {
    const words: string[] = [];
    for (let i = 0, length = 0; length < 900_000; i++) {
      words.push(`w${(i * 7919).toString(36)}q${i.toString(36)}`);
      length += words[words.length - 1].length + 1;
    }
    const content = `ledger opening ${words.join(' ')}`;
    const res = await upload([{ field: 'files', filename: 'ledger.txt', content }]);
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = res.json().documents as ExternalDocument[];
    expect(doc.flag).toBe('text truncated');
    const stored = await storedText(doc.id);
    expect(Number(stored.length)).toBeLessThan(content.length);
    expect(content.startsWith(stored.text)).toBe(true);
    const search = (await t.get('/api/search?query=ledger%20opening')).json() as SearchResponse;
    expect(search.hits.map((h) => h.id)).toContain(doc.id);
  });

  it('a text-only PDF just under 25 MB is stored with a clear answer: its first part searchable, every page counted', async () => {
    const pdf = largeTextPdf(24);
    expect(pdf.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect(pdf.length).toBeGreaterThan(20 * 1024 * 1024);
    const res = await upload([{ field: 'files', filename: 'appropriations.pdf', content: pdf }]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const [doc] = res.json().documents as ExternalDocument[];
    expect(doc).toMatchObject({ flag: 'text truncated', has_text: true, content_type: 'application/pdf' });
    expect(doc.page_count).toBeGreaterThan(2000);
    expect(Number((await storedText(doc.id)).length)).toBeLessThanOrEqual(UPLOAD_TEXT_MAX_CHARS);
  }, 120_000);
});
