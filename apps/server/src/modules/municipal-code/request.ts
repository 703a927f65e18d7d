import { ATTACHMENTS_MAX, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, type GenerateRequest, type generateRequestSchema } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../platform/errors';
import { discardUpload, ingestUpload } from '../../platform/files/ingest';
import { readMultipartForm } from '../../platform/files/multipart';
import type { AttachmentText } from './generate';

export const ATTACHMENT_LIMITS = { max_files: ATTACHMENTS_MAX, max_bytes: UPLOAD_MAX_BYTES, types: Object.values(UPLOAD_CONTENT_TYPES) };
const ATTACHMENT_FIELDS = new Set(['attachments', 'attachments[]', 'files', 'file']);

/**
 * The generation request arrives as a multipart form (fields + attachments, spec §7) or as JSON.
 * Either way the fields are checked against the contract (400 VALIDATION_FAILED with field
 * details). Attachments go through the one file-ingest path (size, real type, text) and are read
 * for this question only: their text is used, the files are not kept.
 */
export async function readGenerateRequest(
  request: FastifyRequest,
  schema: typeof generateRequestSchema,
  opts: { dataDir: string; locationId: string },
): Promise<{ input: GenerateRequest; attachments: AttachmentText[] }> {
  const attachments: AttachmentText[] = [];
  let fields: Record<string, unknown>;
  if (request.isMultipart()) {
    fields = await readMultipartForm(request, async (part) => {
      if (!ATTACHMENT_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw validationFailed('The request is not valid', [{ field: `body.${part.fieldname}`, message: 'Send files as "attachments"' }]);
      }
      if (attachments.length >= ATTACHMENTS_MAX) {
        part.file.resume();
        throw new AppError('PAYLOAD_TOO_LARGE', `Attach at most ${ATTACHMENTS_MAX} files`);
      }
      const file = await ingestUpload(part, { dataDir: opts.dataDir, locationId: opts.locationId });
      await discardUpload(file);
      attachments.push({ filename: file.originalName, text: file.text, hasText: file.hasText });
    });
  } else {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw validationFailed('The request is not valid', [{ field: 'body', message: 'Expected an object' }]);
    }
    fields = { ...(body as object | undefined) };
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw validationFailed(
      'The request is not valid',
      parsed.error.issues.map((i) => ({ field: ['body', ...i.path].join('.'), message: i.message })),
    );
  }
  return { input: parsed.data, attachments };
}
