import { AppError } from '../errors';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../workers/run';
import type { FileKind } from './detect';
import { extractText, type ExtractedText, unpackDocx } from './extract';

/**
 * An upload's text as the request needs it (issue 29). A Word file whose parts unpack within bounds
 * can still make mammoth hold some twenty times its XML, and a long PDF holds pdf.js for seconds, on
 * the thread every other request waits on: a DOCX whose text parts come to more than 2 MB, or a PDF
 * of more than 2 MB, is read in a worker thread within its limits of heap and time; smaller ones (the
 * everyday upload, tens of megabytes of memory at most) here, without a thread's start. A document
 * past the limits is refused with 413, in words; any other refusal (a damaged file, a password, a zip
 * bomb) keeps its own code and message.
 */
export const INLINE_READ_MAX_BYTES = 2 * 1024 * 1024;

export async function readUploadText(kind: FileKind, bytes: Buffer, maxChars?: number, limits?: Partial<WorkerLimits>): Promise<ExtractedText> {
  // What mammoth would read: the parts measured and packed again (decision 014), checked here first.
  const input = kind === 'docx' ? await unpackDocx(bytes) : bytes;
  if (kind === 'txt' || input.length <= INLINE_READ_MAX_BYTES) return extractText(kind, input, maxChars);
  try {
    return await runInWorker<ExtractedText>('file-text', 'extractTextTask', { kind, bytes: input, maxChars }, limits);
  } catch (err) {
    if (err instanceof WorkerLimitError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The document needs more ${err.limit === 'memory' ? 'memory' : 'time'} to read than CivicDesk gives one document; split it into smaller files.`);
    }
    throw err;
  }
}
