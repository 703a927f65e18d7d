import { randomUUID } from 'node:crypto';
import {
  type CreateLocationRequest,
  importFileFieldsSchema,
  legistarImportRequestSchema,
  type LegistarImportRequest,
  type UpdateLocationSettings,
  CODE_BOOK_FILE_MAX_BYTES,
  type Location,
  type LocationImport,
} from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { extractText } from '../../platform/files/extract';
import { withUploadedFiles } from '../../platform/files/form-request';
import type { IngestedFile } from '../../platform/files/ingest';
import { fileStore } from '../../platform/files/store';
import { announceImport } from '../../platform/imports-announce';
import { forgetLocationScope, resolveLocation } from '../../platform/tenancy';
import { type MeetingRecords, writeCodeBook, writeMeetingRecords } from '../../imports/import-city';
import type { Progress } from '../../imports/progress';
import { recordSafely, tenantOf, type RequestOrigin } from '../audit/service';
import { runInWorker } from '../../platform/workers/run';
import type { CodeBookReading, CodeBookSection } from './code-book';
import { readAgendaDocument } from './agenda-documents';
import { LegistarError, legistarClient, readLegistar } from './legistar';
import { CODE_VECTORS_JOB, defineCodeVectorsJob } from './code-vectors';
import * as repo from './repo';
import { mergeSettings, presentSettings } from './settings';

/**
 * Cities and their imports (issue 21, decision 033): an ADMIN adds a city; an ADMIN, or a SUPERUSER
 * for its own city, brings in the city's code book from the files the city publishes. An import is a
 * job on the one queue: the request answers 202 at once, the job reads the files with the code-book
 * reader, stores the sections against what was there (added, changed, removed), and tells every
 * server process to rebuild the city's indexes. Nobody else's request waits on it.
 */
export const LOCATION_IMPORT_JOB = 'location-import';
/** The scheduled refresh of a city's Legistar feed: it starts a new import of the feed, then the next refresh is scheduled. */
export const LOCATION_FEED_JOB = 'location-feed-refresh';
/** A Legistar feed is read again once a day. */
export const FEED_REFRESH_SECONDS = 24 * 60 * 60;
/** The refresh reads from a fortnight before the latest meeting it saw: minutes and votes are added after the meeting. */
const FEED_OVERLAP_DAYS = 14;
/** Files of one code book sent together (San Francisco publishes 15, Baltimore 35). */
const CODE_BOOK_FILES_MAX = 100;
const PREVIEW_SECTIONS = 10;

interface StoredFile {
  storage_key: string;
  name: string;
  kind: IngestedFile['kind'];
  size_bytes: number;
}

export async function createLocation(ctx: AppContext, principal: Principal, input: CreateLocationRequest, origin: RequestOrigin): Promise<Location> {
  if (principal.role !== 'ADMIN') throw new AppError('ACCESS_DENIED', 'Only an administrator can add a city');
  const row = await repo.insertLocation(ctx.db, { id: randomUUID(), code: input.code, name: input.name, stateCode: input.state_code, codeSiteUrl: input.code_site_url ?? null });
  if (!row) throw new AppError('CONFLICT', `A city with the code ${input.code} already exists`);
  await recordSafely(ctx, { action: 'location.created', actor: { id: principal.userId }, tenant: { locationId: row.id, organizationId: null }, origin, details: { code: row.code, name: row.name } });
  return row;
}

/** GET /location/{code}/settings: every setting, the city's own and the defaults. */
export async function getSettings(ctx: AppContext, principal: Principal, code: string) {
  const location = await adminScope(ctx, principal, code);
  return presentSettings(location);
}

/** PUT /location/{code}/settings: what is given replaces the city's setting; null puts the default back. Every process reads the city again. */
export async function updateSettings(ctx: AppContext, principal: Principal, code: string, change: UpdateLocationSettings, origin: RequestOrigin) {
  const location = await adminScope(ctx, principal, code);
  const settings = mergeSettings(location.settings, change);
  await repo.saveSettings(ctx.db, location.locationId, settings);
  forgetLocationScope(ctx.db, { id: location.locationId, code: location.code });
  await recordSafely(ctx, { action: 'location.settings_updated', actor: { id: principal.userId }, tenant: { locationId: location.locationId, organizationId: tenantOf(principal).organizationId }, origin, details: { changed: Object.keys(change).sort() } });
  return presentSettings({ ...location, settings });
}

