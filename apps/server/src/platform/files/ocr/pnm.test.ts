import { describe, expect, it } from 'vitest';
import { type DecodedImage, toPnm, UnreadableImage } from './pnm';

const headerAndPixels = (pnm: Buffer, headerLines: number) => {
  let at = 0;
  for (let line = 0; line < headerLines; line++) at = pnm.indexOf(0x0a, at) + 1;
  return { header: pnm.subarray(0, at).toString('latin1'), pixels: [...pnm.subarray(at)] };
};
/** An RGB image whose every pixel is the gray value given (luma of v,v,v is v). */
const grayRgb = (width: number, height: number, values: number[]): DecodedImage => ({
  width,
  height,
  kind: 2,
  data: Uint8Array.from(values.flatMap((v) => [v, v, v])),
});

describe('page images as PNM for tesseract', () => {
  it('writes a one-bit image as PBM, inverting pdf.js’s bits (its 1 is white, PBM’s is black)', () => {
    // 10 pixels wide: two bytes a row, the last six bits padding.
    const image: DecodedImage = { width: 10, height: 2, kind: 1, data: Uint8Array.from([0b11110000, 0b11000000, 0xff, 0xff]) };
    const { header, pixels } = headerAndPixels(toPnm(image), 2);
    expect(header).toBe('P4\n10 2\n');
    expect(pixels).toEqual([0b00001111, 0b00111111, 0x00, 0x00]);
    // An image mask: 0 is ink, 1 is blank paper; the same PBM.
    expect(toPnm({ ...image, kind: 'mask' })).toEqual(toPnm(image));
  });

  it('writes colour as 8-bit gray (PGM), and lays transparency on white', () => {
    const rgb: DecodedImage = { width: 3, height: 1, kind: 2, data: Uint8Array.from([255, 255, 255, 255, 0, 0, 0, 0, 0]) };
    expect(headerAndPixels(toPnm(rgb), 3)).toEqual({ header: 'P5\n3 1\n255\n', pixels: [255, 76, 0] });
    const rgba: DecodedImage = { width: 2, height: 1, kind: 3, data: Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 255]) };
    expect(headerAndPixels(toPnm(rgba), 3).pixels).toEqual([255, 0]);
  });

  it('turns a sideways image upright by quarter turns clockwise', () => {
    // a b c
    // d e f
    const image = grayRgb(3, 2, [1, 2, 3, 4, 5, 6]);
    expect(headerAndPixels(toPnm(image, 1), 3)).toEqual({ header: 'P5\n2 3\n255\n', pixels: [4, 1, 5, 2, 6, 3] });
    expect(headerAndPixels(toPnm(image, 2), 3)).toEqual({ header: 'P5\n3 2\n255\n', pixels: [6, 5, 4, 3, 2, 1] });
    expect(headerAndPixels(toPnm(image, 3), 3)).toEqual({ header: 'P5\n2 3\n255\n', pixels: [3, 6, 2, 5, 1, 4] });
    // A one-bit image that must turn goes through gray: 1 (white) is 255.
    const bits: DecodedImage = { width: 2, height: 1, kind: 1, data: Uint8Array.from([0b10000000]) };
    expect(headerAndPixels(toPnm(bits, 1), 3)).toEqual({ header: 'P5\n1 2\n255\n', pixels: [255, 0] });
  });

  it('refuses an image whose data is shorter than its size says', () => {
    expect(() => toPnm({ width: 100, height: 100, kind: 2, data: new Uint8Array(10) })).toThrow(UnreadableImage);
    expect(() => toPnm({ width: 0, height: 100, kind: 1, data: new Uint8Array(10) })).toThrow(UnreadableImage);
  });
});
