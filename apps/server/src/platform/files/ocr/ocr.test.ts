import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  concatTransformationMatrix,
  degrees,
  drawObject,
  PDFBool,
  PDFDocument,
  PDFName,
  PDFRawStream,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors';
import { ENGLISH_MODEL_DIR, SEALED_WORKER, startEngine } from './engine';
import { characterErrorRate, OCR_LOW_CONFIDENCE, ocrPdf, pagesWithoutText } from './index';
import { openPdf, pageImages } from './page-images';
import { toPnm } from './pnm';

/**
 * OCR of scanned pages, offline. Each reading takes seconds on a small machine, so the readings are
 * few: the clean 1-bit scan (two pages), the gray JPEG scan (upright and stored sideways), one page of
 * the real Omaha scan, and an abort; the rest never starts the engine. Fixtures: fixtures/README.md.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(here, 'fixtures', name)));
const truth = (name: string) => readFileSync(path.join(here, 'fixtures', name), 'utf8').split('\f');
/** The real scan in the shared data beside the repository (data/cities/README.md there tells its source). */
const OMAHA_SCAN = [path.resolve(here, '../../../../../../..'), '/work']
  .map((root) => path.join(root, 'shared/data/cities/agendas/omaha_agenda-item-1303a_planning-zoning_2012-10-16_scanned.pdf'))
  .find((file) => existsSync(file));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => err);

/** Every way this process could reach the network, made to throw and counted. */
function forbidNetwork() {
  const refuse = () => {
    throw new Error('network used');
  };
  return [
    vi.spyOn(globalThis, 'fetch').mockImplementation(refuse),
    vi.spyOn(http, 'request').mockImplementation(refuse),
    vi.spyOn(https, 'request').mockImplementation(refuse),
    vi.spyOn(net, 'connect').mockImplementation(refuse),
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(refuse),
  ];
}
afterEach(() => vi.restoreAllMocks());

/** A model file anywhere tesseract.js would cache one: the working folder, the server's, the model's own. */
const cachedModels = () =>
  [process.cwd(), path.resolve(here, '../../../..'), ENGLISH_MODEL_DIR].flatMap((dir) => readdirSync(dir).filter((f) => /traineddata$/.test(f)));

async function textPdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 12, font });
  return doc.save();
}

/** A page that draws the named images, each at the given place and size (points). */
function drawImages(doc: PDFDocument, size: [number, number], images: { ref: ReturnType<PDFDocument['context']['register']>; at: [number, number, number, number] }[]) {
  const page = doc.addPage(size);
  images.forEach(({ ref, at: [x, y, w, h] }, k) => {
    page.node.setXObject(PDFName.of(`Im${k}`), ref);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(w, 0, 0, h, x, y), drawObject(`Im${k}`), popGraphicsState());
  });
  return page;
}

