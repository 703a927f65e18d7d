import type { SectionStatus } from '@civicdesk/contract';
// Runs in a worker thread (runInWorker('city-import-reader', …)), within the limits of heap and time
// that platform/workers/tasks.ts gives it: the files a city's import stored, read from disk here (the
// main thread never holds them): a code book's sections written to a spool file, one JSON line each,
// for the import job to store a batch at a time (only a summary comes back); agenda and minutes
// documents read for their meetings and items. PDF and DOCX text is extracted here too.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { detectKind, type StoredKind } from '../../platform/files/detect';
import { unzip, zipBudget, ZipRefused, type ZipLimits } from '../../platform/files/zip';
import { CODE_BOOK_TOTAL_MAX_BYTES } from '@civicdesk/contract';
import { extractText } from '../../platform/files/extract';
import type { CodeSectionRecord } from '../../imports/records';
import { type AgendaDocumentReading, NO_TEXT_LAYER, readAgendaDocument } from './agenda-documents';
import { MIN_CHARS_PER_PAGE, nonSpaceCount } from './agenda-documents/lines';
import { type LegislationFileReading, readLegislationDocument } from './legislation-files';
import { type CodeBookFile, type CodeBookProblem, type CodeBookReading, type CodeBookSection, readCodeBook } from './code-book';

export interface ImportedFile {
  name: string;
  kind: StoredKind;
  path: string;
}

export interface CodeBookThreadInput {
  files: ImportedFile[];
  cityCode: string;
  /** Where the sections go, one JSON line each (CodeSectionRecord). */
  spool: string;
}

export interface SpooledCodeBook {
  counts: CodeBookReading['counts'] & { problems_not_listed?: number; copies_read_once?: number };
  /** The first problems; the rest are counted. */
  problems: CodeBookProblem[];
  preview: { number: string; title: string; path: string; status: SectionStatus; text: string }[];
  /** Every section's id, in the book's order (what the import will store). */
  ids: string[];
}

const PROBLEMS_KEPT = 500;
const PREVIEW_SECTIONS = 10;
/** A code book's whole text, however long (the largest published codes run to some 20 million characters). */
const CODE_BOOK_TEXT_MAX_CHARS = 40_000_000;
/** An agenda, minutes or legislation document's text. */
const AGENDA_TEXT_MAX_CHARS = 10_000_000;

/** The reader's section as the location's code stores it. */
export const sectionRecord = (s: CodeBookSection): CodeSectionRecord => ({
  id: s.id,
  number: s.number,
  title: s.title,
  title_number: s.title_number.slice(0, 20) || '-',
  title_name: s.title_name,
  chapter: s.chapter,
  chapter_title: s.chapter_title,
  subchapter: s.subchapter,
  subchapter_title: s.subchapter_title,
  path: s.path,
  status: s.status,
  text: s.text,
  source_url: s.source_url,
  history: s.history,
});

/**
 * A code book's zip archive (decision 041): the entries a book is made of (text, HTML, XML, PDF,
 * DOCX), unpacked within the import's budget of bytes produced, never what the archive declares.
 */
export const CODE_BOOK_ZIP_LIMITS: ZipLimits = { maxEntries: 20_000, maxBytes: CODE_BOOK_TOTAL_MAX_BYTES, maxRatio: 100, minBytes: 8 * 1024 * 1024 };
const BOOK_ENTRY = /\.(?:txt|text|md|xml|html?|xhtml|pdf|docx)$/i;
/** Operating systems' own files in an archive, never the book's. */
const SYSTEM_ENTRY = /(?:^|\/)(?:__MACOSX\/|\.DS_Store$|Thumbs\.db$|\._)/;

/** A file's bytes as the reader takes them: text, HTML and XML as they came; a PDF's or DOCX's text, extracted here, off the main thread. */
async function readableBytes(name: string, bytes: Buffer, problems: CodeBookProblem[]): Promise<CodeBookFile | null> {
  const kind = detectKind(bytes.subarray(0, 1024));
  if (kind !== 'pdf' && kind !== 'zip') return { name, bytes };
  try {
    const { text } = await extractText(kind === 'pdf' ? 'pdf' : 'docx', bytes, CODE_BOOK_TEXT_MAX_CHARS);
    return { name: `${name}.txt`, bytes: Buffer.from(text, 'utf8') };
  } catch (err) {
    problems.push({ file: name, where: 'file', message: `not read: ${err instanceof Error ? err.message : String(err)}` });
    return null;
  }
}

/** The book's files in one stored file: itself, or a zip archive's entries in the archive's order. */
async function bookFiles(file: ImportedFile, problems: CodeBookProblem[]): Promise<CodeBookFile[]> {
  const bytes = readFileSync(file.path);
  if (file.kind !== 'zip') {
    const one = file.kind === 'txt' ? { name: file.name, bytes } : await readableBytes(file.name, bytes, problems);
    return one ? [one] : [];
  }
  let entries;
  try {
    entries = await unzip(bytes, CODE_BOOK_ZIP_LIMITS, (name) => BOOK_ENTRY.test(name) && !SYSTEM_ENTRY.test(name));
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    const why = err.reason === 'too-large' ? `it unpacks to more than an archive of its size may (${Math.round(zipBudget(bytes.length, CODE_BOOK_ZIP_LIMITS) / 1024 / 1024)} MB)` : err.reason === 'too-many-entries' ? `it holds more than ${CODE_BOOK_ZIP_LIMITS.maxEntries.toLocaleString('en-US')} files` : 'it is damaged';
    problems.push({ file: file.name, where: 'file', message: `not read: ${why}` });
    return [];
  }
  const out: CodeBookFile[] = [];
  for (const entry of entries) {
    const read = await readableBytes(`${file.name}/${entry.name}`, entry.data, problems);
    if (read) out.push(read);
  }
  return out;
}

