import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream } from 'pdf-lib';

/**
 * The largest image, in pixels, that page `n`'s resources hold (forms' resources too), as the
 * images' own dictionaries say, decoding nothing; null when pdf-lib cannot read the file.
 *
 * pdf.js leaves an image over its `maxImageSize` out of the page without telling the caller, so a
 * page that shows no image is looked at here to tell "too large" from "nothing there". Only for that
 * explanation: a page's resources may list images that it never draws.
 */
export async function largestDeclaredImage(document: Promise<PDFDocument | null>, n: number): Promise<number | null> {
  const doc = await document;
  if (!doc || n > doc.getPageCount()) return null;
  let largest = 0;
  const seen = new Set<PDFDict>();
  const visit = (resources: PDFDict | undefined, depth: number) => {
    const xobjects = resources?.lookup(PDFName.of('XObject'));
    if (!(xobjects instanceof PDFDict) || depth > 8) return;
    for (const [, value] of xobjects.entries()) {
      const stream = doc.context.lookup(value);
      if (!(stream instanceof PDFStream) || seen.has(stream.dict)) continue;
      seen.add(stream.dict);
      const subtype = stream.dict.lookup(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Image')) {
        const [width, height] = [stream.dict.lookup(PDFName.of('Width')), stream.dict.lookup(PDFName.of('Height'))];
        if (width instanceof PDFNumber && height instanceof PDFNumber) largest = Math.max(largest, width.asNumber() * height.asNumber());
      } else if (subtype === PDFName.of('Form')) {
        const inner = stream.dict.lookup(PDFName.of('Resources'));
        visit(inner instanceof PDFDict ? inner : undefined, depth + 1);
      }
    }
  };
  try {
    visit(doc.getPage(n - 1).node.Resources(), 0);
  } catch {
    return null;
  }
  return largest;
}

/** The file's structure for largestDeclaredImage, parsed once per document and only when asked. */
export function loadStructure(bytes: Uint8Array): Promise<PDFDocument | null> {
  return PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
}