/** The city an administrator acts on (its imports, its settings): an ADMIN names any; a SUPERUSER only its own (another city is "not found"). */
async function adminScope(ctx: AppContext, principal: Principal, code: string) {
  if (principal.role !== 'ADMIN' && principal.role !== 'SUPERUSER') throw new AppError('ACCESS_DENIED', 'Only an administrator can import a city’s data');
  return resolveLocation(ctx.db, principal, { cityCode: code });
}

export interface LegistarParameters {
  client: string;
  base_url: string;
  since: string;
  scheduled: boolean;
}

const aYearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

/** Queues an import and records who started it. */
async function queueImport(ctx: AppContext, principal: Principal, locationId: string, origin: RequestOrigin, submitted: { id: string; source: string; files: number }) {
  const jobId = await ctx.jobs.send(LOCATION_IMPORT_JOB, { importId: submitted.id });
  await repo.updateImport(ctx.db, submitted.id, { jobId });
  await recordSafely(ctx, { action: 'location_import.started', actor: { id: principal.userId }, tenant: { locationId, organizationId: tenantOf(principal).organizationId }, origin, details: { import_id: submitted.id, source: submitted.source, files: submitted.files } });
  return { id: submitted.id, job_state: 'queued' as const, progress: 0 };
}

/** A Legistar import (JSON body): the client, from a day, at the operator's address unless the admin gives another. */
async function submitLegistarImport(ctx: AppContext, principal: Principal, locationId: string, body: unknown, origin: RequestOrigin) {
  const parsed = legistarImportRequestSchema.safeParse(body);
  if (!parsed.success) throw validationFailed('The request is not valid', parsed.error.issues.map((i) => ({ field: ['body', ...i.path].join('.'), message: i.message })));
  const input: LegistarImportRequest = parsed.data;
  const parameters: LegistarParameters = { client: input.client, base_url: input.base_url ?? ctx.config.legistarApiUrl, since: input.since ?? aYearAgo(), scheduled: false };
  const id = randomUUID();
  await repo.insertImport(ctx.db, { id, locationId, userId: principal.userId, source: 'legistar', parameters, jobState: 'queued' });
  return queueImport(ctx, principal, locationId, origin, { id, source: 'legistar', files: 0 });
}

export async function submitImport(ctx: AppContext, principal: Principal, code: string, request: FastifyRequest, origin: RequestOrigin) {
  const location = await adminScope(ctx, principal, code);
  if (!request.isMultipart() && /^application\/json\b/i.test(request.headers['content-type'] ?? '')) return submitLegistarImport(ctx, principal, location.locationId, request.body, origin);
  const submitted = await withUploadedFiles(
    request,
    importFileFieldsSchema,
    {
      dataDir: ctx.config.dataDir,
      locationId: location.locationId,
      fields: ['files', 'file', 'files[]'],
      max: CODE_BOOK_FILES_MAX,
      notMultipart: 'Send the files as a multipart form ("source" = code and one or more "files"), or a Legistar import as JSON ({"source": "legistar", "client": …})',
      wrongField: 'Send the files as "files"',
      missing: 'Choose the files to import: the code book’s (text, HTML, XML, DOCX or PDF), or agendas and minutes (PDF, DOCX)',
      tooMany: () => new AppError('PAYLOAD_TOO_LARGE', `Send at most ${CODE_BOOK_FILES_MAX} files in one import`),
      ingest: { maxBytes: CODE_BOOK_FILE_MAX_BYTES, codeBook: true },
      // One more than allowed, so the answer is this check's own words rather than the parser's.
      limits: { files: CODE_BOOK_FILES_MAX + 1, fileSize: CODE_BOOK_FILE_MAX_BYTES },
    },
    // The row names the stored files; from here on they are the import's.
    async (input, files) => {
      const id = randomUUID();
      const stored: StoredFile[] = files.map((f) => ({ storage_key: f.storageKey, name: f.originalName, kind: f.kind, size_bytes: f.sizeBytes }));
      await repo.insertImport(ctx.db, { id, locationId: location.locationId, userId: principal.userId, source: input.source, files: stored, jobState: 'queued' });
      return { id, source: input.source, files: stored.length };
    },
  );
  return queueImport(ctx, principal, location.locationId, origin, submitted);
}

