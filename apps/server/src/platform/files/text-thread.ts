// Runs in a worker thread (runInWorker('file-text', 'extractTextTask')): an uploaded PDF's or DOCX's
// text, read within the thread's heap and time (platform/workers/tasks.ts), so a document that needs
// more than a document may have stops its own thread, not the server.
import { extractText, type ExtractedText } from './extract';
import type { FileKind } from './detect';

export function extractTextTask(input: { kind: FileKind; bytes: Uint8Array; maxChars?: number }): Promise<ExtractedText> {
  return extractText(input.kind, Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), input.maxChars);
}