describe('reading scanned PDFs offline (OCR)', () => {
  it('reads a clean 300-dpi scan within 2 % CER, page by page, without the network or a file written', async () => {
    const network = forbidNetwork();
    const before = cachedModels();
    const progress: [number, number][] = [];
    const result = await ocrPdf(fixture('agenda-2-pages-300dpi-1bit.pdf'), { onProgress: (done, total) => progress.push([done, total]) });
    const expected = truth('agenda-2-pages-300dpi-1bit.txt');

    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(result.pageCount).toBe(2);
    expect(result.pages.map((p) => [p.page, p.read])).toEqual([
      [1, true],
      [2, true],
    ]);
    for (const [k, page] of result.pages.entries()) {
      expect(characterErrorRate(page.text, expected[k])).toBeLessThanOrEqual(0.02);
      expect(page.confidence).toBeGreaterThanOrEqual(OCR_LOW_CONFIDENCE);
    }
    expect(result.text).toContain('Community Development Block Grant (CDBG)');
    expect(result.lowConfidencePages).toEqual([]);
    expect(result.meanConfidence).toBeGreaterThan(OCR_LOW_CONFIDENCE);
    for (const spy of network) expect(spy).not.toHaveBeenCalled();
    expect(cachedModels()).toEqual(before);
  }, 90_000);

  it('reads a gray JPEG scan, and a page stored sideways and turned upright by /Rotate', async () => {
    // The sideways copy: the scan's own pixels, turned a quarter counter-clockwise, on a page
    // whose /Rotate 90 shows it upright again, as scanners save a landscape feed.
    const original = fixture('agenda-item-300dpi-gray.pdf');
    const opened = await openPdf(original);
    const found = await pageImages(opened, 1);
    await opened.destroy();
    if (!('images' in found)) throw new Error(found.problem);
    const pgm = toPnm(found.images[0].image, 3);
    const [width, height] = [found.images[0].image.height, found.images[0].image.width];
    const doc = await PDFDocument.create();
    const [copy] = await doc.copyPages(await PDFDocument.load(original), [0]);
    doc.addPage(copy);
    const sideways = doc.context.register(
      doc.context.flateStream(pgm.subarray(pgm.length - width * height), { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }),
    );
    drawImages(doc, [(width * 72) / 300, (height * 72) / 300], [{ ref: sideways, at: [0, 0, (width * 72) / 300, (height * 72) / 300] }]).setRotation(degrees(90));

    const result = await ocrPdf(await doc.save());
    const [expected] = truth('agenda-item-300dpi-gray.txt');
    expect(result.pages.map((p) => p.read)).toEqual([true, true]);
    for (const page of result.pages) expect(characterErrorRate(page.text, expected)).toBeLessThanOrEqual(0.02);
  }, 60_000);

  it('yields recognisable words from a real office scan (Omaha, JBIG2 at 300 dpi), and stops at maxPages', async () => {
    if (!OMAHA_SCAN) throw new Error('shared/data/cities/agendas is not beside the repository');
    const bytes = new Uint8Array(readFileSync(OMAHA_SCAN));
    expect(await pagesWithoutText(bytes)).toEqual({ pageCount: 10, withoutText: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    const result = await ocrPdf(bytes, { maxPages: 1 });
    expect(result.pageCount).toBe(10);
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0].read).toBe(true);
    // Words seen on the rendered page: the letterhead, the address, the request.
    for (const word of ['Planning', 'Omaha', 'Nebraska', 'Farnam', 'Cunningham', 'Redick', 'Industrial', 'rezoning']) expect(result.text).toContain(word);
  }, 60_000);

  it('stops when aborted, before it starts and in the middle of a page, and leaves no thread running', async () => {
    const threads = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
    const threadsBefore = threads();
    const early = new AbortController();
    early.abort();
    expect(await refusal(ocrPdf(fixture('agenda-2-pages-300dpi-1bit.pdf'), { signal: early.signal }))).toMatchObject({ name: 'AbortError' });

    const controller = new AbortController();
    const progress: number[] = [];
    const started = performance.now();
    const reading = refusal(ocrPdf(fixture('agenda-2-pages-300dpi-1bit.pdf'), { signal: controller.signal, onProgress: (done) => progress.push(done) }));
    // The engine starts in about a second; a page takes several: this lands inside page 1.
    setTimeout(() => controller.abort(), 2500);
    const err = await reading;
    const stoppedAfter = performance.now() - started - 2500;
    expect(err).toMatchObject({ name: 'AbortError' });
    expect(stoppedAfter).toBeLessThan(1500);
    expect(progress.length).toBeLessThan(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(progress.length).toBeLessThan(2);
    expect(threads()).toBe(threadsBefore);
  }, 30_000);

  it('never fetches the model: the engine’s thread cannot reach the network, even when told to', async () => {
    expect(existsSync(path.join(ENGLISH_MODEL_DIR, 'eng.traineddata.gz'))).toBe(true);
    expect(existsSync(SEALED_WORKER)).toBe(true);
    // A local server stands in for the CDN tesseract.js would download from: it is never reached.
    let requests = 0;
    const server = http.createServer((_, res) => {
      requests++;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const langPath = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tessdata`;
    try {
      const err = await refusal(startEngine({ langPath }));
      expect(String((err as Error)?.message)).toMatch(/could not start.*may not use the network/);
      const viaDocument = await refusal(ocrPdf(fixture('agenda-item-300dpi-gray.pdf'), { engine: { langPath } }));
      expect(String((viaDocument as Error)?.message)).toMatch(/may not use the network/);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  }, 30_000);

  it('answers read:false for pages with no image, and refuses a damaged PDF as a 400', async () => {
    const text = await textPdf(['Agenda item 1. Snow removal.', 'Agenda item 2. Parks.']);
    expect(await pagesWithoutText(text)).toEqual({ pageCount: 2, withoutText: [] });
    const result = await ocrPdf(text);
    expect(result.pages).toEqual([
      { page: 1, text: '', confidence: 0, read: false, problem: 'The page has no image to read: it holds no scanned picture.' },
      { page: 2, text: '', confidence: 0, read: false, problem: 'The page has no image to read: it holds no scanned picture.' },
    ]);
    expect(result).toMatchObject({ text: '', meanConfidence: 0, lowConfidencePages: [] });

    for (const damaged of [new TextEncoder().encode('not a PDF at all'), fixture('agenda-item-300dpi-gray.pdf').subarray(0, 2000)]) {
      const err = await refusal(ocrPdf(damaged));
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: 'The file could not be read: it looks like a damaged PDF.' });
    }
    // Damaged image data inside a sound PDF: that page is not read, the call still answers.
    const garbled = fixture('agenda-item-300dpi-gray.pdf');
    garbled.fill(0x41, 1000, 60_000);
    expect((await ocrPdf(garbled)).pages[0]).toMatchObject({ read: false, problem: "The page's image could not be decoded: it is damaged." });
  });

  it('takes a scan drawn as an image mask (ink where the bits are 0) as the same picture', async () => {
    const doc = await PDFDocument.load(fixture('agenda-2-pages-300dpi-1bit.pdf'));
    const images = doc.context.enumerateIndirectObjects().map(([, object]) => object).filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(2);
    for (const image of images) {
      image.dict.delete(PDFName.of('ColorSpace'));
      image.dict.set(PDFName.of('ImageMask'), PDFBool.True);
    }
    const pnms = async (bytes: Uint8Array) => {
      const opened = await openPdf(bytes);
      try {
        const found = await pageImages(opened, 1);
        if (!('images' in found)) throw new Error(found.problem);
        return found.images.map(({ image, turns }) => [image.kind, toPnm(image, turns)] as const);
      } finally {
        await opened.destroy();
      }
    };
    const [[kind, asGray]] = await pnms(fixture('agenda-2-pages-300dpi-1bit.pdf'));
    const [[maskKind, asMask]] = await pnms(await doc.save());
    expect([kind, maskKind]).toEqual([1, 'mask']);
    // Compared as bytes (a deep equality over a megabyte takes seconds).
    expect(asMask.length).toBe(asGray.length);
    expect(asMask.equals(asGray)).toBe(true);
  });

  it('does not decode more than 40 megapixels for a page', async () => {
    const doc = await PDFDocument.create();
    const oneBit = (w: number, h: number, bytes: Uint8Array) =>
      doc.context.register(doc.context.flateStream(bytes, { Type: 'XObject', Subtype: 'Image', Width: w, Height: h, ColorSpace: 'DeviceGray', BitsPerComponent: 1 }));
    // One image of 48 megapixels (its data is never decoded, so it need not be there).
    drawImages(doc, [612, 792], [{ ref: oneBit(8000, 6000, new Uint8Array(16)), at: [0, 0, 612, 792] }]);
    // Two of 25 megapixels: each within the budget, together over it.
    const quarter = oneBit(5000, 5000, new Uint8Array(625 * 5000));
    drawImages(doc, [612, 792], [
      { ref: quarter, at: [0, 0, 612, 396] },
      { ref: quarter, at: [0, 396, 612, 396] },
    ]);
    const result = await ocrPdf(await doc.save());
    expect(result.pages.map((p) => [p.read, p.problem])).toEqual([
      [false, "The page's image is too large to read (48 megapixels): at most 40 megapixels a page are read."],
      [false, "The page's image is too large to read (50 megapixels): at most 40 megapixels a page are read."],
    ]);
  });
});
