import type { GenerateResponse } from '@civicdesk/contract';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipartBody, type FilePart } from '../../test/multipart';

/** Questions with attached documents, sent as a browser sends the form (multipart). */
let t: TestApp;
const CLERK = 'clerk@example.test';
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const ex = await seedExampleCity(t.db);
  await createUser(t.db, { email: CLERK, role: 'CLERK', ...ex });
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Lease of the Elm Street garage.', { x: 50, y: 740, size: 12, font });
  page.drawText('The tenant shall pay a monthly rent of 2,400 dollars on the first day of each month.', { x: 50, y: 720, size: 10, font });
  pdf = Buffer.from(await doc.save());
});
afterAll(() => t.close());

async function ask(fields: Record<string, string>, files: FilePart[]) {
  const { payload, headers } = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: { ...(await t.auth(CLERK)), ...headers }, payload });
}

describe('attachments', () => {
  it('reads an attached PDF and cites it as the uploaded document', async () => {
    const res = await ask({ main_user_question: 'What monthly rent does the tenant pay?', enable_municipal_code_search: 'false' }, [
      { field: 'attachments', filename: 'garage-lease.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const answer: GenerateResponse = res.json();
    expect(answer.codes).toEqual([]);
    expect(answer.documents).toEqual([expect.objectContaining({ kind: 'attachment', name: 'garage-lease.pdf', has_text: true })]);
    expect(answer.analysis.citations[0]).toMatchObject({ kind: 'document', number: 'garage-lease.pdf', status: 'document', verified: true });
    expect(answer.analysis.citations[0].quote).toContain('2,400 dollars');
    // Attachments are read for the question and not kept.
    const files = path.join(t.config.dataDir, 'files');
    const left = existsSync(files) ? readdirSync(files, { recursive: true }).filter((f) => !String(f).match(/^[^/]+$/)) : [];
    expect(left).toEqual([]);
  });

  it('uses the code and the attachment together', async () => {
    const res = await ask({ main_user_question: 'How many working days to answer a records request?' }, [
      { field: 'attachments', filename: 'notes.txt', content: 'Internal note: the records officer is Dana Smith.', contentType: 'text/plain' },
    ]);
    const answer: GenerateResponse = res.json();
    expect(answer.analysis.citations[0].number).toBe('§ 1-101');
    expect(answer.metadata.total_documents_found).toBe(1);
  });

  it('refuses a disguised file and too many files', async () => {
    const disguised = await ask({ main_user_question: 'Rent?' }, [{ field: 'attachments', filename: 'lease.pdf', content: 'just text, not a PDF', contentType: 'application/pdf' }]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const many = await ask(
      { main_user_question: 'Rent?' },
      Array.from({ length: 6 }, (_, i) => ({ field: 'attachments', filename: `n${i}.txt`, content: 'a note', contentType: 'text/plain' })),
    );
    expect(many.statusCode).toBe(413);
  });

  it('validates the form fields like a JSON body', async () => {
    const res = await ask({ main_user_question: '' }, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('body.main_user_question');
  });
});
