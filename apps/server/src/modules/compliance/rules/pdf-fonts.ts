import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';

const MAX_NODES = 200_000;

/**
 * Fonts the pages draw with (their resources, the forms they paint and their annotations'
 * appearances) that carry no font program. A font merely left in the file — an Acrobat form's
 * default Helvetica from an earlier revision — draws nothing and is not counted.
 */
export function unembeddedFonts(pdf: PDFDocument): string[] {
  const ctx = pdf.context;
  const deref = (obj: PDFObject | undefined) => (obj instanceof PDFRef ? ctx.lookup(obj) : obj);
  const names = new Set<string>();
  const seen = new Set<PDFObject>();
  const fonts: PDFDict[] = [];
  const visitResources = (res: PDFObject | undefined, depth: number) => {
    const resources = deref(res);
    if (!(resources instanceof PDFDict) || seen.has(resources) || depth > 20 || seen.size > MAX_NODES) return;
    seen.add(resources);
    const fontDict = deref(resources.get(PDFName.of('Font')));
    if (fontDict instanceof PDFDict) for (const [, f] of fontDict.entries()) if (deref(f) instanceof PDFDict) fonts.push(deref(f) as PDFDict);
    const xobjects = deref(resources.get(PDFName.of('XObject')));
    if (xobjects instanceof PDFDict) {
      for (const [, x] of xobjects.entries()) {
        const stream = deref(x);
        if (stream instanceof PDFStream) visitResources(stream.dict.get(PDFName.of('Resources')), depth + 1);
      }
    }
  };
  for (const page of pdf.getPages()) {
    visitResources(page.node.Resources(), 0);
    const annots = deref(page.node.get(PDFName.of('Annots')));
    if (!(annots instanceof PDFArray)) continue;
    for (let i = 0; i < annots.size(); i++) {
      const annot = deref(annots.get(i));
      const appearance = annot instanceof PDFDict ? deref(annot.get(PDFName.of('AP'))) : undefined;
      const normal = appearance instanceof PDFDict ? deref(appearance.get(PDFName.of('N'))) : undefined;
      const streams = normal instanceof PDFStream ? [normal] : normal instanceof PDFDict ? [...normal.entries()].map(([, v]) => deref(v)) : [];
      for (const stream of streams) if (stream instanceof PDFStream) visitResources(stream.dict.get(PDFName.of('Resources')), 1);
    }
  }
  for (const font of fonts) {
    const subtype = font.get(PDFName.of('Subtype'));
    const sub = subtype instanceof PDFName ? subtype.decodeText() : '';
    // Type 3 glyphs are drawn in the file itself; a Type 0 font's glyphs are in its descendant.
    if (sub === 'Type3') continue;
    const targets =
      sub === 'Type0'
        ? (() => {
            const d = deref(font.get(PDFName.of('DescendantFonts')));
            return d instanceof PDFArray ? [...Array(d.size()).keys()].map((i) => deref(d.get(i))).filter((x): x is PDFDict => x instanceof PDFDict) : [];
          })()
        : [font];
    for (const target of targets) {
      const descriptor = deref(target.get(PDFName.of('FontDescriptor')));
      const embedded = descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.get(PDFName.of(k)) !== undefined);
      if (!embedded) {
        const base = target.get(PDFName.of('BaseFont'));
        names.add(base instanceof PDFName ? base.decodeText() : 'unnamed font');
      }
    }
  }
  return [...names].sort();
}