function presentImport(row: repo.ImportRow, code: string): LocationImport {
  return {
    id: row.id,
    location_code: code,
    source: row.source as LocationImport['source'],
    job_state: row.jobState as LocationImport['job_state'],
    progress: row.progress,
    counts: row.counts as LocationImport['counts'],
    problems: row.problems as LocationImport['problems'],
    preview: row.preview as LocationImport['preview'],
    files: (row.files as StoredFile[]).map((f) => ({ name: f.name, size_bytes: f.size_bytes })),
    parameters: row.source === 'legistar' ? (row.parameters as LegistarParameters) : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export async function getImport(ctx: AppContext, principal: Principal, code: string, id: string) {
  const location = await adminScope(ctx, principal, code);
  const row = await repo.importOf(ctx.db, location.locationId, id);
  if (!row) throw notFound('Import');
  return presentImport(row, location.code);
}

export async function listImports(ctx: AppContext, principal: Principal, code: string) {
  const location = await adminScope(ctx, principal, code);
  return { imports: (await repo.importsOf(ctx.db, location.locationId)).map((r) => presentImport(r, location.code)) };
}

/** The reader's section as the location's code stores it. */
const asRecord = (s: CodeBookSection) => ({
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
});

/** The job's progress on the import's row, at most every half second. */
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

/** A meeting's key from its document: a revised agenda of the same meeting replaces the first. */
const documentMeetingId = (date: string, body: string | null, document: string) => `document-${date}-${(body ?? 'meeting').toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 60)}-${document}`;

/**
 * Agenda and minutes documents: each file's meeting (body, date, time, place) and its numbered items,
 * as published. A scanned PDF is kept and reported as having no text layer; a document without a
 * meeting date is reported and not stored (a meeting is filed by its day).
 */
async function importAgendaDocuments(ctx: AppContext, row: repo.ImportRow) {
  const store = fileStore(ctx.config.dataDir);
  const files = row.files as StoredFile[];
  const records: MeetingRecords = { legislation: [], meetings: [], agenda_items: [] };
  const problems: { file: string; where: string; message: string }[] = [];
  let noText = 0;
  for (const [k, f] of files.entries()) {
    const bytes = await store.read(f.storage_key);
    const extracted = f.kind === 'txt' ? { text: bytes.toString('utf8'), pageCount: null } : await extractText(f.kind, bytes, 10_000_000);
    const reading = readAgendaDocument({ name: f.name, text: extracted.text, pageCount: extracted.pageCount });
    problems.push(...reading.problems);
    if (!reading.meeting) noText += reading.problems.some((p) => p.message.startsWith('no text layer')) ? 1 : 0;
    const meeting = reading.meeting;
    if (meeting?.date) {
      const id = documentMeetingId(meeting.date, meeting.body, meeting.document);
      const body = meeting.body ?? 'Meeting';
      records.meetings.push({ id, date: meeting.date, meeting_type: body.toUpperCase().slice(0, 100), title: [meeting.title || `${body} ${meeting.document}`, meeting.time, meeting.place].filter(Boolean).join(', ').slice(0, 500), body, derived_from: null });
      reading.items.forEach((item, position) =>
        records.agenda_items.push({ id: `${id}-${position + 1}`, agenda_id: id, date: meeting.date, section_name: item.section, title: `${item.number}. ${item.title}`.slice(0, 520), description: '', document_type: item.kind, file_number: item.file_number, committee: /committee|commission|board/i.test(body) ? body : null, legislation_id: null, status: null }),
      );
    }
    await repo.updateImport(ctx.db, row.id, { progress: Math.round(5 + (75 * (k + 1)) / files.length) });
  }
  await writeMeetingRecords(ctx.db, row.locationId, records, rowProgress(ctx, row.id, 80, 98));
  const preview = records.agenda_items.slice(0, PREVIEW_SECTIONS).map((i) => ({ number: i.file_number ?? '', title: i.title, path: [i.section_name, i.date].filter(Boolean).join(' · '), status: 'in_force' as const, text: i.description }));
  const counts = { files: files.length, meetings: records.meetings.length, agenda_items: records.agenda_items.length, no_text_layer: noText };
  await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts, problems: problems.slice(0, 500), preview, completedAt: new Date() });
  await announceImport(ctx.database, { locationId: row.locationId, datasets: ['meetings', 'agenda_items'] });
}

