import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Span } from './spans';

/**
 * A text (pasted, TXT, DOCX, or a PDF whose layout could not be followed) set as a new PDF in
 * which the redacted characters are never written: a black box of their width stands where they
 * were. Nothing of the source file is carried over, so nothing hidden in it can leak.
 */
const PAGE = { width: 612, height: 792, margin: 60, size: 10.5, leading: 14 };

export async function textToRedactedPdf(text: string, spans: Span[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('CivicDesk');
  pdf.setCreator('CivicDesk');
  pdf.setLanguage('en-US');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const supported = new Set(font.getCharacterSet());
  const drawable = (c: string) => (supported.has(c.codePointAt(0)!) ? c : '?');
  const mask = maskOf(text.length, spans);
  const redacted = (i: number) => mask[i] === 1;
  const measure = PAGE.width - 2 * PAGE.margin;
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const newLine = () => {
    y -= PAGE.leading;
    if (y < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  // Words (with their offsets) laid out line by line; a run of redacted characters is a box.
  let x = PAGE.margin;
  for (const m of text.matchAll(/\n|[^\S\n]+|[^\s]+/g)) {
    if (m[0] === '\n') {
      newLine();
      x = PAGE.margin;
      continue;
    }
    const word = [...m[0]];
    const width = widthOf(font, word.map(drawable).join(''));
    if (/^\s+$/.test(m[0])) {
      if (x > PAGE.margin) x += width;
      continue;
    }
    if (x + width > PAGE.margin + measure && x > PAGE.margin) {
      newLine();
      x = PAGE.margin;
    }
    drawWord(page, font, word, m.index, x, y, redacted, drawable);
    x += width;
  }
  return pdf.save();
}

/** One byte a character: 1 where it is redacted. */
export function maskOf(length: number, spans: Span[]): Uint8Array {
  const mask = new Uint8Array(length);
  for (const s of spans) mask.fill(1, Math.max(0, s.start), Math.min(length, s.end));
  return mask;
}

const widthOf = (font: PDFFont, s: string) => font.widthOfTextAtSize(s, PAGE.size);

/** Draws a word's visible characters as text and its redacted ones as black boxes. */
function drawWord(page: PDFPage, font: PDFFont, chars: string[], offset: number, x: number, y: number, redacted: (i: number) => boolean, drawable: (c: string) => string) {
  let i = 0;
  let at = offset;
  while (i < chars.length) {
    const hidden = redacted(at);
    let j = i;
    let end = at;
    while (j < chars.length && redacted(end) === hidden) {
      end += chars[j].length;
      j++;
    }
    const piece = chars.slice(i, j).map(drawable).join('');
    const w = widthOf(font, piece);
    if (hidden) page.drawRectangle({ x, y: y - 2.5, width: w, height: PAGE.size + 2, color: rgb(0, 0, 0) });
    else page.drawText(piece, { x, y, size: PAGE.size, font, color: rgb(0, 0, 0) });
    x += w;
    i = j;
    at = end;
  }
}
