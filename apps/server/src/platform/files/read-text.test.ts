import { Document, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { readUploadText } from './read-text';

/**
 * A large upload's PDF or DOCX is read in a worker thread within its limits (issue 29): what a user
 * sees is the text, or the reader's own refusal with its code (a damaged file stays a 400), or, past
 * the thread's memory or time, a 413 in words; the server goes on either way.
 */
const docx = async (paragraphs: string[]) => Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] })));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => err);

describe('reading an upload’s text off the request’s thread', () => {
  it('answers a Word document’s text, small or large', async () => {
    const read = await readUploadText('docx', await docx(['Snow shall be removed within 24 hours.', 'A fine of $50 applies.']));
    expect(read.text).toBe('Snow shall be removed within 24 hours.\n\nA fine of $50 applies.');
  });

  it('keeps the reader’s own refusal, from the thread too: a damaged Word document is a 400, not a 500', async () => {
    const damaged = (await docx(['Text'])).subarray(0, 300);
    expect(await refusal(readUploadText('docx', damaged))).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    // A PDF past the size read inline, whose bytes are no PDF: the thread's refusal crosses as the same AppError.
    const notAPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    const err = await refusal(readUploadText('pdf', notAPdf));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  });

  it('refuses with 413 a document that needs more time or memory than one document may have', async () => {
    const large = await docx(Array.from({ length: 20_000 }, (_, k) => `Section ${k}. The owner of a parcel shall clear the sidewalk of snow within 24 hours of a storm.`));
    const slow = await refusal(readUploadText('docx', large, undefined, { timeoutMs: 50 }));
    expect(slow).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The document needs more time to read than CivicDesk gives one document; split it into smaller files.' });
    const heavy = await refusal(readUploadText('docx', large, undefined, { maxHeapMb: 24 }));
    expect(heavy).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The document needs more memory to read than CivicDesk gives one document; split it into smaller files.' });
    // Within the limits, the same document is read whole.
    const whole = await readUploadText('docx', large);
    expect(whole.text).toContain('Section 9999. The owner of a parcel');
  }, 60_000);
});
