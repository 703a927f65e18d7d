import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../errors';
import { largestDeclaredImage, loadStructure } from './image-sizes';
import type { DecodedImage, QuarterTurns } from './pnm';

/**
 * The images a scanned page draws, taken from pdf.js's operator list as it decodes them: no
 * rendering, no canvas. A scan is one image a page (or a few strips, or a picture and a text layer
 * drawn as an image mask); each is read on its own.
 */

/** At most this many pixels are decoded for one page, all its images together (a letter page at 600 dpi is 33.7 million). */
export const OCR_MAX_PIXELS_PER_PAGE = 40_000_000;
/** Smaller images (rules, bullets, logos' bits) hold no line of text worth reading. */
const MIN_SIDE = 16;

export interface PlacedImage {
  image: DecodedImage;
  turns: QuarterTurns;
  /** Pixels per inch as drawn on the page, for tesseract's size heuristics (a PNM file carries none). */
  dpi: number;
}

export type PageImages = { images: PlacedImage[] } | { problem: string };

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type Matrix = [number, number, number, number, number, number];

export interface OpenedPdf {
  pdf: PDFDocumentProxy;
  pdfjs: Pdfjs;
  bytes: Uint8Array;
  /** pdf-lib's reading of the file, made the first time a page shows no image. */
  structure?: ReturnType<typeof loadStructure>;
  destroy(): Promise<void>;
}

/** The PDF parsed by pdf.js; a damaged or password-protected file answers 400 as an upload's text does (extract.ts). */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js may take the buffer over (transfer it to its worker): it gets a copy, the caller keeps theirs.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    // No eval, no fonts, no network; raw pixels (kind + data) rather than ImageBitmaps; no image
    // larger than a page's budget is decoded at all.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: OCR_MAX_PIXELS_PER_PAGE,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    return { pdf, pdfjs, bytes, destroy: () => task.destroy().catch(() => undefined) };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    if ((err as Error)?.name === 'PasswordException') throw new AppError('VALIDATION_FAILED', 'The PDF is password-protected; upload it without a password.');
    throw new AppError('VALIDATION_FAILED', 'The file could not be read: it looks like a damaged PDF.');
  }
}

/** The images page `n` draws, upright, or why the page cannot be read. The page's memory is let go after. */
export async function pageImages(opened: OpenedPdf, n: number): Promise<PageImages> {
  let page: PDFPageProxy;
  try {
    page = await opened.pdf.getPage(n);
  } catch {
    return { problem: 'The page could not be read: this part of the PDF is damaged.' };
  }
  try {
    const found = await placedImages(opened.pdfjs, page);
    if (found === 'damaged') return { problem: 'The page could not be read: its content is damaged.' };
    const pixels = found.placed.reduce((sum, { image }) => sum + image.width * image.height, 0);
    if (pixels > OCR_MAX_PIXELS_PER_PAGE) return { problem: tooLarge(pixels) };
    if (found.placed.length) return { images: found.placed };
    if (found.undecodable) return { problem: "The page's image could not be decoded: it is damaged." };
    opened.structure ??= loadStructure(opened.bytes);
    const largest = await largestDeclaredImage(opened.structure, n);
    if (largest && largest > OCR_MAX_PIXELS_PER_PAGE) return { problem: tooLarge(largest) };
    return { problem: 'The page has no image to read: it holds no scanned picture.' };
  } finally {
    page.cleanup();
  }
}

const tooLarge = (pixels?: number) =>
  `The page's image is too large to read${pixels ? ` (${Math.round(pixels / 1e6)} megapixels)` : ''}: at most ${OCR_MAX_PIXELS_PER_PAGE / 1e6} megapixels a page are read.`;

async function placedImages(pdfjs: Pdfjs, page: PDFPageProxy): Promise<{ placed: PlacedImage[]; undecodable: number } | 'damaged'> {
  const { OPS } = pdfjs;
  let list;
  try {
    list = await page.getOperatorList();
  } catch {
    return 'damaged';
  }
  // The transform from image space to the page as shown (rotation and y-down included), tracked
  // through the operators that change it.
  let ctm = page.getViewport({ scale: 1 }).transform as Matrix;
  const saved: Matrix[] = [];
  const placed: PlacedImage[] = [];
  let undecodable = 0;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[];
    if (fn === OPS.save) saved.push(ctm);
    else if (fn === OPS.restore) ctm = saved.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin || fn === OPS.beginGroup) {
      saved.push(ctm);
      const matrix = fn === OPS.beginGroup ? (args[0] as { matrix?: Matrix })?.matrix : (args[0] as Matrix | null);
      if (Array.isArray(matrix) && matrix.length === 6) ctm = multiply(ctm, matrix);
    } else if (fn === OPS.paintFormXObjectEnd || fn === OPS.endGroup) ctm = saved.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintImageMaskXObject) {
      const mask = fn === OPS.paintImageMaskXObject;
      const objId = mask ? (args[0] as { data: unknown }).data : args[0];
      if (typeof objId !== 'string') continue;
      // pdf.js hands over nothing for an image it failed to decode.
      const image = asDecoded(await objectData(page, objId), mask);
      if (!image) undecodable++;
      if (!image || image.width < MIN_SIDE || image.height < MIN_SIDE) continue;
      placed.push({ image, ...placement(ctm, image.width) });
    }
  }
  return { placed, undecodable };
}

/** A decoded image from the page's objects (or the document's, for one shared by pages); null if pdf.js gave none. */
function objectData(page: PDFPageProxy, objId: string): Promise<unknown> {
  const objects = objId.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => objects.get(objId, resolve));
}

function asDecoded(value: unknown, mask: boolean): DecodedImage | null {
  const { width, height, kind, data } = (value ?? {}) as Partial<DecodedImage>;
  if (!(data instanceof Uint8Array || data instanceof Uint8ClampedArray) || !width || !height) return null;
  if (mask) return { width, height, kind: 'mask', data };
  return kind === 1 || kind === 2 || kind === 3 ? { width, height, kind, data } : null;
}

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * Which way the image's rows run on the shown page, and its resolution there. The image's x axis
 * maps to (a, b) in page points, y down: (+, 0) is upright, (0, +) a quarter turn clockwise, and
 * so on. A mirrored image is read as it stands.
 */
function placement(ctm: Matrix, widthPx: number): { turns: QuarterTurns; dpi: number } {
  const [a, b] = ctm;
  const degrees = (Math.atan2(b, a) * 180) / Math.PI;
  const turns = (((Math.round(degrees / 90) % 4) + 4) % 4) as QuarterTurns;
  const inches = Math.hypot(a, b) / 72;
  const dpi = inches > 0 ? Math.round(widthPx / inches) : 300;
  return { turns, dpi: Math.min(1200, Math.max(70, dpi)) };
}
