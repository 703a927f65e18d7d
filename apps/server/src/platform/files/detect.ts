import { readZipDirectory } from './zip';

/**
 * What a file really is, from its bytes (never from its name or the browser's content type):
 * PDF starts with "%PDF-"; DOCX is a zip whose central directory lists word/document.xml;
 * TXT is valid UTF-8 without NUL bytes.
 */
export type FileKind = 'pdf' | 'docx' | 'txt';
/** What a stored upload is: a document, or (a city's code book only) a zip archive of its files. */
export type StoredKind = FileKind | 'zip';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function detectKind(bytes: Buffer): FileKind | 'zip' | null {
  if (bytes.subarray(0, 1024).includes(PDF_MAGIC) && bytes.subarray(0, 5).equals(PDF_MAGIC)) return 'pdf';
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (isUtf8Text(bytes)) return 'txt';
  return null;
}

export function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The names in a zip's central directory, checked (zip.ts) but nothing unpacked: enough to tell a
 * DOCX (it lists word/document.xml) from any other zip. Null when the structure is broken. Sizes
 * play no part: what an archive unpacks to is measured only by unpacking it within a budget.
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  try {
    return readZipDirectory(bytes).map((e) => e.name);
  } catch {
    return null;
  }
}
