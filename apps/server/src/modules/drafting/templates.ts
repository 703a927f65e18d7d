import { randomUUID } from 'node:crypto';
import type { DraftKind, PromptResponse } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { docxParts } from '../../platform/files/extract';
import { discardUpload, type IngestedFile, ingestUpload } from '../../platform/files/ingest';
import { fileStore } from '../../platform/files/store';
import { readMultipartForm } from '../../platform/files/multipart';
import { resolveLocation } from '../../platform/tenancy';
import type { CityTemplate } from './export';
import { conventionsOf, formOf } from './forms';
import * as repo from './repo';

/**
 * GET /prompt/{type}: the form and guidance of a kind, and the templates a drafter can choose;
 * an admin uploads the city's own DOCX template per kind (its styles and boilerplate go into every
 * export of that kind for the city).
 */
export async function promptFor(ctx: AppContext, principal: Principal, kind: DraftKind, cityCode?: string): Promise<PromptResponse> {
  const location = await resolveLocation(ctx.db, principal, { cityCode });
  const form = formOf(kind, conventionsOf(location.code));
  const city = await repo.findTemplate(ctx.db, location.locationId, kind);
  return {
    type: kind,
    name: form.name,
    conventions: form.conventions === 'dc' ? 'District of Columbia (Council Legislative Drafting Manual)' : 'Common municipal form',
    parts: form.parts.map(({ key, label, required, instruction }) => ({ key, label, required, instruction })),
    guidance: form.guidance,
    form: form.parts.map((p) => `${p.label}${p.required ? '' : ' (optional)'}: [${p.instruction}]`).join('\n'),
    templates: [
      { id: 'built-in', name: 'Built-in form', source: 'built_in', filename: null, uploaded_at: null },
      ...(city ? [{ id: 'city', name: "The city's template", source: 'city' as const, filename: city.filename, uploaded_at: city.createdAt.toISOString() }] : []),
    ],
  };
}

export async function uploadTemplate(ctx: AppContext, principal: Principal, kind: DraftKind, request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the template as multipart/form-data');
  const location = await resolveLocation(ctx.db, principal);
  const files: IngestedFile[] = [];
  try {
    await readMultipartForm(request, async (part) => {
      files.push(await ingestUpload(part, { dataDir: ctx.config.dataDir, locationId: location.locationId }));
    });
    const [file] = files;
    if (!file || files.length > 1) throw validationFailed('Attach one Word (DOCX) template', [{ field: 'body.file', message: 'One DOCX file' }]);
    if (file.kind !== 'docx') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A template must be a Word document (DOCX)');
    const previous = await repo.replaceTemplate(ctx.db, {
      id: randomUUID(),
      locationId: location.locationId,
      kind,
      filename: file.originalName,
      storageKey: file.storageKey,
      text: file.text.slice(0, 5_000),
      uploadedBy: principal.userId,
    });
    if (previous) await fileStore(ctx.config.dataDir).remove(previous.storageKey);
    return promptFor(ctx, principal, kind);
  } catch (err) {
    await Promise.all(files.map(discardUpload));
    throw err;
  }
}

export async function deleteTemplate(ctx: AppContext, principal: Principal, kind: DraftKind) {
  const location = await resolveLocation(ctx.db, principal);
  const row = await repo.findTemplate(ctx.db, location.locationId, kind);
  if (!row) throw notFound('Template');
  await repo.deleteTemplate(ctx.db, row.id);
  await fileStore(ctx.config.dataDir).remove(row.storageKey);
  return promptFor(ctx, principal, kind);
}

/** The city's template of a kind as the export uses it, or null. */
export async function templateForExport(ctx: AppContext, locationId: string, kind: string): Promise<CityTemplate | null> {
  const row = await repo.findTemplate(ctx.db, locationId, kind);
  if (!row) return null;
  const bytes = await fileStore(ctx.config.dataDir).readIfPresent(row.storageKey);
  return { stylesXml: bytes ? await stylesOf(bytes) : null, boilerplate: row.text };
}

/**
 * A template's word/styles.xml, unpacked within the DOCX limits like every DOCX (extract.ts); a
 * template it cannot be read from exports with the built-in styles.
 */
async function stylesOf(template: Buffer): Promise<string | null> {
  try {
    const [styles] = await docxParts(template, (name) => name === 'word/styles.xml');
    return styles ? styles.data.toString('utf8') : null;
  } catch {
    return null;
  }
}
