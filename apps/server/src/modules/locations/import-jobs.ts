import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context';
import type { IngestedFile } from '../../platform/files/ingest';
import { fileStore } from '../../platform/files/store';
import { announceImport } from '../../platform/imports-announce';
import { allowedHosts } from '../../platform/outbound/address';
import { forgetLocationScope } from '../../platform/tenancy';
import { WorkerLimitError, runInWorker } from '../../platform/workers/run';
import { restAfter } from '../../platform/workers/slices';
import { planCodeBook, storeCodeBook, CODE_BOOK_BATCH } from '../../imports/code-book';
import { linkItemsToMeasures, type MeetingRecords, writeMeetingRecords } from '../../imports/import-city';
import { jsonlBatches } from '../../imports/jsonl';
import { type Progress, silentProgress } from '../../imports/progress';
import type { CodeSectionRecord } from '../../imports/records';
import { type AgendaDocumentReading, NO_TEXT_LAYER, readAgendaDocument } from './agenda-documents';
import type { OcrResult } from '../../platform/files/ocr';
import { type ReadScan, readScanFile } from '../../platform/files/ocr/job';
import { OCR_LOW_CONFIDENCE } from '../../platform/files/ocr';
import { CODE_VECTORS_JOB, defineCodeVectorsJob } from './code-vectors';
import type { ImportedFile, SpooledCodeBook } from './import-thread';
import { type LegislationFileReading, readLegislationDocument } from './legislation-files';
import { LegistarError, legistarClient, readLegistar } from './legistar';
import * as repo from './repo';

/**
 * The jobs of a city's imports (issue 21, decision 033), on the one queue: the request answered 202
 * at once; the job reads the files in a worker thread within its limits of heap and time, stores
 * what it read a batch at a time, and tells every server process to rebuild the city's indexes.
 * Imports of different cities run side by side (a few per process); two of one city run one after
 * the other (database.exclusively). Nobody else's request waits on them.
 */
export const LOCATION_IMPORT_JOB = 'location-import';
/** The scheduled refresh of a city's Legistar feed: it starts a new import of the feed, then the next refresh is scheduled. */
export const LOCATION_FEED_JOB = 'location-feed-refresh';
/** A Legistar feed is read again once a day. */
export const FEED_REFRESH_SECONDS = 24 * 60 * 60;
/** The refresh reads from a fortnight before the latest meeting it saw: minutes and votes are added after the meeting. */
const FEED_OVERLAP_DAYS = 14;
/** Imports one process runs at once (of different cities). */
const IMPORTS_AT_ONCE = 3;
/** A run cut off this many times (its process stopped) is not begun again: the input may be what stops it. */
const MAX_RUNS = 2;
const PREVIEW_ITEMS = 10;
/** More than this share of the city's sections removed needs the admin's confirmation ("replace"). */
const MOST_OF_THE_CODE = 0.5;

export interface StoredFile {
  storage_key: string;
  name: string;
  kind: IngestedFile['kind'];
  size_bytes: number;
}

export interface LegistarParameters {
  client: string;
  base_url: string;
  since: string;
  scheduled: boolean;
}

/** The hosts a Legistar import may reach beyond public addresses: the operator's (LEGISTAR_API_URL's and LEGISTAR_ALLOWED_HOSTS). */
export const legistarPolicy = (ctx: AppContext) => ({ allowed: allowedHosts(ctx.config.legistarAllowedHosts) });

/** A refusal of the import, with the problem that says why: nothing of the city's was changed. */
class ImportRefused extends Error {}

/** A fraction of the job done, written as the row's progress between `from` and `to`, at most every half second. */
function rowFraction(ctx: AppContext, id: string, from: number, to: number) {
  let last = 0;
  return (fraction: number) => {
    if (Date.now() - last < 500) return;
    last = Date.now();
    void repo.updateImport(ctx.db, id, { progress: Math.round(from + (to - from) * fraction) }).catch(() => undefined);
  };
}

