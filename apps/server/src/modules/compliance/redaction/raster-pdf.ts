import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Span } from './spans';
import { maskOf } from './text-pdf';

/**
 * True redaction of an uploaded PDF (decision 026): every page is drawn to an image by pdf.js on
 * @napi-rs/canvas, black boxes are painted over the redacted words, and a new PDF is built from the
 * images with pdf-lib. Nothing of the original file survives — no content stream, font, metadata,
 * annotation, bookmark, attachment or earlier revision — so nothing can be recovered from it. The
 * words that remain are laid over each page as invisible text, so the copy can still be searched
 * and read aloud.
 *
 * The redacted spans are offsets in the report's text, which is the PDF's text layer as extracted
 * (platform/files/extract.ts); each text item of each page is found again in that text to know
 * where a span lies on the page. A span that cannot be placed makes this answer null, and the
 * caller sets the document from its text instead: never a copy with a value left visible.
 */
const SCALE = 1.5;
/** Each box reaches this share of an average character beyond the words it covers: glyph positions are estimated. */
const PAD = 0.6;
const JPEG_QUALITY = 82;
const IN_FLIGHT = 4;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

export async function rasterRedactedPdf(bytes: Uint8Array, text: string, spans: Span[], title: string): Promise<Uint8Array | null> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false });
  const source = await task.promise;
  try {
    const out = await PDFDocument.create();
    out.setTitle(title);
    out.setProducer('CivicDesk');
    out.setCreator('CivicDesk');
    out.setLanguage('en-US');
    const font = await out.embedFont(StandardFonts.Helvetica);
    const supported = new Set(font.getCharacterSet());
    const mask = maskOf(text.length, spans);
    const placed = new Uint8Array(text.length);
    const tokens = [...new Set(spans.flatMap((sp) => text.slice(sp.start, sp.end).split(/\s+/)).filter((w) => w.length >= 3 && /[\p{L}\p{N}]/u.test(w)))];
    let cursor = 0;
    const pending: { jpeg: Promise<Buffer>; width: number; height: number; invisible: { str: string; x: number; y: number; size: number }[] }[] = [];
    const addPage = async (p: (typeof pending)[number]) => {
      const image = await out.embedJpg(await p.jpeg);
      const target = out.addPage([p.width, p.height]);
      target.drawImage(image, { x: 0, y: 0, width: p.width, height: p.height });
      for (const w of p.invisible) target.drawText(w.str, { x: w.x, y: w.y, size: w.size, font, opacity: 0, color: rgb(0, 0, 0) });
    };
    for (let n = 1; n <= source.numPages; n++) {
      const page = await source.getPage(n);
      const viewport = page.getViewport({ scale: SCALE });
      const base = page.getViewport({ scale: 1 });
      const factory = source.canvasFactory as { create(w: number, h: number): { canvas: CanvasLike; context: CanvasRenderingContext2D } };
      const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvasContext: context, viewport, canvas } as unknown as Parameters<typeof page.render>[0]).promise;
      const items = (await page.getTextContent()).items.filter((i) => 'str' in i) as unknown as TextItem[];
      const invisible: { str: string; x: number; y: number; size: number }[] = [];
      context.fillStyle = '#000';
      for (const item of items) {
        if (!item.str) continue;
        const at = locate(text, item.str, cursor);
        if (at < 0) {
          // Not in the extracted text (the text was cut at its size limit): its words stay only as pixels, no invisible text.
          continue;
        }
        cursor = at + item.str.length;
        const [a, b, c, d, e, f] = item.transform;
        const size = Math.hypot(c, d) || item.height || 10;
        const rotated = Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6;
        const charWidth = item.width / Math.max(1, item.str.length);
        const xAt = glyphPositions(item.str, item.width, font);
        let visible = '';
        for (let k = 0; k <= item.str.length; k++) {
          const hidden = k < item.str.length && mask[at + k] === 1;
          if (k < item.str.length && hidden) placed[at + k] = 1;
          if (hidden && rotated) {
            // Rotated text: the whole item is covered, generously.
            paint(context, viewport, [e - size, f - size, e + Math.max(item.width, size) + size, f + Math.max(item.width, size) + size]);
          } else if (hidden) {
            const dir = Math.sign(a || 1);
            paint(context, viewport, [e + dir * xAt[k] - charWidth * PAD, f - size * 0.3, e + dir * xAt[k + 1] + charWidth * PAD, f + size * 1.05]);
          }
          if (k === item.str.length || hidden) {
            // Rotated words stay as pixels only: the invisible layer is laid out left to right.
            if (visible.trim() && !rotated) invisible.push({ str: visible, x: e + xAt[k - visible.length], y: f, size });
            visible = '';
          } else visible += supported.has(item.str.codePointAt(k) ?? 0) ? item.str[k] : ' ';
        }
        // Belt and braces: any word of a redacted value is covered wherever it stands on the page,
        // even if this item was matched to the wrong place of the text.
        for (const token of tokens) {
          for (let i = item.str.indexOf(token); i >= 0; i = item.str.indexOf(token, i + token.length)) {
            paint(context, viewport, rotated ? [e - size, f - size, e + Math.max(item.width, size) + size, f + Math.max(item.width, size) + size] : [e + xAt[i] - charWidth * PAD, f - size * 0.3, e + xAt[i + token.length] + charWidth * PAD, f + size * 1.05]);
            for (const w of invisible) if (w.str.includes(token)) w.str = w.str.split(token).join(' '.repeat(token.length));
          }
        }
      }
      // JPEG encoding runs off the main thread: the next page renders meanwhile (a few pages in flight).
      pending.push({ jpeg: canvas.encode('jpeg', JPEG_QUALITY), width: base.width, height: base.height, invisible });
      page.cleanup();
      if (pending.length >= IN_FLIGHT) await addPage(pending.shift()!);
    }
    for (const done of pending.splice(0)) await addPage(done);
    // Every redacted character must have been painted over on some page; otherwise the caller falls back.
    for (let i = 0; i < text.length; i++) if (mask[i] === 1 && placed[i] !== 1 && /\S/.test(text[i])) return null;
    return out.save();
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/**
 * Where each character of a text item starts, from the item's left edge: the item's width shared
 * out in proportion to Helvetica's advance widths (pdf.js gives an item's width, not its glyphs').
 * A font of the same build (Arial, Liberation Sans) lands within a fraction of a character; PAD
 * covers the rest.
 */
