import { type EngineOptions, type OcrEngine, startEngine } from './engine';
import { openPdf, pageImages } from './page-images';
import { toPnm, UnreadableImage } from './pnm';

/**
 * Reads the text of a scanned PDF (pages that are pictures, with no text layer) offline, with
 * Tesseract. Decision 039 says why this engine and model, how the page images are got without a
 * canvas, and what was measured.
 */
export { characterErrorRate, editDistance, normaliseForCer } from './cer';
export { OCR_MAX_PIXELS_PER_PAGE } from './page-images';

/** A page read with a lower mean word confidence is worth a person's look (decision 039). */
export const OCR_LOW_CONFIDENCE = 70;
/** Pages read when the caller sets no limit: at several seconds a page, a longer scan is a job for a person to split. */
export const OCR_DEFAULT_MAX_PAGES = 200;

export interface OcrPage {
  page: number;
  text: string;
  /** Tesseract's mean word confidence, 0..100; 0 for a page not read or with no word found. */
  confidence: number;
  read: boolean;
  /** Why the page was not read, in words a clerk understands. */
  problem?: string;
}

export interface OcrResult {
  /** Pages 1..min(pageCount, maxPages), in order. */
  pages: OcrPage[];
  /** The PDF's pages, read or not. */
  pageCount: number;
  /** The read pages' text, a blank line between pages. */
  text: string;
  /** Mean confidence over the pages with text, weighted by their characters; 0 when none has text. */
  meanConfidence: number;
  /** Pages with text whose confidence is under OCR_LOW_CONFIDENCE. */
  lowConfidencePages: number[];
}

export interface OcrOptions {
  maxPages?: number;
  /** Called after each page, read or not: done runs 1..total. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between pages and in the middle of one (the engine's thread is ended); rejects with the signal's reason. */
  signal?: AbortSignal;
  /** For tests: where the engine takes its model from. */
  engine?: EngineOptions;
}

/**
 * The text of each page's images, read with one engine for the whole document. A damaged or
 * password-protected PDF rejects with a 400 AppError; a page that cannot be read (no image, too
 * large, damaged, the engine failed on it) is `read: false` with its problem, and the next page is
 * read with a fresh engine.
 */
export async function ocrPdf(bytes: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const opened = await openPdf(bytes);
  let engine: OcrEngine | null = null;
  try {
    const total = Math.min(opened.pdf.numPages, Math.max(0, options.maxPages ?? OCR_DEFAULT_MAX_PAGES));
    const pages: OcrPage[] = [];
    for (let n = 1; n <= total; n++) {
      signal?.throwIfAborted();
      const found = await pageImages(opened, n);
      if ('problem' in found) {
        pages.push({ page: n, text: '', confidence: 0, read: false, problem: found.problem });
      } else {
        const readings: { text: string; confidence: number }[] = [];
        let problem: string | undefined;
        for (const { image, turns, dpi } of found.images) {
          let pnm: Buffer;
          try {
            pnm = toPnm(image, turns);
          } catch (err) {
            if (!(err instanceof UnreadableImage)) throw err;
            problem = `The page's image could not be read: ${err.message}.`;
            continue;
          }
          // An engine that cannot start fails the document; one that fails on a page, only that page.
          engine ??= await startEngine(options.engine, signal);
          try {
            readings.push(await engine.read(pnm, dpi, signal));
          } catch (err) {
            if (signal?.aborted) throw signal.reason;
            engine = null;
            problem = `The OCR engine failed on this page: ${(err as Error).message}`;
          }
        }
        pages.push(readings.length ? pageOf(n, readings) : { page: n, text: '', confidence: 0, read: false, problem });
      }
      onProgress?.(n, total);
    }
    return summary(pages, opened.pdf.numPages);
  } finally {
    await engine?.close();
    await opened.destroy();
  }
}

function pageOf(page: number, readings: { text: string; confidence: number }[]): OcrPage {
  const texts = readings.map((r) => r.text.trim()).filter(Boolean);
  return { page, text: texts.join('\n\n'), confidence: weightedConfidence(readings), read: true };
}

/** Confidence weighted by characters read: a stamp's three letters do not outweigh a page of text. */
function weightedConfidence(readings: { text: string; confidence: number }[]): number {
  let weight = 0;
  let sum = 0;
  for (const { text, confidence } of readings) {
    const chars = text.replace(/\s+/g, '').length;
    weight += chars;
    sum += chars * confidence;
  }
  return weight ? Math.round((sum / weight) * 10) / 10 : 0;
}

function summary(pages: OcrPage[], pageCount: number): OcrResult {
  const withText = pages.filter((p) => p.read && p.text);
  return {
    pages,
    pageCount,
    text: withText.map((p) => p.text).join('\n\n'),
    meanConfidence: weightedConfidence(withText),
    lowConfidencePages: withText.filter((p) => p.confidence < OCR_LOW_CONFIDENCE).map((p) => p.page),
  };
}

/**
 * Pages with no text layer (no character but whitespace), the ones that need OCR; reads text only,
 * decodes no image. A damaged PDF rejects as in ocrPdf.
 */
export async function pagesWithoutText(bytes: Uint8Array): Promise<{ pageCount: number; withoutText: number[] }> {
  const opened = await openPdf(bytes);
  try {
    const withoutText: number[] = [];
    for (let n = 1; n <= opened.pdf.numPages; n++) {
      const page = await opened.pdf.getPage(n);
      const content = await page.getTextContent();
      if (!content.items.some((item) => 'str' in item && item.str.trim())) withoutText.push(n);
      page.cleanup();
    }
    return { pageCount: opened.pdf.numPages, withoutText };
  } finally {
    await opened.destroy();
  }
}
