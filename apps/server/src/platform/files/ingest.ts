import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { cleanText, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '@civicdesk/contract';
import { AppError } from '../errors';
import { detectKind, type FileKind, type StoredKind, zipEntryNames } from './detect';
import { unpackDocx } from './extract';
import { readUploadText } from './read-text';
import { filesRoot } from './store';

/**
 * The one way an uploaded file enters CivicDesk (external documents, Knowledge Assistant
 * attachments, compliance files): streamed to a temporary name under DATA_DIR/files/<location>/
 * with the size limit enforced while streaming, typed by its bytes, text extracted, and only then
 * renamed to its final name. The caller then writes its database row, or `discard`s the file when
 * anything fails, so a failed upload leaves no row and no file behind. Once stored, a file is read,
 * served and removed through the file store (store.ts). A process killed midway
 * (decision 029) leaves at worst a file that no row names, which nobody lists or serves, never a
 * row without its file; a temporary file it left is removed by the next upload into that folder.
 */
export interface IngestedFile {
  id: string;
  /** Relative to DATA_DIR/files: "<locationId>/<id>.<ext>". */
  storageKey: string;
  /** The name served by GET /file?filename=: "<id>.<ext>". */
  storedName: string;
  originalName: string;
  kind: StoredKind;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  text: string;
  /** The text was cut at UPLOAD_TEXT_MAX_CHARS. */
  textTruncated: boolean;
  hasText: boolean;
  pageCount: number | null;
  tempPath: string;
  finalPath: string;
}

const EXTENSIONS: Record<StoredKind, string> = { pdf: 'pdf', docx: 'docx', txt: 'txt', zip: 'zip' };
const NAME_KINDS: Record<string, FileKind> = { pdf: 'pdf', docx: 'docx', txt: 'txt', text: 'txt', md: 'txt' };


/** A name safe to store and show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = cleanText(base).replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200);
  return cleaned || 'document';
}

/**
 * `codeBook`: a city's published files (issue 21), read later by its import's job, which decodes
 * text in any common encoding itself: any text file (UTF-8, UTF-16 with a byte-order mark,
 * Windows-1252), HTML or XML is kept as it came (kind txt); a PDF or DOCX is typed by its bytes here
 * and its text extracted by the job.
 */
export async function ingestUpload(part: MultipartFile, opts: { dataDir: string; locationId: string; maxBytes?: number; codeBook?: boolean }): Promise<IngestedFile> {
  const maxBytes = opts.maxBytes ?? UPLOAD_MAX_BYTES;
  const id = randomUUID();
  const dir = path.join(filesRoot(opts.dataDir), opts.locationId);
  await mkdir(dir, { recursive: true });
  await sweepOnce(dir);
  const tempPath = path.join(dir, `.upload-${id}`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
    if (part.file.truncated) throw tooLarge(maxBytes);
    // A city's text file (up to 50 MB) is typed by its first bytes and read by the import's job: not held here.
    const bytes = opts.codeBook ? await codeBookBytes(tempPath) : await readFile(tempPath);
    const originalName = cleanFileName(part.filename);
    const kind = opts.codeBook ? codeBookKindOf(bytes, originalName) : kindOf(bytes, originalName);
    // A city's DOCX is read later by its import's job: unpacked here once within the limits, so a zip bomb is refused at the upload.
    if (opts.codeBook && kind === 'docx') await unpackDocx(bytes);
    // A city's files are read by its import's job, in a worker thread within its limits: not here, on the request's thread.
    const extracted = opts.codeBook || kind === 'zip' ? { text: '', truncated: false, pageCount: null } : await readUploadText(kind, bytes);
    const storedName = `${id}.${EXTENSIONS[kind]}`;
    const finalPath = path.join(dir, storedName);
    // The file is whole and read before any row may name it.
    await rename(tempPath, finalPath);
    return {
      id,
      storageKey: `${opts.locationId}/${storedName}`,
      storedName,
      originalName,
      kind,
      contentType: UPLOAD_CONTENT_TYPES[kind],
      sizeBytes: size,
      sha256: hash.digest('hex'),
      text: extracted.text,
      textTruncated: extracted.truncated,
      hasText: /[\p{L}\p{N}]/u.test(extracted.text),
      pageCount: extracted.pageCount,
      tempPath,
      finalPath,
    };
  } catch (err) {
    await rm(tempPath, { force: true });
    // Drain what is left of this part so the request can end and the answer go out.
    part.file.resume();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw err;
  }
}

function tooLarge(maxBytes: number) {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
}

/** The type by magic bytes; the name's extension, when it has one, must agree (else it is disguised). */
function kindOf(bytes: Buffer, name: string): FileKind {
  const detected = detectKind(bytes);
  let kind: FileKind | null = detected === 'zip' ? null : detected;
  if (detected === 'zip') {
    // The directory tells a DOCX; what it unpacks to is measured by unpacking it (extract.ts), never read from it.
    const names = zipEntryNames(bytes);
    if (names?.includes('word/document.xml')) kind = 'docx';
    else if (/\.docx$/i.test(name)) throw new AppError('VALIDATION_FAILED', 'The file could not be read: it looks like a damaged Word document (DOCX).');
  }
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase();
  const named = extension ? NAME_KINDS[extension] : undefined;
  if (!kind || (extension && named !== kind)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF, Word (DOCX) and plain text (TXT) files are accepted, and the file must be what its name says.');
  }
  return kind;
}

const CODE_BOOK_TEXT_NAMES = /\.(?:txt|text|md|xml|html?|xhtml)$/i;
export { CODE_BOOK_TEXT_NAMES };
/** What a code book's file is typed from: its first 64 KB, or the whole file when they say PDF or zip (DOCX), whose structure is checked. */
const CODE_BOOK_SNIFF_BYTES = 64 * 1024;

async function codeBookBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(CODE_BOOK_SNIFF_BYTES), 0, CODE_BOOK_SNIFF_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    const kind = detectKind(head.subarray(0, 1024));
    return kind === 'pdf' || kind === 'zip' ? await readFile(file) : head;
  } finally {
    await handle.close();
  }
}

