import mammoth from 'mammoth';
import { AppError } from '../errors';
import type { FileKind, ZipEntry } from './detect';

/** Text of an uploaded file. A file that cannot be read answers 400 with a message a clerk understands. */
export interface ExtractedText {
  text: string;
  pageCount: number | null;
}

/** Zip bombs: a DOCX may unpack to at most this much, in at most this many entries. */
export const DOCX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 5000;
export const DOCX_MAX_RATIO = 200;

const corrupt = (what: string) => new AppError('VALIDATION_FAILED', `The file could not be read: it looks like a damaged ${what}.`);

export async function extractText(kind: FileKind, bytes: Buffer): Promise<ExtractedText> {
  if (kind === 'txt') return { text: bytes.toString('utf8').replace(/^\uFEFF/, ''), pageCount: null };
  if (kind === 'pdf') return extractPdf(bytes);
  return extractDocx(bytes);
}

async function extractPdf(bytes: Buffer): Promise<ExtractedText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No eval, no fonts, no network: the PDF is only parsed for its text layer.
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false });
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(line.replace(/[ \t]+\n/g, '\n').trim());
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

async function extractDocx(bytes: Buffer): Promise<ExtractedText> {
  try {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return { text: result.value.replace(/\n{3,}/g, '\n\n').trim(), pageCount: null };
  } catch {
    throw corrupt('Word document (DOCX)');
  }
}
