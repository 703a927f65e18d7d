import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import { ruleBasis, type RuleFinding } from './types';

/**
 * The machine-checkable accessibility rules of a PDF (decision 024), from PDF/UA-1 (ISO 14289-1)
 * and WCAG 2.1 as applied to documents (the ADA Title II rule of 2024 points to WCAG 2.1 AA): a
 * text layer, tags and a structure tree, the document's language, a title shown in the window,
 * alternate text on figures, headings that nest, tables with header cells, embedded fonts, and
 * bookmarks in a long document. The file is read object by object with pdf-lib; nothing renders.
 * The anchor is veraPDF's PDF/UA corpus: a file it marks "fail" for one of these rules must fail
 * here too (eval:compliance runs it when the corpus is present).
 */
export interface PdfFacts {
  pages: number;
  tagged: boolean;
  structureTree: boolean;
  language: string | null;
  title: string | null;
  displayDocTitle: boolean;
  figures: number;
  figuresWithoutAlt: number;
  headings: string[];
  tables: number;
  tablesWithoutHeaders: number;
  fontsNotEmbedded: string[];
  bookmarks: number;
  pdfUaIdentifier: boolean;
  hasText: boolean;
}

/** A document this long needs bookmarks (Adobe's checker and the Matterhorn protocol use 21 pages). */
export const BOOKMARKS_FROM_PAGES = 21;
const MAX_NODES = 200_000;
/** A /Lang value is a language tag (ISO 32000-1 14.9.2.1 points to RFC 3066): 1-8 letters, then subtags of 1-8 letters or digits. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

const WCAG = 'https://www.w3.org/TR/WCAG21/';

function textOf(obj: PDFObject | undefined): string | null {
  if (obj instanceof PDFString || obj instanceof PDFHexString) return obj.decodeText().trim() || null;
  return null;
}

export async function readPdfFacts(bytes: Uint8Array, hasText: boolean): Promise<PdfFacts> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const ctx = pdf.context;
  const catalog = pdf.catalog;
  const lookup = <T extends PDFObject>(obj: PDFObject | undefined): T | undefined => (obj instanceof PDFRef ? (ctx.lookup(obj) as T) : (obj as T));
  const markInfo = lookup<PDFDict>(catalog.get(PDFName.of('MarkInfo')));
  const marked = markInfo instanceof PDFDict ? lookup(markInfo.get(PDFName.of('Marked'))) : undefined;
  const structRoot = lookup<PDFDict>(catalog.get(PDFName.of('StructTreeRoot')));
  const prefs = lookup<PDFDict>(catalog.get(PDFName.of('ViewerPreferences')));
  const display = prefs instanceof PDFDict ? lookup(prefs.get(PDFName.of('DisplayDocTitle'))) : undefined;
  const outlines = lookup<PDFDict>(catalog.get(PDFName.of('Outlines')));
  const xmp = metadataXml(lookup(catalog.get(PDFName.of('Metadata'))));
  const xmpTitle = xmp ? /<dc:title>[\s\S]*?<rdf:li[^>]*>([^<]+)<\/rdf:li>/.exec(xmp)?.[1]?.trim() ?? null : null;

  const facts: PdfFacts = {
    pages: pdf.getPageCount(),
    tagged: marked instanceof PDFBool && marked.asBoolean(),
    structureTree: structRoot instanceof PDFDict,
    language: textOf(lookup(catalog.get(PDFName.of('Lang')))),
    title: pdf.getTitle()?.trim() || xmpTitle || null,
    displayDocTitle: display instanceof PDFBool && display.asBoolean(),
    figures: 0,
    figuresWithoutAlt: 0,
    headings: [],
    tables: 0,
    tablesWithoutHeaders: 0,
    fontsNotEmbedded: unembeddedFonts(pdf),
    bookmarks: outlines instanceof PDFDict ? countOutline(outlines, lookup) : 0,
    pdfUaIdentifier: !!xmp && /pdfuaid:part\s*(?:=\s*["']\d|>\s*\d)/.test(xmp),
    hasText,
  };
  if (structRoot instanceof PDFDict) walkStructure(structRoot, lookup, facts);
  return facts;
}

function metadataXml(stream: PDFObject | undefined): string | null {
  if (!(stream instanceof PDFStream)) return null;
  try {
    // XMP is stored uncompressed by rule (ISO 32000 14.3.2); a compressed one is not read.
    return Buffer.from(stream.getContents()).toString('utf8');
  } catch {
    return null;
  }
}

type Lookup = <T extends PDFObject>(obj: PDFObject | undefined) => T | undefined;

function countOutline(outlines: PDFDict, lookup: Lookup): number {
  let count = 0;
  const stack: PDFDict[] = [];
  const first = lookup<PDFDict>(outlines.get(PDFName.of('First')));
  if (first instanceof PDFDict) stack.push(first);
  const seen = new Set<PDFDict>();
  while (stack.length && count < MAX_NODES) {
    const item = stack.pop()!;
    if (seen.has(item)) continue;
    seen.add(item);
    count++;
    const next = lookup<PDFDict>(item.get(PDFName.of('Next')));
    const child = lookup<PDFDict>(item.get(PDFName.of('First')));
    if (next instanceof PDFDict) stack.push(next);
    if (child instanceof PDFDict) stack.push(child);
  }
  return count;
}

function walkStructure(root: PDFDict, lookup: Lookup, facts: PdfFacts) {
  const roleMap = lookup<PDFDict>(root.get(PDFName.of('RoleMap')));
  const standard = (name: string) => {
    let role = name;
    for (let i = 0; i < 8 && roleMap instanceof PDFDict; i++) {
      const mapped = lookup(roleMap.get(PDFName.of(role)));
      if (!(mapped instanceof PDFName)) break;
      role = mapped.decodeText();
    }
    return role;
  };
  const seen = new Set<PDFObject>();
  let nodes = 0;
  const visit = (obj: PDFObject | undefined, inTable: { th: boolean } | null): void => {
    const node = lookup(obj);
    if (!node || seen.has(node) || ++nodes > MAX_NODES) return;
    seen.add(node);
    if (node instanceof PDFArray) {
      for (let i = 0; i < node.size(); i++) visit(node.get(i), inTable);
      return;
    }
    if (!(node instanceof PDFDict)) return;
    const s = lookup(node.get(PDFName.of('S')));
    const role = s instanceof PDFName ? standard(s.decodeText()) : null;
    if (role === 'Figure') {
      facts.figures++;
      const alt = textOf(lookup(node.get(PDFName.of('Alt')))) ?? textOf(lookup(node.get(PDFName.of('ActualText'))));
      if (!alt) facts.figuresWithoutAlt++;
    }
    if (role && /^H[1-6]$/.test(role)) facts.headings.push(role);
    if (role === 'TH' && inTable) inTable.th = true;
    if (role === 'Table') {
      facts.tables++;
      const table = { th: false };
      visit(node.get(PDFName.of('K')), table);
      if (!table.th) facts.tablesWithoutHeaders++;
      return;
    }
    visit(node.get(PDFName.of('K')), inTable);
  };
  visit(root.get(PDFName.of('K')), null);
}

/**
 * Fonts the pages draw with (their resources, the forms they paint and their annotations'
 * appearances) that carry no font program. A font merely left in the file — an Acrobat form's
 * default Helvetica from an earlier revision — draws nothing and is not counted.
 */