function rowProgress(ctx: AppContext, id: string, from: number, to: number): Progress {
  let total = 1;
  let done = 0;
  const report = rowFraction(ctx, id, from, to);
  return {
    start(_label, count) {
      total = Math.max(1, count);
      done = 0;
    },
    tick(count = 1) {
      done += count;
      report(done / total);
    },
    done() {},
  };
}

const importedFiles = (ctx: AppContext, row: repo.ImportRow): ImportedFile[] => {
  const store = fileStore(ctx.config.dataDir);
  return (row.files as StoredFile[]).map((f) => ({ name: f.name, kind: f.kind, path: store.localPath(f.storage_key) }));
};

type ImportProblem = { file: string; where: string; message: string };

/**
 * The import's scans (PDFs the reader found no text layer in) read by OCR, one file after the other in
 * a worker thread of their own (decision 039), then read again from the OCR's text by `reread`. The
 * row shows the pages as they are read (counts.ocr_pages_done of ocr_pages_total); each scan's
 * problems say it was read by OCR and how sure the engine was, page by page where it was unsure.
 * A scan OCR cannot read stays reported as having no text layer, with why.
 */
async function readScans<R extends { problems: ImportProblem[] }>(ctx: AppContext, row: repo.ImportRow, files: ImportedFile[], readings: R[], reread: (name: string, text: string) => R): Promise<number> {
  const scans = files.map((f, k) => k).filter((k) => files[k].kind === 'pdf' && readings[k].problems.some((p) => p.message === NO_TEXT_LAYER));
  if (!scans.length) return 0;
  const totals = new Map<number, number>();
  let done = 0;
  let pagesRead = 0;
  const progress = rowFraction(ctx, row.id, 20, 80);
  for (const k of scans) {
    const file = files[k];
    let scan: ReadScan;
    try {
      scan = await readScanFile(file.path, (p) => {
        totals.set(k, p.total);
        const total = scans.reduce((sum, s) => sum + (totals.get(s) ?? 1), 0);
        void repo.updateImport(ctx.db, row.id, { counts: { ocr_pages_done: done + p.done, ocr_pages_total: total } }).catch(() => undefined);
        progress((done + p.done) / total);
      });
    } catch (err) {
      ctx.log.warn({ importId: row.id, file: file.name, reason: (err as Error).message }, 'OCR of a scan failed');
      readings[k].problems.push({ file: file.name, where: 'file', message: `OCR could not read it: ${(err as Error).message}` });
      continue;
    }
    const { result } = scan;
    done += result.pages.length;
    if (!scan.text) {
      readings[k].problems.push({ file: file.name, where: 'file', message: `OCR found no words on its ${result.pages.length} pages` });
      continue;
    }
    pagesRead += scan.reading.pages;
    readings[k] = reread(file.name, scan.text);
    readings[k].problems.unshift(...ocrProblems(file.name, result));
  }
  return pagesRead;
}

/** What a reader of the import is told of a scan read by OCR: how many pages, how sure, and where to look. */
function ocrProblems(name: string, result: OcrResult): ImportProblem[] {
  const read = result.pages.filter((p) => p.read);
  return [
    { file: name, where: 'file', message: `read by OCR (no text layer): ${read.length} of ${result.pageCount} pages, mean confidence ${Math.round(result.meanConfidence)}%` },
    ...result.lowConfidencePages.map((n) => ({ file: name, where: `page ${n}`, message: `read by OCR with low confidence (${Math.round(result.pages[n - 1].confidence)}%, under ${OCR_LOW_CONFIDENCE}%): check it against the scan` })),
    ...result.pages.filter((p) => !p.read).map((p) => ({ file: name, where: `page ${p.page}`, message: `not read by OCR: ${p.problem ?? 'no image on the page'}` })),
    ...(result.pageCount > result.pages.length ? [{ file: name, where: 'file', message: `only its first ${result.pages.length} of ${result.pageCount} pages were read by OCR` }] : []),
  ];
}