function glyphPositions(str: string, width: number, font: PDFFont): number[] {
  const chars = [...str];
  const average = font.widthOfTextAtSize('n', 1);
  const widths = chars.map((c) => {
    try {
      return font.widthOfTextAtSize(c, 1) || average;
    } catch {
      return average;
    }
  });
  const total = widths.reduce((a, b) => a + b, 0) || 1;
  // Offsets by UTF-16 index, as the text and the mask count.
  const at: number[] = [0];
  let x = 0;
  chars.forEach((c, i) => {
    x += (widths[i] / total) * width;
    for (let u = 0; u < c.length; u++) at.push(u === c.length - 1 ? x : at[at.length - 1]);
  });
  return at;
}

interface CanvasLike {
  encode(format: 'jpeg', quality: number): Promise<Buffer>;
}

/** Where an item's string stands in the text, from the cursor on (a short look-ahead: extraction keeps order). */
function locate(text: string, str: string, cursor: number): number {
  const at = text.indexOf(str, cursor);
  if (at >= 0 && at - cursor < 4_000) return at;
  return -1;
}

function paint(context: CanvasRenderingContext2D, viewport: { convertToViewportRectangle(r: number[]): number[] }, rect: number[]) {
  const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(rect);
  context.fillRect(Math.min(x1, x2), Math.min(y1, y2), Math.abs(x2 - x1), Math.abs(y2 - y1));
}
