import type { MultipartFile } from '@fastify/multipart';
import { findUnsafeText } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import { validationFailed } from '../errors';

/**
 * The one reader of a multipart form: every text field passes the contract's text rule (decision
 * 021) exactly as a JSON body does, and each file part is handed to `onFile` (which must consume
 * it, normally through `ingestUpload`). Answers the fields by name; a repeated field keeps its
 * last value.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  onFile: (part: MultipartFile) => Promise<void>,
  /** A route's own limits where they differ from the app's (a code book's many large files). */
  limits?: { files?: number; fileSize?: number; parts?: number },
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of request.parts(limits ? { limits } : undefined)) {
    if (part.type === 'file') {
      await onFile(part);
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value ?? '');
    const issue = findUnsafeText({ [part.fieldname]: value }, 'body');
    if (issue) throw validationFailed('The request is not valid', [issue]);
    fields[part.fieldname] = value;
  }
  return fields;
}
