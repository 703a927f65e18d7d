import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@civicdesk/contract';
import { ApiError, userMessageOf } from '../../api/client';
import type { Translate } from '../../lib/i18n';

export const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.txt'] as const;
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'].join(',');
export const MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

export type FileProblem = 'type' | 'size';

/**
 * What is wrong with a chosen file before it is sent, judged by name and size only. The server
 * decides by the file's bytes, so its 415 and 413 answers are still handled after sending.
 */
export function problemOf(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  return null;
}

export const tooManyFiles = (count: number) => count > UPLOAD_MAX_FILES;

/** The upload's failure in words a clerk can act on: too large, wrong kind, or refused with a reason. */
export function uploadErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return t('uploadTooLarge', { max: MAX_MEGABYTES });
    if (error.status === 415) return t('uploadUnsupported');
    if (error.status === 400) {
      return error.body?.message ? t('uploadRejectedBecause', { reason: error.body.message }) : t('uploadRejected');
    }
  }
  return userMessageOf(error, t);
}
