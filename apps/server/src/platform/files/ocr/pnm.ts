/**
 * A page image as pdf.js decodes it, written as a Netpbm file (PBM or PGM) for tesseract.js: its
 * leptonica reads PNM, and writing one is a header and the pixels, in linear time, with no image
 * library and no native canvas.
 */

/** pdf.js's ImageKind for the raw images it hands over when no OffscreenCanvas is used (Node). */
export const IMAGE_KIND = { GRAYSCALE_1BPP: 1, RGB_24BPP: 2, RGBA_32BPP: 3 } as const;

export interface DecodedImage {
  width: number;
  height: number;
  /**
   * 1: one bit a pixel, rows padded to a byte, 1 = white; 2: RGB, 3: RGBA, a byte a channel;
   * 'mask': an image mask, one bit a pixel, 0 = painted (ink), 1 = left blank.
   */
  kind: 1 | 2 | 3 | 'mask';
  data: Uint8Array | Uint8ClampedArray;
}

/** Clockwise quarter turns that bring the image upright as the page shows it. */
export type QuarterTurns = 0 | 1 | 2 | 3;

export class UnreadableImage extends Error {}

const header = (magic: 'P4' | 'P5', width: number, height: number) =>
  Buffer.from(magic === 'P4' ? `P4\n${width} ${height}\n` : `P5\n${width} ${height}\n255\n`, 'latin1');

function expectedLength({ width, height, kind }: DecodedImage): number {
  if (kind === 1 || kind === 'mask') return ((width + 7) >> 3) * height;
  return width * height * (kind === 2 ? 3 : 4);
}

/** The image, upright, as PBM (a one-bit image that needs no turn) or PGM (8-bit gray). */
export function toPnm(image: DecodedImage, turns: QuarterTurns = 0): Buffer {
  const { width, height, kind, data } = image;
  if (!(width > 0 && height > 0)) throw new UnreadableImage('the image has no size');
  if (data.length < expectedLength(image)) throw new UnreadableImage('the image data is shorter than its size says');
  if ((kind === 1 || kind === 'mask') && turns === 0) {
    // PBM's bit 1 is black; pdf.js's is white (and a mask's 1 is blank): one inversion per byte.
    const bytes = expectedLength(image);
    const out = Buffer.allocUnsafe(bytes);
    for (let i = 0; i < bytes; i++) out[i] = ~data[i] & 0xff;
    return Buffer.concat([header('P4', width, height), out]);
  }
  const gray = toGray(image);
  const upright = turns === 0 ? { width, height, pixels: gray } : rotate(gray, width, height, turns);
  return Buffer.concat([header('P5', upright.width, upright.height), upright.pixels]);
}

/** One byte of gray a pixel; transparency is laid on white paper. */
function toGray({ width, height, kind, data }: DecodedImage): Uint8Array {
  const gray = new Uint8Array(width * height);
  if (kind === 1 || kind === 'mask') {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) gray[y * width + x] = data[y * rowBytes + (x >> 3)] & (0x80 >> (x & 7)) ? 255 : 0;
    }
    return gray;
  }
  const step = kind === 2 ? 3 : 4;
  for (let i = 0, p = 0; i < gray.length; i++, p += step) {
    // ITU-R BT.601 luma in integers (77 + 150 + 29 = 256).
    const luma = (data[p] * 77 + data[p + 1] * 150 + data[p + 2] * 29) >> 8;
    gray[i] = step === 4 ? (luma * data[p + 3] + 255 * (255 - data[p + 3]) + 127) / 255 : luma;
  }
  return gray;
}

function rotate(gray: Uint8Array, width: number, height: number, turns: QuarterTurns) {
  const out = new Uint8Array(gray.length);
  const turned = turns % 2 === 1;
  const w = turned ? height : width;
  const h = turned ? width : height;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const source =
        turns === 1 ? (height - 1 - x) * width + y : turns === 2 ? (height - 1 - y) * width + (width - 1 - x) : x * width + (width - 1 - y);
      out[y * w + x] = gray[source];
    }
  }
  return { width: w, height: h, pixels: out };
}