/** A meeting's key from its document: a revised agenda of the same meeting replaces the first. */
const documentMeetingId = (date: string, body: string | null, document: string) => `document-${date}-${(body ?? 'meeting').toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 60)}-${document}`;

/**
 * Agenda and minutes documents: each file's meeting (body, date, time, place) and its numbered items,
 * as published. A scanned PDF is kept and reported as having no text layer; a document without a
 * meeting date is reported and not stored (a meeting is filed by its day).
 */
async function importAgendaDocuments(ctx: AppContext, row: repo.ImportRow) {
  const files = importedFiles(ctx, row);
  const readings = await runInWorker<AgendaDocumentReading[]>('city-import-reader', 'readAgendaFiles', { files }, ctx.config.importLimits);
  const ocrPages = await readScans(ctx, row, files, readings, (name, text) => readAgendaDocument({ name, text, pageCount: null }));
  await repo.updateImport(ctx.db, row.id, { progress: 80 });
  const records: MeetingRecords = { legislation: [], meetings: [], agenda_items: [] };
  const problems = readings.flatMap((r) => r.problems);
  let noText = 0;
  for (const reading of readings) {
    if (!reading.meeting) noText += reading.problems.some((p) => p.message.startsWith('no text layer')) ? 1 : 0;
    const meeting = reading.meeting;
    if (!meeting?.date) continue;
    // A dated letter or memo with no numbered items (a scanned packet's cover page) is no meeting's agenda.
    if (!reading.items.length) continue;
    const id = documentMeetingId(meeting.date, meeting.body, meeting.document);
    const body = meeting.body ?? 'Meeting';
    records.meetings.push({ id, date: meeting.date, meeting_type: body.toUpperCase().slice(0, 100), title: [meeting.title || `${body} ${meeting.document}`, meeting.time, meeting.place].filter(Boolean).join(', ').slice(0, 500), body, derived_from: null });
    reading.items.forEach((item, position) =>
      records.agenda_items.push({ id: `${id}-${position + 1}`, agenda_id: id, date: meeting.date, section_name: item.section, title: `${item.number}. ${item.title}`.slice(0, 520), description: '', document_type: item.kind, file_number: item.file_number, committee: /committee|commission|board/i.test(body) ? body : null, legislation_id: null, status: null }),
    );
  }
  await writeMeetingRecords(ctx.db, row.locationId, records, rowProgress(ctx, row.id, 80, 98));
  const linked = await linkItemsToMeasures(ctx.db, row.locationId);
  const preview = records.agenda_items.slice(0, PREVIEW_ITEMS).map((i) => ({ number: i.file_number ?? '', title: i.title, path: [i.section_name, i.date].filter(Boolean).join(' · '), status: 'in_force' as const, text: i.description }));
  const counts = { files: files.length, meetings: records.meetings.length, agenda_items: records.agenda_items.length, no_text_layer: noText, ocr_pages: ocrPages, linked_to_measures: linked };
  await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts, problems: problems.slice(0, 500), preview, completedAt: new Date() });
  await announceImport(ctx.database, { locationId: row.locationId, datasets: ['meetings', 'agenda_items'] });
}

/**
 * Legislation files: each file's ordinances, resolutions or proclamations (number, kind, title,
 * dates, text), stored beside the city's other measures (searchable, opened on the ordinance page),
 * then the agenda items that name them by number linked to them, whichever came first.
 */
