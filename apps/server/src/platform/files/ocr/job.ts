import { cleanText } from '@civicdesk/contract';
import { runInWorker } from '../../workers/run';
import type { OcrResult } from './index';
import type { OcrProgress } from './thread';

/** What a record keeps of how its scan was read (the Summarizer's `ocr`, a Compliance report's `document_facts.ocr`). */
export interface ScanReading {
  pages: number;
  page_count: number;
  mean_confidence: number;
  low_confidence_pages: number[];
}

export interface ReadScan {
  result: OcrResult;
  /** The OCR's text, cleaned by the contract's rule (no NUL, no unpaired surrogate); empty when no word was found. */
  text: string;
  reading: ScanReading;
}

/**
 * A stored scan read by OCR in the `ocr` worker thread (decision 039), off the event loop and within
 * its limits; `onProgress` is told after each page. The one way a job (an import, the Summarizer, a
 * Compliance check) has a scan read.
 */
export async function readScanFile(path: string, onProgress?: (p: OcrProgress) => void): Promise<ReadScan> {
  const result = await runInWorker<OcrResult, OcrProgress>('ocr', 'ocrFile', { path }, undefined, onProgress);
  const text = cleanText(result.text);
  return {
    result,
    text: text.trim() ? text : '',
    reading: { pages: result.pages.filter((p) => p.read).length, page_count: result.pageCount, mean_confidence: result.meanConfidence, low_confidence_pages: result.lowConfidencePages },
  };
}
