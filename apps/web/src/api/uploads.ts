import { UPLOAD_MAX_BYTES } from '@civicdesk/contract';
import type { Translate } from '../lib/i18n';
import { ApiError, fieldErrorsOf, userMessageOf } from './client';

/** The document uploads (a compliance check, minutes to summarize): what may be sent, and what a refusal means. */
const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.txt'];
export const ACCEPTED_FILE_TYPES = ACCEPTED_EXTENSIONS.join(',');

/** What is wrong with a file before it is sent (the server decides again, by its bytes). */
export function fileProblemOf(file: File): 'complianceFileTooLarge' | 'complianceFileType' | 'complianceFileEmpty' | null {
  if (file.size === 0) return 'complianceFileEmpty';
  if (file.size > UPLOAD_MAX_BYTES) return 'complianceFileTooLarge';
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension)) ? null : 'complianceFileType';
}

/**
 * The message for a failed submission: the server's own when it sent one; otherwise what its status
 * means here (a proxy that refuses a large upload answers 413 without the API's body).
 */
export function submissionErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof ApiError && !error.body?.message) {
    if (error.status === 413) return t('complianceFileTooLarge');
    if (error.status === 415) return t('complianceFileType');
  }
  const message = userMessageOf(error, t);
  // A refused field says why ("accessibility needs a PDF file"); add that to a general message.
  const reasons = Object.values(fieldErrorsOf(error)).filter((reason) => !message.includes(reason));
  return reasons.length ? `${message}: ${reasons.join('; ')}` : message;
}
