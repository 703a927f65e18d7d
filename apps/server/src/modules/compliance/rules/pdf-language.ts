import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib';
import type { ContentFacts } from './pdf-content';
import type { StructureFacts, StructureIndex } from './pdf-structure';
import { textOf } from './pdf-text';

/**
 * PDF/UA-1 7.2: the natural language of every text a reader speaks must be determinable. A catalog
 * /Lang settles it for the whole file; without one, each text needs a Lang of its own or from the
 * structure element (or marked content) it sits in. Outline titles and metadata written as
 * x-default can only take the catalog's. Returns what has no language, for the finding's text.
 */
export function textsWithoutLanguage(
  pdf: PDFDocument,
  lookup: (obj: PDFObject | undefined) => PDFObject | undefined,
  structure: { facts: StructureFacts; index: StructureIndex } | null,
  content: ContentFacts | null,
  xmp: string | null,
): string[] {
  const out: string[] = [];
  const count = (n: number, one: string, many: string) => {
    if (n) out.push(`${n} ${n === 1 ? one : many}`);
  };
  const outlines = lookup(pdf.catalog.get(PDFName.of('Outlines')));
  if (outlines instanceof PDFDict && lookup(outlines.get(PDFName.of('First'))) instanceof PDFDict) out.push('the bookmarks (outline)');
  count(structure?.facts.alternateTextsWithoutLanguage ?? 0, 'alternate or replacement text of a structure element', 'alternate or replacement texts of structure elements');
  count(content?.spansWithoutLanguage ?? 0, 'replacement text in the page content', 'replacement texts in the page content');
  count(content?.textWithoutLanguage ?? 0, 'run of page text', 'runs of page text');
  const languageOf = (ref: PDFObject | undefined, dict: PDFDict) =>
    !!textOf(lookup(dict.get(PDFName.of('Lang')))) || (ref instanceof PDFRef && structure?.index.objects.get(ref.toString()) === true);
  let annotations = 0;
  for (const page of pdf.getPages()) {
    const annots = lookup(page.node.get(PDFName.of('Annots')));
    for (const ref of annots instanceof PDFArray ? annots.asArray() : []) {
      const annot = lookup(ref);
      if (annot instanceof PDFDict && textOf(lookup(annot.get(PDFName.of('Contents')))) && !languageOf(ref, annot)) annotations++;
    }
  }
  count(annotations, "annotation's contents", "annotations' contents");
  count(fieldTooltipsWithoutLanguage(pdf, lookup, languageOf), "form field's tooltip (TU)", "form fields' tooltips (TU)");
  if (xmp && /<rdf:li[^>]*xml:lang=["']x-default["']/.test(xmp)) out.push('the metadata (x-default texts such as the title)');
  return out;
}

function fieldTooltipsWithoutLanguage(
  pdf: PDFDocument,
  lookup: (obj: PDFObject | undefined) => PDFObject | undefined,
  languageOf: (ref: PDFObject | undefined, dict: PDFDict) => boolean,
): number {
  const form = lookup(pdf.catalog.get(PDFName.of('AcroForm')));
  const fields = form instanceof PDFDict ? lookup(form.get(PDFName.of('Fields'))) : undefined;
  let missing = 0;
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = fields instanceof PDFArray ? fields.asArray() : [];
  while (stack.length && seen.size < 100_000) {
    const ref = stack.pop()!;
    const field = lookup(ref);
    if (!(field instanceof PDFDict) || seen.has(field)) continue;
    seen.add(field);
    const kids = lookup(field.get(PDFName.of('Kids')));
    const kidRefs = kids instanceof PDFArray ? kids.asArray() : [];
    stack.push(...kidRefs);
    if (!textOf(lookup(field.get(PDFName.of('TU'))))) continue;
    // The field's widgets are what the structure tree references.
    const spoken = languageOf(ref, field) || kidRefs.some((k) => lookup(k) instanceof PDFDict && languageOf(k, lookup(k) as PDFDict));
    if (!spoken) missing++;
  }
  return missing;
}
