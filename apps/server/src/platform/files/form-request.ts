import { ATTACHMENTS_MAX } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, validationFailed } from '../errors';
import { discardUpload, type IngestedFile, ingestUpload } from './ingest';
import { readMultipartForm } from './multipart';

/** Text of an attachment, read by the one file-ingest path and not kept. */
export interface AttachmentText {
  filename: string;
  text: string;
  hasText: boolean;
}

const ATTACHMENT_FIELDS = new Set(['attachments', 'attachments[]', 'files', 'file']);

/**
 * A request that arrives as a multipart form (fields + attachments, spec §7) or as JSON, checked
 * against its contract schema either way (400 VALIDATION_FAILED with field details): the
 * assistant's question and the drafting requests. Attachments go through the one file-ingest path
 * (size, real type, text) and are read for this request only: their text is used, the files are
 * not kept.
 */
export async function readFormRequest<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  opts: { dataDir: string; locationId: string },
): Promise<{ input: z.output<S>; attachments: AttachmentText[] }> {
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

/**
 * One document and the fields beside it (POST /compliance, POST /minutes): the file through the one
 * ingest path, the fields checked against their contract schema (400 with field details), then
 * `store` writes the record. The file has its final name before the record names it; any failure
 * leaves no file behind.
 */
export async function withUploadedDocument<S extends z.ZodType, T>(
  request: FastifyRequest,
  schema: S,
  opts: { dataDir: string; locationId: string },
  store: (input: z.output<S>, file: IngestedFile) => Promise<T>,
): Promise<T> {
  return withUploadedFiles(
    request,
    schema,
    {
      ...opts,
      fields: ['file'],
      max: 1,
      notMultipart: 'Send the document as a multipart form with a "file" field',
      wrongField: 'Send one document as "file"',
      missing: 'Choose a PDF, Word (DOCX) or text file',
    },
    (input, [file]) => store(input, file),
  );
}

/**
 * Files and the fields beside them (one document; a city's code book of many files): each file
 * through the one ingest path, the fields checked against their contract schema (400 with field
 * details), then `store` writes the record. The files have their final names before the record names
 * them; any failure leaves none of them behind.
 */
export async function withUploadedFiles<S extends z.ZodType, T>(
  request: FastifyRequest,
  schema: S,
  opts: {
    dataDir: string;
    locationId: string;
    /** The form fields that carry files. */
    fields: string[];
    max: number;
    notMultipart: string;
    wrongField: string;
    missing: string;
    /** How a file beyond `max` is refused (by default as a field that should not be there). */
    tooMany?: () => AppError;
    /** What the ingest path accepts (a code book's encodings) and the parser's limits for this route. */
    ingest?: { maxBytes?: number; codeBook?: boolean };
    limits?: { files?: number; fileSize?: number; parts?: number };
    /** Called as each file is stored (a limit on the files together); what it throws refuses the request. */
    onFile?: (file: IngestedFile) => void;
  },
  store: (input: z.output<S>, files: IngestedFile[]) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', opts.notMultipart);
  const files: IngestedFile[] = [];
  try {
    const fields = await readMultipartForm(
      request,
      async (part) => {
        const wrong = !opts.fields.includes(part.fieldname);
        if (wrong || files.length >= opts.max) {
          part.file.resume();
          if (!wrong && opts.tooMany) throw opts.tooMany();
          throw validationFailed('The request is not valid', [{ field: `body.${part.fieldname}`, message: opts.wrongField }]);
        }
        const file = await ingestUpload(part, { dataDir: opts.dataDir, locationId: opts.locationId, ...opts.ingest });
        files.push(file);
        opts.onFile?.(file);
      },
      opts.limits,
    );
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      throw validationFailed('The request is not valid', parsed.error.issues.map((i) => ({ field: ['body', ...i.path].join('.'), message: i.message })));
    }
    if (!files.length) throw validationFailed('The request is not valid', [{ field: `body.${opts.fields[0]}`, message: opts.missing }]);
    const stored = await store(parsed.data, files);
    files.length = 0;
    return stored;
  } finally {
    for (const file of files) await discardUpload(file);
  }
}
