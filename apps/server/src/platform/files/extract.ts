import { cleanText, UPLOAD_TEXT_MAX_CHARS } from '@civicdesk/contract';
import mammoth from 'mammoth';
import { AppError } from '../errors';
import type { FileKind, ZipEntry } from './detect';

/** Text of an uploaded file. A file that cannot be read answers 400 with a message a clerk understands. */
export interface ExtractedText {
  text: string;
  pageCount: number | null;
  /** True when the text was cut at UPLOAD_TEXT_MAX_CHARS (a PDF's later pages are then not read at all). */
  truncated: boolean;
}

/** Zip bombs: a DOCX may unpack to at most this much, in at most this many entries. */
export const DOCX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 5000;
export const DOCX_MAX_RATIO = 200;

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

export function checkDocxEntries(entries: ZipEntry[] | null): void {
  if (!entries) throw corrupt('Word document (DOCX)');
  if (entries.length > DOCX_MAX_ENTRIES) throw new AppError('PAYLOAD_TOO_LARGE', 'The Word document holds too many parts.');
  const unpacked = entries.reduce((n, e) => n + e.uncompressedSize, 0);
  const worstRatio = Math.max(...entries.map((e) => (e.compressedSize ? e.uncompressedSize / e.compressedSize : 0)));
  if (unpacked > DOCX_MAX_UNPACKED_BYTES || worstRatio > DOCX_MAX_RATIO) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The Word document unpacks to more than CivicDesk accepts.');
  }
}

async function extractDocx(bytes: Buffer): Promise<{ text: string; pageCount: null }> {
  try {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return { text: result.value.replace(/\n{3,}/g, '\n\n').trim(), pageCount: null };
  } catch {
    throw corrupt('Word document (DOCX)');
  }
}
