import { randomUUID } from 'node:crypto';
import {
  CODE_BOOK_FILE_MAX_BYTES,
  CODE_BOOK_FILES_MAX,
  CODE_BOOK_TOTAL_MAX_BYTES,
  importFileFieldsSchema,
  legistarImportRequestSchema,
  type LegistarImportRequest,
  type LocationImport,
} from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { withUploadedFiles } from '../../platform/files/form-request';
import { refusalOf } from '../../platform/outbound/client';
import { recordSafely, tenantOf, type RequestOrigin } from '../audit/service';
import { LOCATION_IMPORT_JOB, type LegistarParameters, legistarPolicy, type StoredFile } from './import-jobs';
import * as repo from './repo';
import { adminScope } from './service';

/**
 * A city's imports as the API takes and shows them (issue 21, decision 033): files (a code book,
 * agendas and minutes) or a Legistar feed, each queued as a job (import-jobs.ts) with the row the
 * admin panel follows.
 */
const aYearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

/** Queues an import and records who started it. */
async function queueImport(ctx: AppContext, principal: Principal, locationId: string, origin: RequestOrigin, submitted: { id: string; source: string; files: number }) {
  const jobId = await ctx.jobs.send(LOCATION_IMPORT_JOB, { importId: submitted.id });
  await repo.updateImport(ctx.db, submitted.id, { jobId });
  await recordSafely(ctx, { action: 'location_import.started', actor: { id: principal.userId }, tenant: { locationId, organizationId: tenantOf(principal).organizationId }, origin, details: { import_id: submitted.id, source: submitted.source, files: submitted.files } });
  return { id: submitted.id, job_state: 'queued' as const, progress: 0 };
}

/**
 * A Legistar import (JSON body): the client, from a day, at the operator's address. Only an ADMIN
 * may name another address, and never one CivicDesk may not reach (an internal one, another port):
 * the address is checked here and again on every connection and redirect (platform/outbound).
 */
async function submitLegistarImport(ctx: AppContext, principal: Principal, locationId: string, body: unknown, origin: RequestOrigin) {
  const parsed = legistarImportRequestSchema.safeParse(body);
  if (!parsed.success) throw validationFailed('The request is not valid', parsed.error.issues.map((i) => ({ field: ['body', ...i.path].join('.'), message: i.message })));
  const input: LegistarImportRequest = parsed.data;
  if (input.base_url !== undefined) {
    if (principal.role !== 'ADMIN') throw new AppError('ACCESS_DENIED', 'Only an administrator can give another Legistar address; leave base_url out to use the one CivicDesk is set up with');
    if (refusalOf(new URL(input.base_url), legistarPolicy(ctx).allowed)) {
      throw validationFailed('The request is not valid', [{ field: 'body.base_url', message: 'Give the public address of a Legistar Web API (http or https, its usual port); CivicDesk does not reach internal addresses' }]);
    }
  }
  const parameters: LegistarParameters = { client: input.client, base_url: input.base_url ?? ctx.config.legistarApiUrl, since: input.since ?? aYearAgo(), scheduled: false };
  const id = randomUUID();
  await repo.insertImport(ctx.db, { id, locationId, userId: principal.userId, source: 'legistar', parameters, jobState: 'queued' });
  return queueImport(ctx, principal, locationId, origin, { id, source: 'legistar', files: 0 });
}

export async function submitImport(ctx: AppContext, principal: Principal, code: string, request: FastifyRequest, origin: RequestOrigin) {
  const location = await adminScope(ctx, principal, code);
  if (!request.isMultipart() && /^application\/json\b/i.test(request.headers['content-type'] ?? '')) return submitLegistarImport(ctx, principal, location.locationId, request.body, origin);
  let total = 0;
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
      missing: 'Choose the files to import: the code book’s (text, HTML, XML, DOCX or PDF), agendas and minutes, or legislation (PDF, DOCX, text)',
      tooMany: () => new AppError('PAYLOAD_TOO_LARGE', `Send at most ${CODE_BOOK_FILES_MAX} files in one import`),
      ingest: { maxBytes: CODE_BOOK_FILE_MAX_BYTES, codeBook: true },
      onFile: (file) => {
        total += file.sizeBytes;
        if (total > CODE_BOOK_TOTAL_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `The files of one import may come to at most ${CODE_BOOK_TOTAL_MAX_BYTES / 1024 / 1024} MB in all`);
      },
      // One file more than allowed (and the parts to carry it beside the form's fields), so the answer is
      // this check's own words rather than the parser's "The request is too large".
      limits: { files: CODE_BOOK_FILES_MAX + 1, fileSize: CODE_BOOK_FILE_MAX_BYTES, parts: CODE_BOOK_FILES_MAX + 1 + 20 },
    },
    // The row names the stored files; from here on they are the import's.
    async (input, files) => {
      const id = randomUUID();
      const stored: StoredFile[] = files.map((f) => ({ storage_key: f.storageKey, name: f.originalName, kind: f.kind, size_bytes: f.sizeBytes }));
      const parameters = input.source === 'code' ? { replace: input.replace === 'true' } : {};
      await repo.insertImport(ctx.db, { id, locationId: location.locationId, userId: principal.userId, source: input.source, files: stored, parameters, jobState: 'queued' });
      return { id, source: input.source, files: stored.length };
    },
  );
  return queueImport(ctx, principal, location.locationId, origin, submitted);
}

function presentImport(row: repo.ImportRow, code: string): LocationImport {
  const parameters = row.parameters as Partial<LegistarParameters> & { replace?: boolean };
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
    replace: parameters.replace === true,
    parameters: row.source === 'legistar' ? (parameters as LegistarParameters) : null,
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