async function importLegislationFiles(ctx: AppContext, row: repo.ImportRow) {
  const files = importedFiles(ctx, row);
  const readings = await runInWorker<LegislationFileReading[]>('city-import-reader', 'readLegislationFiles', { files }, ctx.config.importLimits);
  const ocrPages = await readScans(ctx, row, files, readings, (name, text) => readLegislationDocument({ name, text }));
  await repo.updateImport(ctx.db, row.id, { progress: 80 });
  const legislation = readings.flatMap((r) => r.measures);
  const problems = readings.flatMap((r) => r.problems);
  // One number in two files: the later file's text would replace the earlier's without a word.
  const fileOf = new Map<string, string>();
  readings.forEach((r, k) => r.measures.forEach((m) => {
    const earlier = fileOf.get(m.id);
    if (earlier) problems.push({ file: files[k].name, where: m.file_number ?? 'file', message: `${m.file_number ?? m.id} is also in ${earlier}; the text of this file was kept` });
    fileOf.set(m.id, files[k].name);
  }));
  await writeMeetingRecords(ctx.db, row.locationId, { legislation: [...new Map(legislation.map((m) => [m.id, m])).values()], meetings: [], agenda_items: [] }, rowProgress(ctx, row.id, 80, 95));
  const linked = await linkItemsToMeasures(ctx.db, row.locationId);
  const noText = readings.filter((r) => r.problems.some((p) => p.message.startsWith('no text layer'))).length;
  const preview = legislation.slice(0, PREVIEW_ITEMS).map((m) => ({ number: m.file_number ?? '', title: m.title, path: [m.document_type, m.enacted ?? m.introduced].filter(Boolean).join(' · '), status: 'in_force' as const, text: m.text.slice(0, 400) }));
  const counts = { files: files.length, measures: fileOf.size, no_text_layer: noText, ocr_pages: ocrPages, linked_to_measures: linked };
  await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts, problems: problems.slice(0, 500), preview, completedAt: new Date() });
  await announceImport(ctx.database, { locationId: row.locationId, datasets: ['legislation', 'agenda_items'] });
}

/**
 * Why a code book may not be stored as it is: it has no sections, or it would remove most of the
 * city's code and the admin did not confirm it as the city's whole new code. Null when it may.
 */
function refusalOfCodeBook(sections: number, plan: { existing: number; removed: string[] }, replace: boolean): string | null {
  if (sections === 0) return 'No sections were found in these files, so the city’s code was left as it was. Check that these are the code book’s files (a section starts with its number, e.g. “Sec. 2-45.” or “§ 10.04.010”).';
  if (!replace && plan.existing > 0 && plan.removed.length > plan.existing * MOST_OF_THE_CODE) {
    return `These files would remove ${plan.removed.length.toLocaleString('en-US')} of the city’s ${plan.existing.toLocaleString('en-US')} sections, so the city’s code was left as it was. If they are the city’s whole new code, import them again as a replacement of the code.`;
  }
  return null;
}

/**
 * A code book: the files read in a worker thread from the file store (the main thread never holds
 * them), the sections spooled to disk; refused when it would empty the code; then stored a batch at
 * a time against the city's code as it was.
 */
