import { PDFBool, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';
import { readContent, type ContentFacts } from './pdf-content';
import { textsWithoutLanguage } from './pdf-language';
import { unembeddedFonts } from './pdf-fonts';
import { readStructure, type StructureFacts } from './pdf-structure';
import { textOf } from './pdf-text';
import { ruleBasis, type RuleFinding } from './types';

/**
 * The machine-checkable accessibility rules of a PDF (decision 024), from PDF/UA-1 (ISO 14289-1)
 * and WCAG 2.1 as applied to documents (the ADA Title II rule of 2024 points to WCAG 2.1 AA). Of
 * PDF/UA-1 they check: 7.1 (tagged, a structure tree, every piece of page content tagged or an
 * artifact and never both, tags not suspect, a sound role map, a title in the metadata shown in
 * the window), 7.2 (the language of all text determinable, the catalog /Lang a valid language tag),
 * 7.3 (figures' alternate text), 7.4.2 and 7.4.4 (numbered headings start at H1 and skip no
 * level; unnumbered H at most one per element and never mixed with H1-H6), 7.5 (each data cell
 * has a header cell: TH with Scope, or Headers naming TH IDs), 7.21.4.1 (fonts embedded). Font
 * subsets' CharSet/CIDSet (7.21.4.2) and the other font clauses need the font programs read and
 * are not checked. Besides: a text layer, TH in every table and bookmarks in a long document
 * (WCAG 2.1). The file is read object by object with pdf-lib, and the pages' content streams
 * token by token; nothing renders. The anchor is veraPDF's PDF/UA-1 corpus
 * (eval/compliance/verapdf.ts): on the tests mapped there, a file it marks "fail" is flagged by
 * the rule of that test here, and a file it marks "pass" is not.
 */
/** What the rules read of a PDF: the structure tree's facts (none, when it has no tree) and the file's own. */
export interface PdfFacts extends Omit<StructureFacts, 'alternateTextsWithoutLanguage'> {
  pages: number;
  tagged: boolean;
  /** MarkInfo /Suspects true: the tags may not be right (PDF/UA-1 7.1). */
  suspects: boolean;
  structureTree: boolean;
  language: string | null;
  title: string | null;
  displayDocTitle: boolean;
  /** What the content streams say about tagging; null when they were not read (no structure tree and a catalog /Lang). */
  content: Omit<ContentFacts, 'textWithoutLanguage' | 'spansWithoutLanguage'> | null;
  /** Texts whose language cannot be determined (PDF/UA-1 7.2), e.g. "the bookmarks (outline)". */
  textsWithoutLanguage: string[];
  fontsNotEmbedded: string[];
  bookmarks: number;
  pdfUaIdentifier: boolean;
  hasText: boolean;
}

/** The structure facts of a PDF without a structure tree: nothing found. */
const NO_STRUCTURE: StructureFacts = {
  figures: 0,
  figuresWithoutAlt: 0,
  headings: [],
  unnumberedHeadings: 0,
  elementsWithSeveralH: 0,
  tables: 0,
  tablesWithoutHeaders: 0,
  tablesWithUnassociatedCells: 0,
  cellsWithoutHeaders: 0,
  unknownHeaderIds: [],
  roleMapProblems: [],
  alternateTextsWithoutLanguage: 0,
};

/** A document this long needs bookmarks (Adobe's checker and the Matterhorn protocol use 21 pages). */
export const BOOKMARKS_FROM_PAGES = 21;
const MAX_NODES = 200_000;
/** A /Lang value is a language tag (ISO 32000-1 14.9.2.1 points to RFC 3066): 1-8 letters, then subtags of 1-8 letters or digits. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

const WCAG = 'https://www.w3.org/TR/WCAG21/';

export async function readPdfFacts(bytes: Uint8Array, hasText: boolean): Promise<PdfFacts> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const ctx = pdf.context;
  const catalog = pdf.catalog;
  const lookup = <T extends PDFObject>(obj: PDFObject | undefined): T | undefined => (obj instanceof PDFRef ? (ctx.lookup(obj) as T) : (obj as T));
  const markInfo = lookup<PDFDict>(catalog.get(PDFName.of('MarkInfo')));
  const flag = (dict: PDFDict | undefined, key: string) => {
    const v = dict instanceof PDFDict ? lookup(dict.get(PDFName.of(key))) : undefined;
    return v instanceof PDFBool && v.asBoolean();
  };
  const structRoot = lookup<PDFDict>(catalog.get(PDFName.of('StructTreeRoot')));
  const prefs = lookup<PDFDict>(catalog.get(PDFName.of('ViewerPreferences')));
  const outlines = lookup<PDFDict>(catalog.get(PDFName.of('Outlines')));
  const xmp = metadataXml(lookup(catalog.get(PDFName.of('Metadata'))));
  const xmpTitle = xmp ? /<dc:title>[\s\S]*?<rdf:li[^>]*>([^<]+)<\/rdf:li>/.exec(xmp)?.[1]?.trim() ?? null : null;
  const language = textOf(lookup(catalog.get(PDFName.of('Lang'))));

  const structure = structRoot instanceof PDFDict ? readStructure(structRoot, lookup, !!language) : null;
  const content =
    structure || !language
      ? readContent(ctx, pdf.getPages().map((p) => ({ ref: p.ref, node: p.node, resources: p.node.Resources() })), { index: structure?.index.marked ?? new Map(), catalogLanguage: !!language })
      : null;
  const { alternateTextsWithoutLanguage: _alternates, ...tree } = structure?.facts ?? NO_STRUCTURE;
  return {
    pages: pdf.getPageCount(),
    tagged: flag(markInfo, 'Marked'),
    suspects: flag(markInfo, 'Suspects'),
    structureTree: structRoot instanceof PDFDict,
    language,
    title: pdf.getTitle()?.trim() || xmpTitle || null,
    displayDocTitle: flag(prefs, 'DisplayDocTitle'),
    ...tree,
    content: content && structure ? { untagged: content.untagged, untaggedPages: content.untaggedPages, pagesWithUntagged: content.pagesWithUntagged, artifactsInContent: content.artifactsInContent, contentInArtifacts: content.contentInArtifacts, complete: content.complete } : null,
    textsWithoutLanguage: language ? [] : textsWithoutLanguage(pdf, lookup, structure, content, xmp),
    fontsNotEmbedded: unembeddedFonts(pdf),
    bookmarks: outlines instanceof PDFDict ? countOutline(outlines, lookup) : 0,
    pdfUaIdentifier: !!xmp && /pdfuaid:part\s*(?:=\s*["']\d|>\s*\d)/.test(xmp),
    hasText,
  };
}

function metadataXml(stream: PDFObject | undefined): string | null {
  if (!(stream instanceof PDFStream)) return null;
  try {
    // XMP is meant to be stored uncompressed (ISO 32000-1 14.3.2), but some writers compress it.
    const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
    return Buffer.from(bytes).toString('utf8');
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

export function checkAccessibility(facts: PdfFacts): RuleFinding[] {
  const out: RuleFinding[] = [];
  const add = (rule: string, severity: RuleFinding['severity'], reference: string, title: string, explanation: string, suggestion: string) =>
    out.push({ ruleSet: 'accessibility', rule: `accessibility.${rule}`, severity, start: null, end: null, quote: '', basis: ruleBasis(reference, title, null, WCAG), explanation, suggestion });
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (!facts.hasText) add('no_text_layer', 'critical', 'WCAG 2.1 SC 1.1.1; PDF/UA-1 7.3', 'Text is real text, not an image of it', 'The PDF has no text layer: it is an image of pages (a scan). A screen reader reads nothing.', 'Run OCR on the scan and tag the result, or publish the source document as a tagged PDF.');
  if (!facts.tagged) add('not_tagged', 'high', 'PDF/UA-1 7.1; WCAG 2.1 SC 1.3.1', 'The document is tagged (MarkInfo /Marked true)', 'The PDF is not marked as tagged, so assistive technology cannot rely on its structure.', 'Export from the authoring program with "tagged PDF" (accessibility) turned on.');
  if (facts.suspects) add('tags_suspect', 'medium', 'PDF/UA-1 7.1', 'The tags are not marked as suspect', 'The file says its tags may be wrong (MarkInfo /Suspects true): the program that made it was not sure it tagged the content correctly.', 'Check the tags in a PDF editor, fix them, and clear the Suspects flag; or export again with tagging turned on.');
  if (!facts.structureTree) add('no_structure_tree', 'high', 'PDF/UA-1 7.1; WCAG 2.1 SC 1.3.1', 'A structure tree holds the content in reading order', 'The PDF has no structure tree: headings, lists, tables and reading order are unknown to a screen reader.', 'Export with tags, or add tags in a PDF editor.');
  const content = facts.structureTree ? facts.content : null;
  if (content?.untagged) {
    const more = content.pagesWithUntagged - content.untaggedPages.length;
    const pages = `page${content.pagesWithUntagged === 1 ? '' : 's'} ${content.untaggedPages.join(', ')}${more ? ` and ${more} more` : ''}`;
    add('content_not_tagged', 'high', 'PDF/UA-1 7.1; WCAG 2.1 SC 1.3.1', 'All content is tagged or marked as an artifact', `${plural(content.untagged, 'piece of page content (text, a drawing or an image) is', 'pieces of page content (text, drawings or images) are')} neither tagged in the structure tree nor marked as an artifact (${pages}): a screen reader skips ${content.untagged === 1 ? 'it' : 'them'} or reads ${content.untagged === 1 ? 'it' : 'them'} out of order.${content.complete ? '' : ' Part of the page content could not be read, so there may be more.'}`, 'Tag the content in a PDF editor (or re-export with tags), and mark decoration such as page numbers, rules and backgrounds as artifacts.');
  }
  if (content && (content.artifactsInContent || content.contentInArtifacts)) {
    const parts = [content.artifactsInContent ? plural(content.artifactsInContent, 'artifact sits inside tagged content', 'artifacts sit inside tagged content') : '', content.contentInArtifacts ? plural(content.contentInArtifacts, 'piece of tagged content sits inside an artifact', 'pieces of tagged content sit inside artifacts') : ''].filter(Boolean);
    add('artifact_mixed_with_content', 'medium', 'PDF/UA-1 7.1', 'Artifacts and real content are kept apart', `In the page content, ${parts.join(' and ')}: content cannot be both decoration and real content.`, 'In a PDF editor, move the decoration out of the tagged content (or the real content out of the artifact).');
  }
  if (facts.roleMapProblems.length) add('role_map_invalid', 'medium', 'PDF/UA-1 7.1', 'Custom tags map to standard ones; standard tags keep their meaning', `The structure tree's role map is not sound: ${facts.roleMapProblems.join('; ')}. Assistive technology cannot tell what those elements are.`, 'Map each custom tag to the nearest standard tag (P, H1, Figure...), without remapping standard tags or mapping in a circle.');
  if (!facts.language) {
    // Without a catalog /Lang, PDF/UA-1 7.2 still passes when every text states its own language; the finding says which do not.
    const unstated = facts.textsWithoutLanguage.length ? ` Nor do these texts state a language of their own (PDF/UA-1 7.2): ${facts.textsWithoutLanguage.join('; ')}.` : '';
    add('no_language', 'medium', `WCAG 2.1 SC 3.1.1${unstated ? '; PDF/UA-1 7.2' : ''}`, 'The document states its language', `The document does not state its language (the catalog has no /Lang), so a screen reader may read it with the wrong voice.${unstated}`, 'Set the document language (e.g. en-US) in the document properties; it covers every text that does not state its own.');
  } else if (!LANGUAGE_TAG.test(facts.language)) add('no_language', 'medium', 'WCAG 2.1 SC 3.1.1; PDF/UA-1 7.2', 'The document states its language', `The document's language (/Lang "${facts.language}") is not a language tag, so a screen reader cannot tell which voice to use.`, 'Set the document language to a language code such as en-US in the document properties.');
  if (!facts.title) add('no_title', 'medium', 'WCAG 2.1 SC 2.4.2; PDF/UA-1 7.1', 'The document has a title', 'The document has no title in its metadata.', 'Give the document a descriptive title in its properties.');
  else if (!facts.displayDocTitle) add('title_not_displayed', 'low', 'PDF/UA-1 7.1 (DisplayDocTitle)', 'The title, not the file name, is shown in the window', 'The viewer shows the file name instead of the document title (ViewerPreferences /DisplayDocTitle is not true).', 'Set the initial view to show the document title.');
  if (facts.figuresWithoutAlt) add('figure_without_alt', 'high', 'WCAG 2.1 SC 1.1.1; PDF/UA-1 7.3', 'Figures have alternate text', `${facts.figuresWithoutAlt} of ${facts.figures} figure${facts.figures === 1 ? '' : 's'} have no alternate text.`, 'Describe each figure in its alternate text, or mark a decorative one as an artifact.');
  const skipped = headingJumps(facts.headings);
  if (skipped.length) add('heading_skipped', 'medium', 'PDF/UA-1 7.4.2; WCAG 2.1 SC 1.3.1', 'Headings nest without skipping a level', `The headings skip levels: ${skipped.join(', ')}.`, 'Use heading levels in order (H1, then H2, then H3...).');
  if (facts.elementsWithSeveralH) add('heading_h_repeated', 'medium', 'PDF/UA-1 7.4.4; WCAG 2.1 SC 1.3.1', 'Each section has at most one unnumbered heading (H)', `${plural(facts.elementsWithSeveralH, 'structure element has', 'structure elements have')} more than one unnumbered heading (H) among its children: a section tagged with H has one heading, and each further heading starts a section of its own.`, 'Wrap each heading and its text in a section (Sect) of its own, or use numbered headings (H1-H6).');
  if (facts.unnumberedHeadings && facts.headings.length) add('heading_kinds_mixed', 'medium', 'PDF/UA-1 7.4.4; WCAG 2.1 SC 1.3.1', 'Headings are either all numbered (H1-H6) or all unnumbered (H)', `The document mixes ${plural(facts.unnumberedHeadings, 'unnumbered heading (H)', 'unnumbered headings (H)')} with ${plural(facts.headings.length, 'numbered heading', 'numbered headings')} (${[...new Set(facts.headings)].sort().join(', ')}), so the heading levels a screen reader announces do not add up.`, 'Use numbered headings (H1-H6) throughout, or unnumbered H in nested sections throughout.');
  if (facts.tablesWithoutHeaders) add('table_without_headers', 'medium', 'WCAG 2.1 SC 1.3.1; PDF/UA-1 7.5 (recommendation)', 'Tables have header cells', `${facts.tablesWithoutHeaders} of ${facts.tables} table${facts.tables === 1 ? '' : 's'} have no header cells (TH).`, 'Mark the header row or column of each table as header cells.');
  if (facts.cellsWithoutHeaders) {
    const unknown = facts.unknownHeaderIds.length ? ` Headers lists name IDs no header cell has: ${facts.unknownHeaderIds.map((id) => `"${id}"`).join(', ')}.` : '';
    add('table_header_not_associated', 'medium', 'PDF/UA-1 7.5; WCAG 2.1 SC 1.3.1', 'Each data cell has a header cell', `In ${plural(facts.tablesWithUnassociatedCells, 'table', 'tables')}, ${plural(facts.cellsWithoutHeaders, 'data cell (TD) has', 'data cells (TD) have')} no header cell a screen reader can announce with it: the TH cells have no Scope and the cell names no header IDs (Headers) that exist.${unknown}`, 'Give every header cell (TH) a Scope (Column, Row or Both), or give each header an ID and list those IDs in each data cell\'s Headers.');
  }
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
