import { settingsOwnerById } from '../locations/repo';
import { citySettings } from '../locations/settings';
import { randomUUID } from 'node:crypto';
import { minutesFileFieldsSchema, type MinutesRecord, type MinutesResult, type ProductSentence, type Span } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import { containsQuote, type EngineName } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { withUploadedDocument } from '../../platform/files/form-request';
import { readScanFile } from '../../platform/files/ocr/job';
import { fileStore } from '../../platform/files/store';
import { resolveLocation } from '../../platform/tenancy';
import { runInWorker } from '../../platform/workers/run';
import { linkMotions } from './links';
import { foundLines, mergeReading } from './model-reading';
import { answerGuarded, openedAnswer } from '../../platform/retrieval/answer';
import { answerFromReading, narrowedSpan, parseMinutes, personalDataIn, verifySpans, withheldText, withoutPersonalData } from './reader';
import * as repo from './repo';

/**
 * The Summarizer (issue 12): minutes submitted as a file (the one ingest path) or text become a
 * summary, read by a job on the one queue; follow-up questions are answered from the minutes alone
 * with quotes located in them.
 */
export const MINUTES_JOB = 'minutes-summary';
/** Records up to this size (about 15 pages; read in under 30 ms) are read on the main thread. */
const INLINE_READING_CHARS = 40_000;

async function submit(ctx: AppContext, principal: Principal, row: Omit<Parameters<typeof repo.insertSummary>[1], 'id' | 'userId' | 'jobState'>) {
  const id = randomUUID();
  await repo.insertSummary(ctx.db, { ...row, id, userId: principal.userId, jobState: 'queued' });
  return id;
}

async function queue(ctx: AppContext, id: string) {
  const jobId = await ctx.jobs.send(MINUTES_JOB, { summaryId: id });
  await repo.setJob(ctx.db, id, { jobId });
  return { id, job_state: 'queued' as const, progress: 0 };
}

export async function submitText(ctx: AppContext, principal: Principal, input: { text: string; title?: string; location_code?: string }) {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.location_code });
  const title = input.title || input.text.trim().split('\n')[0].slice(0, 100) || 'Minutes';
  const id = await submit(ctx, principal, { locationId: location.locationId, source: 'text', title, text: input.text });
  return queue(ctx, id);
}

export async function submitFile(ctx: AppContext, principal: Principal, request: FastifyRequest) {
  const id = await withUploadedDocument(request, minutesFileFieldsSchema, { dataDir: ctx.config.dataDir, locationId: principal.locationId }, async (fields, uploaded) => {
    const location = await resolveLocation(ctx.db, principal, { cityCode: fields.location_code });
    return submit(ctx, principal, {
      locationId: location.locationId,
      source: 'file',
      title: fields.title || uploaded.originalName,
      filename: uploaded.originalName,
      storageKey: uploaded.storageKey,
      hasText: uploaded.hasText,
      text: uploaded.text,
    });
  });
  return queue(ctx, id);
}

/**
 * The summary of a record: the built-in reading, with a configured model's reading joined to it (its
 * gist, and motions and actions the reader missed) under the same span checks; then each motion's
 * matter found among the city's agenda items and legislation. When the model fails, the built-in
 * reading stands and says so by its engine.
 */
export async function readMinutes(ctx: AppContext, text: string, locationId: string): Promise<{ result: MinutesResult; engine: EngineName }> {
  // A long record is read in a worker thread: the event loop stays free for everyone else meanwhile.
  const owner = await settingsOwnerById(ctx.db, locationId);
  const council = owner ? citySettings(owner).council_members : [];
  const reading = text.length > INLINE_READING_CHARS ? await runInWorker<MinutesResult>('minutes-reader', 'parseMinutesTask', { text, council }) : parseMinutes(text, council);
  let result = verifySpans(text, reading);
  let engine: EngineName = 'offline';
  if (ctx.ai.name !== 'offline' && text.trim()) {
    try {
      const modelReading = await ctx.ai.readRecord({ text, found: foundLines(result) });
      if (modelReading) {
        result = withoutPersonalData(text, verifySpans(text, mergeReading(text, result, modelReading)));
        engine = ctx.ai.name;
      }
    } catch (err) {
      result = { ...result, notice: `The model could not read the minutes (${(err as Error).message.slice(0, 200)}); the built-in reading is shown.` };
    }
  }
  return { result: await linkMotions(ctx.db, locationId, result, text), engine };
}

/** A scanned upload's text by OCR, stored with how it was read; '' when it is no PDF or OCR finds no words. */
async function readScan(ctx: AppContext, row: NonNullable<Awaited<ReturnType<typeof repo.summaryById>>>): Promise<string> {
  if (row.source !== 'file' || !row.storageKey?.toLowerCase().endsWith('.pdf')) return row.text;
  const scan = await readScanFile(fileStore(ctx.config.dataDir).localPath(row.storageKey), (p) => {
    void repo.setJob(ctx.db, row.id, { progress: 10 + Math.round((60 * p.done) / p.total) }).catch(() => undefined);
  });
  if (!scan.text) return row.text;
  await repo.setScanText(ctx.db, row.id, scan.text, scan.reading);
  return scan.text;
}