async function importCodeBook(ctx: AppContext, row: repo.ImportRow) {
  const spoolDir = path.join(ctx.config.dataDir, 'imports');
  await mkdir(spoolDir, { recursive: true });
  const spool = path.join(spoolDir, `${row.id}.jsonl`);
  try {
    const cityCode = (await repo.locationCodeOf(ctx.db, row.locationId)) ?? 'code';
    const reading = await runInWorker<SpooledCodeBook>('city-import-reader', 'readCodeBookFiles', { files: importedFiles(ctx, row), cityCode, spool }, ctx.config.importLimits);
    await repo.updateImport(ctx.db, row.id, { progress: 25 });
    const plan = await planCodeBook(ctx.db, row.locationId, reading.ids);
    const refusal = refusalOfCodeBook(reading.ids.length, plan, (row.parameters as { replace?: boolean }).replace === true);
    if (refusal) {
      const problems = [{ file: 'code book', where: 'import', message: refusal }, ...reading.problems].slice(0, 500);
      await repo.updateImport(ctx.db, row.id, { counts: { ...reading.counts, existing: plan.existing, would_remove: plan.removed.length }, problems, preview: reading.preview });
      throw new ImportRefused(refusal);
    }
    const diff = await storeCodeBook(ctx.db, row.locationId, jsonlBatches<CodeSectionRecord>(spool, CODE_BOOK_BATCH), plan, reading.ids.length, rowProgress(ctx, row.id, 25, 95));
    await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts: { ...reading.counts, ...diff }, problems: reading.problems, preview: reading.preview, completedAt: new Date() });
  } finally {
    await rm(spool, { force: true });
  }
  // Every server process drops what it built of this city's code (and its remembered scope, whose code is now
  // enabled); indexes are rebuilt from the new rows.
  const cityCode = (await repo.locationCodeOf(ctx.db, row.locationId)) ?? 'code';
  forgetLocationScope(ctx.db, { id: row.locationId, code: cityCode });
  await announceImport(ctx.database, { locationId: row.locationId, datasets: ['code'] });
  // Then the sections' meaning vectors, in the background: until they are stored, the sections rank on their words.
  await ctx.jobs.send(CODE_VECTORS_JOB, { locationId: row.locationId, importId: row.id });
}

const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A city's Legistar feed: its meetings, agenda items (with movers, outcomes and roll calls) and
 * measures since the day asked, stored a few meetings at a time over what an earlier read stored. The
 * feed is then kept: a first import schedules the daily refresh (replacing any earlier schedule).
 */
async function importLegistar(ctx: AppContext, row: repo.ImportRow) {
  const p = row.parameters as LegistarParameters;
  const reading = await readLegistar(legistarClient(p.base_url, p.client, legistarPolicy(ctx)), {
    client: p.client,
    since: p.since,
    onProgress: rowFraction(ctx, row.id, 5, 98),
    store: async (records) => {
      const startedAt = performance.now();
      await writeMeetingRecords(ctx.db, row.locationId, records, silentProgress);
      await restAfter(startedAt);
    },
  });
  const preview = reading.preview.map(({ item, body }) => ({ number: item.file_number ?? '', title: item.title, path: [body, item.date].filter(Boolean).join(' · '), status: 'in_force' as const, text: item.description.slice(0, 400) }));
  await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts: reading.counts, problems: reading.problems, preview, completedAt: new Date() });
  await announceImport(ctx.database, { locationId: row.locationId, datasets: ['legislation', 'meetings', 'agenda_items'] });
  const since = reading.latestDay ? [p.since, daysBefore(reading.latestDay, FEED_OVERLAP_DAYS)].sort().at(-1)! : p.since;
  await repo.upsertFeed(ctx.db, { locationId: row.locationId, source: 'legistar', client: p.client, baseUrl: p.base_url, since, userId: row.userId, lastImportId: row.id });
  if (!p.scheduled) await scheduleRefresh(ctx, row.locationId);
}

/** The feed's next refresh, a day from now; the job id on the feed makes it the one refresh that runs. */
async function scheduleRefresh(ctx: AppContext, locationId: string) {
  const feed = await repo.feedOf(ctx.db, locationId, 'legistar');
  if (!feed) return;
  const jobId = await ctx.jobs.send(LOCATION_FEED_JOB, { feedId: feed.id }, { startAfterSeconds: FEED_REFRESH_SECONDS });
  await repo.updateFeed(ctx.db, feed.id, { nextJobId: jobId, nextRunAt: new Date(Date.now() + FEED_REFRESH_SECONDS * 1000) });
}

/**
 * Why an import failed, in words an administrator can act on. A Legistar address says only that
 * it could not be read and why in the API's own terms (not found, an answer too large): nothing
 * about what answered at an address CivicDesk does not reach, so no import can map a network.
 */