/**
 * Files whose bytes are another's (a website mirror keeps many pages under two names): read once, so
 * no section is stored twice; counted, with one example, not listed one by one.
 */
function withoutCopies(files: CodeBookFile[], problems: CodeBookProblem[]): { files: CodeBookFile[]; copies: number } {
  const seen = new Map<string, string>();
  const kept: CodeBookFile[] = [];
  let example: [string, string] | null = null;
  for (const f of files) {
    const hash = createHash('sha256').update(f.bytes).digest('hex');
    const first = seen.get(hash);
    if (first === undefined) {
      seen.set(hash, f.name);
      kept.push(f);
    } else example ??= [f.name, first];
  }
  const copies = files.length - kept.length;
  if (example) problems.push({ file: example[0], where: 'file', message: `${copies.toLocaleString('en-US')} file${copies === 1 ? ' is a copy' : 's are copies'} of another file's bytes (this one of ${example[1]}); each was read once` });
  return { files: kept, copies };
}

function spool(path: string, sections: CodeBookSection[]) {
  const fd = openSync(path, 'w', 0o600);
  try {
    let chunk = '';
    for (const s of sections) {
      chunk += `${JSON.stringify(sectionRecord(s))}\n`;
      if (chunk.length > 1 << 20) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    if (chunk) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

export async function readCodeBookFiles(input: CodeBookThreadInput): Promise<SpooledCodeBook> {
  const unread: CodeBookProblem[] = [];
  const all: CodeBookFile[] = [];
  for (const f of input.files) all.push(...(await bookFiles(f, unread)));
  const { files, copies } = withoutCopies(all, unread);
  all.length = 0;
  const reading = readCodeBook(files, { cityCode: input.cityCode });
  files.length = 0;
  spool(input.spool, reading.sections);
  const problems = [...unread, ...reading.problems];
  return {
    counts: { ...reading.counts, ...(copies ? { copies_read_once: copies } : {}), ...(problems.length > PROBLEMS_KEPT ? { problems_not_listed: problems.length - PROBLEMS_KEPT } : {}) },
    problems: problems.slice(0, PROBLEMS_KEPT),
    preview: reading.sections.slice(0, PREVIEW_SECTIONS).map((s) => ({ number: s.number, title: s.title, path: s.path, status: s.status, text: s.text.slice(0, 400) })),
    ids: reading.sections.map((s) => s.id),
  };
}

/** A zip archive is read as a code book's files only. */
const ZIP_NOT_HERE = 'not read: a zip archive is read only as a code book; send the documents themselves';

/**
 * Each document of an agenda or legislation import read by `read` from its text (a PDF's or DOCX's
 * extracted here, off the main thread), or `unread` with why it could not be: a zip archive (a code
 * book's only), a file that cannot be opened.
 */
async function readDocuments<R>(files: ImportedFile[], read: (name: string, extracted: { text: string; pageCount: number | null }) => R, unread: (name: string, message: string) => R): Promise<R[]> {
  const readings: R[] = [];
  for (const f of files) {
    if (f.kind === 'zip') {
      readings.push(unread(f.name, ZIP_NOT_HERE));
      continue;
    }
    const bytes = readFileSync(f.path);
    try {
      const extracted = f.kind === 'txt' ? { text: bytes.toString('utf8'), pageCount: null } : await extractText(f.kind, bytes, AGENDA_TEXT_MAX_CHARS);
      readings.push(read(f.name, extracted));
    } catch (err) {
      readings.push(unread(f.name, `not read: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
  return readings;
}

/** Each agenda or minutes document's meeting and numbered items (or why none could be read). */
export function readAgendaFiles(input: { files: ImportedFile[] }): Promise<AgendaDocumentReading[]> {
  return readDocuments(
    input.files,
    (name, { text, pageCount }) => readAgendaDocument({ name, text, pageCount }),
    (name, message) => ({ meeting: null, items: [], problems: [{ file: name, where: 'file', message }] }),
  );
}

/** A city's legislation files: each file's measures (or why none could be read). */
export function readLegislationFiles(input: { files: ImportedFile[] }): Promise<LegislationFileReading[]> {
  const unread = (name: string, message: string): LegislationFileReading => ({ measures: [], problems: [{ file: name, where: 'file', message }] });
  return readDocuments(
    input.files,
    // A scan has pages but no words: said as such, not as a file without measures.
    (name, { text, pageCount }) => (pageCount && nonSpaceCount(text) < MIN_CHARS_PER_PAGE * pageCount ? unread(name, NO_TEXT_LAYER) : readLegislationDocument({ name, text })),
    unread,
  );
}