function unembeddedFonts(pdf: PDFDocument): string[] {
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

export function checkAccessibility(facts: PdfFacts): RuleFinding[] {
  const out: RuleFinding[] = [];
  const add = (rule: string, severity: RuleFinding['severity'], reference: string, title: string, explanation: string, suggestion: string) =>
    out.push({ ruleSet: 'accessibility', rule: `accessibility.${rule}`, severity, start: null, end: null, quote: '', basis: ruleBasis(reference, title, null, WCAG), explanation, suggestion });
  if (!facts.hasText) add('no_text_layer', 'critical', 'WCAG 2.1 SC 1.1.1; PDF/UA-1 7.3', 'Text is real text, not an image of it', 'The PDF has no text layer: it is an image of pages (a scan). A screen reader reads nothing.', 'Run OCR on the scan and tag the result, or publish the source document as a tagged PDF.');
  if (!facts.tagged) add('not_tagged', 'high', 'PDF/UA-1 7.1; WCAG 2.1 SC 1.3.1', 'The document is tagged (MarkInfo /Marked true)', 'The PDF is not marked as tagged, so assistive technology cannot rely on its structure.', 'Export from the authoring program with "tagged PDF" (accessibility) turned on.');
  if (!facts.structureTree) add('no_structure_tree', 'high', 'PDF/UA-1 7.1; WCAG 2.1 SC 1.3.1', 'A structure tree holds the content in reading order', 'The PDF has no structure tree: headings, lists, tables and reading order are unknown to a screen reader.', 'Export with tags, or add tags in a PDF editor.');
  if (!facts.language) add('no_language', 'medium', 'WCAG 2.1 SC 3.1.1; PDF/UA-1 7.2', 'The document states its language', 'The document does not state its language (the catalog has no /Lang), so a screen reader may read it with the wrong voice.', 'Set the document language (e.g. en-US) in the document properties.');
  else if (!LANGUAGE_TAG.test(facts.language)) add('no_language', 'medium', 'WCAG 2.1 SC 3.1.1; PDF/UA-1 7.2', 'The document states its language', `The document's language (/Lang "${facts.language}") is not a language tag, so a screen reader cannot tell which voice to use.`, 'Set the document language to a language code such as en-US in the document properties.');
  if (!facts.title) add('no_title', 'medium', 'WCAG 2.1 SC 2.4.2; PDF/UA-1 7.1', 'The document has a title', 'The document has no title in its metadata.', 'Give the document a descriptive title in its properties.');
  else if (!facts.displayDocTitle) add('title_not_displayed', 'low', 'PDF/UA-1 7.1 (DisplayDocTitle)', 'The title, not the file name, is shown in the window', 'The viewer shows the file name instead of the document title (ViewerPreferences /DisplayDocTitle is not true).', 'Set the initial view to show the document title.');
  if (facts.figuresWithoutAlt) add('figure_without_alt', 'high', 'WCAG 2.1 SC 1.1.1; PDF/UA-1 7.3', 'Figures have alternate text', `${facts.figuresWithoutAlt} of ${facts.figures} figure${facts.figures === 1 ? '' : 's'} have no alternate text.`, 'Describe each figure in its alternate text, or mark a decorative one as an artifact.');
  const skipped = headingJumps(facts.headings);
  if (skipped.length) add('heading_skipped', 'medium', 'PDF/UA-1 7.4.2; WCAG 2.1 SC 1.3.1', 'Headings nest without skipping a level', `The headings skip levels: ${skipped.join(', ')}.`, 'Use heading levels in order (H1, then H2, then H3...).');
  if (facts.tablesWithoutHeaders) add('table_without_headers', 'medium', 'PDF/UA-1 7.5; WCAG 2.1 SC 1.3.1', 'Tables have header cells', `${facts.tablesWithoutHeaders} of ${facts.tables} table${facts.tables === 1 ? '' : 's'} have no header cells (TH).`, 'Mark the header row or column of each table as header cells.');
  if (facts.fontsNotEmbedded.length) add('font_not_embedded', 'medium', 'PDF/UA-1 7.21.4.1', 'Fonts are embedded', `Fonts not embedded: ${facts.fontsNotEmbedded.slice(0, 8).join(', ')}${facts.fontsNotEmbedded.length > 8 ? '...' : ''}.`, 'Export with all fonts embedded.');
  if (facts.pages >= BOOKMARKS_FROM_PAGES && facts.bookmarks === 0) add('no_bookmarks', 'low', 'WCAG 2.1 SC 2.4.5', 'A long document has bookmarks', `The document has ${facts.pages} pages and no bookmarks to move between its parts.`, 'Create bookmarks from the headings when exporting.');
  if (facts.tagged && !facts.pdfUaIdentifier) add('no_pdfua_identifier', 'low', 'PDF/UA-1 5', 'The file says it conforms to PDF/UA', 'The metadata has no PDF/UA identifier (pdfuaid:part).', 'Export as PDF/UA from a program that checks it.');
  return out;
}

/** "H1 → H3" for each heading more than one level below the one before it; PDF/UA-1 7.4.2 wants H1 first, so "start → H2" too. */
function headingJumps(headings: string[]): string[] {
  const jumps: string[] = [];
  let previous = 0;
  for (const h of headings) {
    const level = Number(h[1]);
    if (level > previous + 1) jumps.push(`${previous ? `H${previous}` : 'start'} → H${level}`);
    previous = level;
  }
  return [...new Set(jumps)];
}