function failureOf(row: repo.ImportRow, err: unknown) {
  if (err instanceof ImportRefused) return err.message;
  if (err instanceof WorkerLimitError) return `The import was stopped: ${err.message}. Split the files into smaller imports, or check that they are what the city publishes.`;
  if (row.source === 'legistar' && err instanceof LegistarError) {
    const p = row.parameters as LegistarParameters;
    const hint = err.status === 404 || err.refused ? ' Check the client name and the address.' : '';
    return `The Legistar API at ${p.base_url} (client “${p.client}”) could not be read: ${err.message}.${hint}`;
  }
  return 'The import could not be completed. Check the files and try again.';
}

/** A failure the same input would meet again: the import fails now instead of being retried. */
const isFinal = (err: unknown) =>
  err instanceof ImportRefused || err instanceof WorkerLimitError || (err instanceof LegistarError && (err.refused || (err.status !== null && err.status < 500 && err.status !== 429)));

async function runImport(ctx: AppContext, importId: string, job: { lastAttempt: boolean }) {
  const row = await repo.importById(ctx.db, importId);
  if (!row || (row.jobState !== 'queued' && row.jobState !== 'running')) return;
  const fail = async (error: string, reason: unknown) => {
    ctx.log.warn({ importId, source: row.source, reason: reason instanceof Error ? reason.message : String(reason), cause: (reason as { cause?: Error })?.cause?.message }, 'city import failed');
    await repo.updateImport(ctx.db, importId, { jobState: 'failed', error, completedAt: new Date() });
  };
  // A run its process never finished, twice: the input may be what stops the process, so it is not begun again.
  if (row.runs >= MAX_RUNS) return fail(`The import was stopped twice while it ran (the server restarted) and was not started again. Check the files, then import them again.`, 'runs');
  await repo.updateImport(ctx.db, importId, { jobState: 'running', progress: 5, runs: row.runs + 1 });
  try {
    if (row.source === 'legistar') await importLegistar(ctx, row);
    else if (row.source === 'agendas') await importAgendaDocuments(ctx, row);
    else if (row.source === 'legislation') await importLegislationFiles(ctx, row);
    else await importCodeBook(ctx, row);
  } catch (err) {
    if (job.lastAttempt || isFinal(err)) return fail(failureOf(row, err), err);
    // Retried by the queue: this run does not count against the import.
    await repo.updateImport(ctx.db, importId, { runs: row.runs });
    throw err;
  }
}

export function defineLocationJobs(ctx: AppContext) {
  defineCodeVectorsJob(ctx);
  ctx.jobs.define<{ importId: string }>(
    LOCATION_IMPORT_JOB,
    async ({ importId }, job) => {
      const row = await repo.importById(ctx.db, importId);
      if (!row) return;
      // Two imports of one city, one after the other (in any process); other cities' meanwhile.
      await ctx.database.exclusively(`civicdesk:city-import:${row.locationId}`, () => runImport(ctx, importId, job));
    },
    { retryLimit: 2, expireInSeconds: 3600, concurrency: IMPORTS_AT_ONCE },
  );
  // The daily refresh: the next one is scheduled first, so a failed import (shown in the city's imports) does not end the feed.
  ctx.jobs.define<{ feedId: string }>(
    LOCATION_FEED_JOB,
    async ({ feedId }, job) => {
      const feed = await repo.feedById(ctx.db, feedId);
      if (!feed || feed.nextJobId !== job.id) return;
      await scheduleRefresh(ctx, feed.locationId);
      const id = randomUUID();
      const parameters: LegistarParameters = { client: feed.client, base_url: feed.baseUrl, since: feed.since, scheduled: true };
      await repo.insertImport(ctx.db, { id, locationId: feed.locationId, userId: feed.userId, source: 'legistar', parameters, jobState: 'queued' });
      const importJob = await ctx.jobs.send(LOCATION_IMPORT_JOB, { importId: id });
      await repo.updateImport(ctx.db, id, { jobId: importJob });
    },
    { retryLimit: 2, expireInSeconds: 300 },
  );
}
