import { PDFHexString, PDFString, type PDFObject } from 'pdf-lib';

/** A text string's value, trimmed; null when it is not a string or is blank. */
export function textOf(obj: PDFObject | undefined): string | null {
  return exactTextOf(obj)?.trim() || null;
}

/** A text string's value as written (IDs and the Headers naming them are compared exactly); null when not a string. */
export function exactTextOf(obj: PDFObject | undefined): string | null {
  return obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : null;
}
