import type { ExternalDocumentListQuery } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import { AppError, notFound } from '../../platform/errors';
import { discardUpload, type IngestedFile, ingestUpload } from '../../platform/files/ingest';
import { fileStore } from '../../platform/files/store';
import { readMultipartForm } from '../../platform/files/multipart';
import { fitSearchVector } from '../../platform/search/vector-limit';
import { refreshSearchRecords } from '../../platform/search/index-registry';
import { resolveLocation } from '../../platform/tenancy';
import { learnWords } from '../../platform/search/typo';
import { presentDocument } from './presenter';
import * as repo from './repo';

/** §9: `page` (1-based) below 1000, `skip` (an offset) otherwise; skip wins when both come. */
export async function listDocuments(db: Db, principal: Principal, q: ExternalDocumentListQuery) {
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code });
  const skip = q.skip ?? ((q.page ?? 1) - 1) * q.limit;
  const { rows, total } = await repo.listDocuments(db, scope.locationId, q, skip);
  return {
    documents: rows.map((r) => presentDocument(r, scope.code)),
    total,
    page: Math.floor(skip / q.limit) + 1,
    skip,
    limit: q.limit,
    sort_by: q.sort_by,
    sort_order: q.sort_order,
  };
}

/**
 * POST /external_document: every file of the request, or none. Each file is whole under its final
 * name before one transaction writes the rows; any failure removes the files and writes no row, so
 * nothing is ever half-visible, even to a process killed midway (decision 029).
 */
export async function uploadDocuments(
  db: Db,
  dataDir: string,
  principal: Principal,
  request: FastifyRequest,
  q: { city_code?: string; document_type?: string },
) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data');
  const scope = await resolveLocation(db, principal, { cityCode: q.city_code });
  const files: IngestedFile[] = [];
  try {
    const fields = trimmed(
      await readMultipartForm(request, async (part) => {
        files.push(await ingestUpload(part, { dataDir, locationId: scope.locationId }));
      }),
    );
    if (!files.length) throw new AppError('VALIDATION_FAILED', 'Attach at least one PDF, DOCX or TXT file', [{ field: 'body.files', message: 'Required' }]);
    const documentType = q.document_type ?? (fields.document_type ? checkedType(fields.document_type) : null);
    const texts: { text: string; truncated: boolean }[] = [];
    for (const f of files) texts.push(await fitSearchVector(db, f.text));
    const now = new Date();
    const rows = await db.transaction(async (tx) =>
      repo.insertDocuments(
        tx as unknown as Db,
        files.map((f, i) => ({
          id: f.id,
          locationId: scope.locationId,
          uploadedBy: principal.userId,
          filename: f.originalName,
          contentType: f.contentType,
          sizeBytes: f.sizeBytes,
          sha256: f.sha256,
          storageKey: f.storageKey,
          documentType,
          title: (files.length === 1 && fields.title ? fields.title.slice(0, 300) : '') || f.originalName.replace(/\.[^.]+$/, ''),
          text: texts[i].text,
          textTruncated: f.textTruncated || texts[i].truncated,
          hasText: f.hasText,
          pageCount: f.pageCount,
          status: f.hasText ? 'CREATED' : 'NO_DATAS',
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    for (const f of files) learnWords(scope.locationId, `${f.originalName} ${f.text.slice(0, 50_000)}`);
    await refreshSearchRecords(db, scope.locationId, 'external_document', rows.map((r) => r.id));
    return { documents: rows.map((r) => presentDocument(r, scope.code)) };
  } catch (err) {
    await Promise.all(files.map(discardUpload));
    throw err;
  }
}

const trimmed = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()]));

const DOCUMENT_TYPES = new Set(['AGENDA_ITEM', 'RESOLUTION', 'PROCLAMATION', 'ORDINANCE', 'STAFF_REPORT', 'MINUTES', 'DOCUMENT']);
function checkedType(value: string): string {
  const type = value.toUpperCase();
  if (!DOCUMENT_TYPES.has(type)) throw new AppError('VALIDATION_FAILED', 'Unknown document_type', [{ field: 'body.document_type', message: 'Unknown document type' }]);
  return type;
}

export async function deleteDocument(db: Db, dataDir: string, principal: Principal, id: string, cityCode?: string) {
  const scope = await resolveLocation(db, principal, { cityCode });
  const row = await repo.findDocument(db, scope.locationId, id);
  if (!row) throw notFound('Document');
  await repo.deleteDocuments(db, scope.locationId, [id]);
  await refreshSearchRecords(db, scope.locationId, 'external_document', [id]);
  await fileStore(dataDir).remove(row.storageKey);
  return { success: true as const, id };
}

/** GET /file: only a file of the caller's location (ADMIN: of the named city). */
export async function findFile(db: Db, dataDir: string, principal: Principal, filename: string, cityCode?: string) {
  if (!/^[0-9a-f-]{36}\.(pdf|docx|txt)$/.test(filename)) throw notFound('File');
  const scope = await resolveLocation(db, principal, { cityCode });
  const row = await repo.findDocumentByStorageKey(db, scope.locationId, `${scope.locationId}/${filename}`);
  if (!row) throw notFound('File');
  return { row, path: fileStore(dataDir).localPath(row.storageKey) };
}