/**
 * A code book's file: a PDF or DOCX by its bytes, a zip archive of the book's files (a city that
 * publishes thousands of pages: its directory checked here, its entries unpacked by the import's job
 * within the import's budget), else text of any common encoding named as text, HTML or XML.
 */
function codeBookKindOf(bytes: Buffer, name: string): StoredKind {
  const detected = detectKind(bytes);
  if (detected === 'zip' && /\.zip$/i.test(name)) {
    if (!zipEntryNames(bytes)) throw new AppError('VALIDATION_FAILED', 'The file could not be read: it looks like a damaged zip archive.');
    return 'zip';
  }
  if (detected === 'pdf' || detected === 'zip') return kindOf(bytes, name);
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const binary = !utf16 && bytes.subarray(0, 64 * 1024).includes(0);
  if (binary || (/\.[A-Za-z0-9]{1,8}$/.test(name) && !CODE_BOOK_TEXT_NAMES.test(name))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A code book is accepted as plain text, HTML, XML, Word (DOCX) or PDF, and the file must be what its name says.');
  }
  return 'txt';
}

export async function discardUpload(file: Pick<IngestedFile, 'tempPath' | 'finalPath'>) {
  await rm(file.tempPath, { force: true });
  await rm(file.finalPath, { force: true });
}

/**
 * A temporary upload untouched this long belongs to a process that died mid-upload (one alive writes
 * as the bytes arrive and finishes within seconds of the last): removed, once per folder and process.
 */
const ABANDONED_UPLOAD_MS = 60 * 60_000;
const sweptFolders = new Set<string>();

async function sweepOnce(dir: string) {
  if (sweptFolders.has(dir)) return;
  sweptFolders.add(dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - ABANDONED_UPLOAD_MS;
  for (const name of names.filter((n) => n.startsWith('.upload-'))) {
    const file = path.join(dir, name);
    const modified = await stat(file).then((s) => s.mtimeMs).catch(() => Infinity);
    if (modified < cutoff) await rm(file, { force: true });
  }
}