export function defineMinutesJobs(ctx: AppContext) {
  ctx.jobs.define<{ summaryId: string }>(
    MINUTES_JOB,
    async ({ summaryId }, job) => {
      const row = await repo.summaryById(ctx.db, summaryId);
      if (!row || (row.jobState !== 'queued' && row.jobState !== 'running')) return;
      try {
        await repo.setJob(ctx.db, summaryId, { jobState: 'running', progress: 10 });
        // A scan is read by OCR first (a job's worker thread, page by page on the row's progress); a scan
        // OCR finds no words in is kept and answered plainly: there is nothing to read.
        const text = row.hasText ? row.text : await readScan(ctx, row);
        const { result, engine } = await readMinutes(ctx, text, row.locationId);
        await repo.completeSummary(ctx.db, summaryId, result, engine);
      } catch (err) {
        if (job.lastAttempt) await repo.setJob(ctx.db, summaryId, { jobState: 'failed', error: 'The minutes could not be summarized. Try again.' });
        throw err;
      }
    },
    { retryLimit: 2, expireInSeconds: 3600 },
  );
}

export async function getMinutes(ctx: AppContext, principal: Principal, id: string): Promise<MinutesRecord> {
  const row = await repo.findSummary(ctx.db, principal.userId, id);
  if (!row) throw notFound('Minutes');
  const followups = await repo.followupsOf(ctx.db, id);
  return {
    id: row.id,
    title: row.title,
    source: row.source as 'file' | 'text',
    filename: row.filename,
    job_state: row.jobState as MinutesRecord['job_state'],
    progress: row.progress,
    error: row.error ?? (row.jobState === 'completed' && !row.hasText ? 'This file has no text layer (a scanned document?): there is nothing to summarize.' : null),
    has_text: row.hasText,
    ocr: row.ocr ?? null,
    engine: (row.engine as MinutesRecord['engine']) ?? null,
    text: row.text,
    result: (row.result as MinutesResult | null) ?? null,
    followups: followups.map((f) => ({ question: f.question, answer: f.answer, citations: f.citations as Span[], ...(f.messages ? { messages: f.messages as ProductSentence[] } : {}), engine: f.engine as MinutesRecord['followups'][number]['engine'], model: f.model, created_at: f.createdAt.toISOString() })),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export async function history(ctx: AppContext, principal: Principal, limit: number, skip: number) {
  const { rows, total } = await repo.listSummaries(ctx.db, principal.userId, limit, skip);
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, job_state: r.jobState as MinutesRecord['job_state'], motions: (r.result as MinutesResult | null)?.motions.length ?? 0, created_at: r.createdAt.toISOString() })),
    total,
  };
}

/** Paragraph groups of the minutes, as the sources an answer may quote. */
function sourcesOf(text: string) {
  const sources: { id: string; label: string; text: string }[] = [];
  let chunk = '';
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (chunk.length + paragraph.length > 2_500 && chunk) {
      sources.push({ id: `part-${sources.length + 1}`, label: `minutes, part ${sources.length + 1}`, text: chunk });
      chunk = '';
    }
    chunk += `${chunk ? '\n\n' : ''}${paragraph}`;
  }
  if (chunk.trim()) sources.push({ id: `part-${sources.length + 1}`, label: `minutes, part ${sources.length + 1}`, text: chunk });
  return sources;
}

export async function followup(ctx: AppContext, principal: Principal, id: string, question: string) {
  const row = await repo.findSummary(ctx.db, principal.userId, id);
  if (!row) throw notFound('Minutes');
  if (row.jobState !== 'completed') throw new AppError('CONFLICT', 'The minutes have not been summarized yet');
  await repo.insertFollowup(ctx.db, { id: randomUUID(), summaryId: id, question, ...(await answerFollowup(ctx, row.text, row.result as MinutesResult | null, question)) });
  return getMinutes(ctx, principal, id);
}

/**
 * A follow-up is answered from the reading first (the vote on a bill, who seconded, who spoke, what is
 * due), then from the minutes' text; either way its quotes are the record's own words, and personal
 * data in them (a speaker's address, phone, e-mail) is withheld from the answer and its quotes.
 */
export async function answerFollowup(ctx: AppContext, text: string, result: MinutesResult | null, question: string) {
  const withheld = personalDataIn(text, result?.public_comment.map((c) => c.span) ?? []);
  const found = withheld.map((w) => ({ quote: text.slice(w.start, w.end), kind: w.kind })).sort((a, b) => b.quote.length - a.quote.length);
  const fromReading = result ? answerFromReading(question, result, text) : null;
  if (fromReading) {
    const citations = fromReading.citations.map((c) => narrowedSpan(text, c, withheld)).filter((c) => c.end > c.start);
    return { answer: withheldText(fromReading.answer, found), citations, engine: 'offline' as EngineName, model: null };
  }
  const answer = await answerGuarded(ctx.ai, { task: 'answer', question, sources: sourcesOf(text), maxQuotes: 3, guidance: 'Answer only from these minutes. If they do not say, answer that they do not say.' }, 'minutes');
  // Every quote is checked against the minutes and located in them; one that is not there is dropped.
  const citations: Span[] = answer.quotes
    .filter((q) => containsQuote(text, q.quote) && text.includes(q.quote))
    .map((q) => {
      const start = text.indexOf(q.quote);
      return narrowedSpan(text, { start, end: start + q.quote.length, quote: q.quote }, withheld);
    })
    .filter((c) => c.end > c.start);
  const { text: said, messages } = openedAnswer(answer, !answer.found || !citations.length, {
    notSaid: { text: MINUTES_NOT_SAID, code: 'minutes_not_said' },
    notDirect: { text: MINUTES_NOT_DIRECT, code: 'minutes_not_direct' },
  });
  return { answer: withheldText(said, found), citations, messages: messages.length ? messages : null, engine: answer.engine, model: answer.model };
}

/** What a follow-up says when the minutes say nothing on it. */
export const MINUTES_NOT_SAID = 'The minutes do not say.';

/** What a follow-up says first when the minutes come close but no sentence of them states the answer. */
export const MINUTES_NOT_DIRECT = 'The minutes do not answer this directly. The closest they come:';