/** A code book: the files read in a worker thread, stored against the city's code as it was. */
async function importCodeBook(ctx: AppContext, row: repo.ImportRow) {
  const store = fileStore(ctx.config.dataDir);
  const files = [];
  for (const f of row.files as StoredFile[]) {
    const bytes = await store.read(f.storage_key);
    // A PDF or DOCX is read for its text; a text, HTML or XML file goes to the reader as it came.
    if (f.kind === 'txt') files.push({ name: f.name, bytes: new Uint8Array(bytes) });
    else files.push({ name: `${f.name}.txt`, bytes: new TextEncoder().encode((await extractText(f.kind, bytes, 40_000_000)).text) });
  }
  await repo.updateImport(ctx.db, row.id, { progress: 20 });
  // A whole code book (the San Francisco code: 12 MB, 0.7 s of reading) is read in a worker thread: nobody's request waits on it.
  const cityCode = (await repo.locationCodeOf(ctx.db, row.locationId)) ?? 'code';
  const reading = await runInWorker<CodeBookReading>('code-book-reader', 'readCodeBookTask', { files, cityCode });
  const diff = await writeCodeBook(ctx.db, row.locationId, reading.sections.map(asRecord), rowProgress(ctx, row.id, 25, 95));
  const preview = reading.sections.slice(0, PREVIEW_SECTIONS).map((s) => ({ number: s.number, title: s.title, path: s.path, status: s.status, text: s.text.slice(0, 400) }));
  await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts: { ...reading.counts, ...diff }, problems: reading.problems.slice(0, 500), preview, completedAt: new Date() });
  // Every server process drops what it built of this city's code (and its remembered scope, whose code is now
  // enabled); indexes are rebuilt from the new rows.
  forgetLocationScope(ctx.db, { id: row.locationId, code: cityCode });
  await announceImport(ctx.database, { locationId: row.locationId, datasets: ['code'] });
  // Then the sections' meaning vectors, in the background: until they are stored, the sections rank on their words.
  await ctx.jobs.send(CODE_VECTORS_JOB, { locationId: row.locationId, importId: row.id });
}

const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * A city's Legistar feed: its meetings, agenda items (with movers, outcomes and roll calls) and
 * measures since the day asked, stored over what an earlier read stored. The feed is then kept: a
 * first import schedules the daily refresh (replacing any earlier schedule of the city's feed).
 */
async function importLegistar(ctx: AppContext, row: repo.ImportRow) {
  const p = row.parameters as LegistarParameters;
  const reading = await readLegistar(legistarClient(p.base_url, p.client), { client: p.client, since: p.since, onProgress: rowFraction(ctx, row.id, 5, 80) });
  await writeMeetingRecords(ctx.db, row.locationId, { legislation: reading.measures, meetings: reading.meetings, agenda_items: reading.items }, rowProgress(ctx, row.id, 80, 98));
  const meetingOf = new Map(reading.meetings.map((m) => [m.id, m]));
  const preview = reading.items.slice(0, PREVIEW_SECTIONS).map((i) => {
    const meeting = meetingOf.get(i.agenda_id);
    return { number: i.file_number ?? '', title: i.title, path: [meeting?.body, i.date].filter(Boolean).join(' · '), status: 'in_force' as const, text: i.description.slice(0, 400) };
  });
  await repo.updateImport(ctx.db, row.id, { jobState: 'completed', progress: 100, counts: reading.counts, problems: reading.problems.slice(0, 500), preview, completedAt: new Date() });
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

/** Why an import failed, in words an administrator can act on. */
function failureOf(row: repo.ImportRow, err: unknown) {
  if (row.source === 'legistar' && err instanceof LegistarError) {
    const p = row.parameters as LegistarParameters;
    const hint = err.status === 404 ? ' Check the client name and the address.' : '';
    return `The Legistar API at ${p.base_url} (client “${p.client}”) could not be read: ${err.message}.${hint}`;
  }
  return 'The import could not be completed. Check the files and try again.';
}

export function defineLocationJobs(ctx: AppContext) {
  defineCodeVectorsJob(ctx);
  ctx.jobs.define<{ importId: string }>(
    LOCATION_IMPORT_JOB,
    async ({ importId }, job) => {
      const row = await repo.importById(ctx.db, importId);
      if (!row || (row.jobState !== 'queued' && row.jobState !== 'running')) return;
      try {
        await repo.updateImport(ctx.db, importId, { jobState: 'running', progress: 5 });
        if (row.source === 'legistar') await importLegistar(ctx, row);
        else if (row.source === 'agendas') await importAgendaDocuments(ctx, row);
        else await importCodeBook(ctx, row);
      } catch (err) {
        // An address or client the API does not know will not be known on a retry either.
        const final = job.lastAttempt || (err instanceof LegistarError && err.status !== null && err.status < 500 && err.status !== 429);
        if (final) {
          ctx.log.warn({ importId, source: row.source, reason: err instanceof Error ? err.message : String(err) }, 'city import failed');
          await repo.updateImport(ctx.db, importId, { jobState: 'failed', error: failureOf(row, err), completedAt: new Date() });
          return;
        }
        throw err;
      }
    },
    { retryLimit: 2, expireInSeconds: 1800 },
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
