import { cleanText, UPLOAD_TEXT_MAX_CHARS } from '@civicdesk/contract';
import mammoth from 'mammoth';
import { AppError } from '../errors';
import type { FileKind } from './detect';
import { storedZip, type UnpackedEntry, unzip, type ZipLimits, ZipRefused } from './zip';

/** Text of an uploaded file. A file that cannot be read answers 400 with a message a clerk understands. */
export interface ExtractedText {
  text: string;
  pageCount: number | null;
  /** True when the text was cut at UPLOAD_TEXT_MAX_CHARS (a PDF's later pages are then not read at all). */
  truncated: boolean;
}

/**
 * Zip bombs (decision 014): the parts of a DOCX that are read may unpack to at most 64 MB in all,
 * and to at most 50 times the file's size (8 MB whatever the size), counted in the bytes actually
 * produced; at most 5,000 entries.
 */
export const DOCX_LIMITS: ZipLimits = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024, maxRatio: 50, minBytes: 8 * 1024 * 1024 };
/** The parts mammoth reads for the text: the XML and its relationships; pictures and embedded files are not unpacked. */
const DOCX_TEXT_PARTS = /\.(?:xml|rels)$/i;

const corrupt = (what: string) => new AppError('VALIDATION_FAILED', `The file could not be read: it looks like a damaged ${what}.`);

/**
 * The file's text, at most `maxChars` of it, cleaned by the contract's rule (no NUL, no unpaired
 * surrogate) so it can be stored.
 */
export async function extractText(kind: FileKind, bytes: Buffer, maxChars = UPLOAD_TEXT_MAX_CHARS): Promise<ExtractedText> {
  const extracted =
    kind === 'txt'
      ? { text: bytes.toString('utf8').replace(/^\uFEFF/, ''), pageCount: null }
      : kind === 'pdf'
        ? await extractPdf(bytes, maxChars)
        : await extractDocx(bytes);
  // Cleaned after the cut, so a surrogate pair cut in two does not survive as half a character.
  return { text: cleanText(extracted.text.slice(0, maxChars)), pageCount: extracted.pageCount, truncated: extracted.text.length > maxChars };
}

async function extractPdf(bytes: Buffer, maxChars: number): Promise<{ text: string; pageCount: number }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No eval, no fonts, no network: the PDF is only parsed for its text layer.
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false });
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    let length = 0;
    // Past maxChars the rest is not read: a 25 MB text-only PDF costs seconds, not minutes.
    for (let n = 1; n <= pdf.numPages && length <= maxChars; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(line.replace(/[ \t]+\n/g, '\n').trim());
      length += pages[pages.length - 1].length + 2;
      page.cleanup();
    }
    return { text: pages.join('\n\n').trim(), pageCount: pdf.numPages };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as Error)?.name === 'PasswordException') throw new AppError('VALIDATION_FAILED', 'The PDF is password-protected; upload it without a password.');
    throw corrupt('PDF');
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/** The parts of a DOCX that `wanted` names, unpacked within DOCX_LIMITS: 413 for an archive that unpacks to more, 400 for a damaged one. */
export async function docxParts(bytes: Buffer, wanted: (name: string) => boolean): Promise<UnpackedEntry[]> {
  try {
    return await unzip(bytes, DOCX_LIMITS, wanted);
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    if (err.reason === 'too-many-entries') throw new AppError('PAYLOAD_TOO_LARGE', 'The Word document holds too many parts.');
    if (err.reason === 'too-large') throw new AppError('PAYLOAD_TOO_LARGE', 'The Word document unpacks to more than CivicDesk accepts.');
    throw corrupt('Word document (DOCX)');
  }
}

/**
 * A DOCX's text parts, unpacked within DOCX_LIMITS and packed again uncompressed: what mammoth then
 * unpacks is exactly what was measured, whatever the original's directory says.
 */
export async function unpackDocx(bytes: Buffer): Promise<Buffer> {
  return storedZip(await docxParts(bytes, (name) => DOCX_TEXT_PARTS.test(name)));
}

async function extractDocx(bytes: Buffer): Promise<{ text: string; pageCount: null }> {
  const parts = await unpackDocx(bytes);
  try {
    const result = await mammoth.extractRawText({ buffer: parts });
    return { text: result.value.replace(/\n{3,}/g, '\n\n').trim(), pageCount: null };
  } catch {
    throw corrupt('Word document (DOCX)');
  }
}
