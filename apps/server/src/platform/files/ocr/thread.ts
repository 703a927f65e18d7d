// Runs in a worker thread (runInWorker('ocr', 'ocrFile', …)), within its heap and time limits
// (platform/workers/tasks.ts): pdf.js decodes each page's images here, off the event loop other
// users' requests wait on, and tesseract.js reads them in a thread of its own (engine.ts).
import { readFileSync } from 'node:fs';
import { ocrPdf, type OcrResult } from './index';

export interface OcrProgress {
  done: number;
  total: number;
}

/** A stored scan's pages read by OCR; `progress` is told after each page. */
export function ocrFile(input: { path: string; maxPages?: number }, progress?: (p: OcrProgress) => void): Promise<OcrResult> {
  return ocrPdf(new Uint8Array(readFileSync(input.path)), { maxPages: input.maxPages, onProgress: (done, total) => progress?.({ done, total }) });
}
