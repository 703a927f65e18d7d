import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { ContentLexer, type ContentValue } from './pdf-content-lexer';
import { textOf } from './pdf-text';

/**
 * What the pages' content streams say about tagging (PDF/UA-1 7.1 and 7.2): every piece of content
 * (text, a painted path, an image, a shading) is either inside a marked-content sequence whose MCID
 * belongs to the structure tree or inside an /Artifact sequence, never both; and the language of
 * page text can be told from a Lang on its marked content, its structure element or the catalog.
 * A form XObject's content is read where it is painted, inside the sequences open at that point.
 */
export interface ContentFacts {
  /** Content items neither tagged nor an artifact. */
  untagged: number;
  /** 1-based numbers of the first pages with untagged content, and how many pages have some. */
  untaggedPages: number[];
  pagesWithUntagged: number;
  /** /Artifact sequences opened inside tagged content, and tagged sequences opened inside an artifact. */
  artifactsInContent: number;
  contentInArtifacts: number;
  /** Text items whose language no Lang around them gives (counted only when the catalog has none). */
  textWithoutLanguage: number;
  /** Span sequences carrying ActualText, Alt or E without a language (idem). */
  spansWithoutLanguage: number;
  /** False when a stream could not be decoded or the reading budget ran out. */
  complete: boolean;
}

/** Where structure elements point into the content: `${owner ref}:${MCID}` -> a Lang applies there. */
export type MarkedContentIndex = Map<string, boolean>;
/** The owner part of a key when the structure tree names no page. */
export const ANY_OWNER = '?';

export interface ContentScope {
  index: MarkedContentIndex;
  /** The catalog gives every text a language. */
  catalogLanguage: boolean;
}

const MAX_BYTES = 64 * 1024 * 1024;
const MAX_FORM_DEPTH = 12;
const PAGES_LISTED = 10;
const PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'sh']);
const SHOW_TEXT = new Set(['Tj', 'TJ', "'", '"']);

interface Sequence {
  tagged: boolean;
  artifact: boolean;
  language: boolean;
}

/** One page: its reference (what the structure tree's Pg names), its dictionary and its resources (inherited ones included). */
export interface ContentPage {
  ref: PDFRef;
  node: PDFDict;
  resources: PDFDict | undefined;
}

export function readContent(ctx: PDFContext, pages: ContentPage[], scope: ContentScope): ContentFacts {
  const facts: ContentFacts = { untagged: 0, untaggedPages: [], pagesWithUntagged: 0, artifactsInContent: 0, contentInArtifacts: 0, textWithoutLanguage: 0, spansWithoutLanguage: 0, complete: true };
  const deref = (obj: PDFObject | undefined) => (obj instanceof PDFRef ? ctx.lookup(obj) : obj);
  let budget = MAX_BYTES;

  const decode = (stream: PDFObject | undefined): Uint8Array | null => {
    try {
      if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
      if (stream instanceof PDFStream) return stream.getContents();
    } catch {
      facts.complete = false;
    }
    return null;
  };

  pages.forEach(({ ref, node, resources }, pageIndex) => {
    if (budget <= 0) return;
    const contents = deref(node.get(PDFName.of('Contents')));
    const parts = contents instanceof PDFArray ? contents.asArray().map(deref) : [contents];
    const decoded = parts.map(decode).filter((b): b is Uint8Array => !!b);
    // The streams of one page are one content stream split anywhere, even inside a token.
    const bytes = new Uint8Array(decoded.reduce((n, b) => n + b.length + 1, 0));
    let at = 0;
    for (const b of decoded) {
      bytes.set(b, at);
      bytes[at + b.length] = 0x0a;
      at += b.length + 1;
    }
    const before = facts.untagged;
    try {
      read(bytes, resources, [ref.toString()], [], new Set(), 0);
    } catch {
      // A page whose content cannot be followed (a broken resource chain) is left out, and the facts say so.
      facts.complete = false;
    }
    if (facts.untagged > before && ++facts.pagesWithUntagged <= PAGES_LISTED) facts.untaggedPages.push(pageIndex + 1);
  });
  if (budget <= 0) facts.complete = false;
  return facts;

  function read(bytes: Uint8Array, resources: PDFDict | undefined, owners: string[], open: Sequence[], forms: Set<PDFObject>, depth: number) {
    budget -= bytes.length;
    if (budget < 0) return;
    const base = open.length;
    const isTagged = () => open.some((s) => s.tagged);
    const isArtifact = () => open.some((s) => s.artifact);
    const content = () => {
      if (!isTagged() && !isArtifact()) facts.untagged++;
    };
    const properties = (value: ContentValue | undefined): PDFDict | Map<string, ContentValue> | undefined => {
      if (value instanceof Map) return value;
      if (value && typeof value === 'object' && 'name' in value && resources) {
        const table = deref(resources.get(PDFName.of('Properties')));
        const found = table instanceof PDFDict ? deref(table.get(PDFName.of(value.name))) : undefined;
        return found instanceof PDFDict ? found : undefined;
      }
      return undefined;
    };
    const lexer = new ContentLexer(bytes);
    const operands: ContentValue[] = [];
    for (let token = lexer.next(); token !== null; token = lexer.next()) {
      if (!(typeof token === 'object' && token !== null && 'op' in token)) {
        if (operands.length < 64) operands.push(token);
        continue;
      }
      const op = token.op;
      if (op === 'BMC' || op === 'BDC') {
        const tag = nameOf(operands[0]) ?? '';
        const props = op === 'BDC' ? properties(operands[1]) : undefined;
        const mcid = numberIn(props, 'MCID');
        // The structure tree names the page or form the MCID is in; a tree without Pg names none.
        const keys = mcid === null ? [] : [...owners, ANY_OWNER].map((o) => `${o}:${mcid}`);
        const tagged = keys.some((k) => scope.index.has(k));
        const language = hasText(props, 'Lang') || keys.some((k) => scope.index.get(k) === true);
        const sequence: Sequence = { tagged, artifact: tag === 'Artifact', language };
        if (sequence.artifact && isTagged()) facts.artifactsInContent++;
        if (sequence.tagged && isArtifact()) facts.contentInArtifacts++;
        if (!scope.catalogLanguage && tag === 'Span' && ['ActualText', 'Alt', 'E'].some((k) => has(props, k)) && !sequence.language && !open.some((s) => s.language)) {
          facts.spansWithoutLanguage++;
        }
        open.push(sequence);
      } else if (op === 'EMC') {
        if (open.length > base) open.pop();
      } else if (SHOW_TEXT.has(op)) {
        content();
        if (!scope.catalogLanguage && !open.some((s) => s.language)) facts.textWithoutLanguage++;
      } else if (PAINT.has(op) || op === 'BI') {
        content();
      } else if (op === 'Do') {
        const name = nameOf(operands[0]);
        const xobjects = resources ? deref(resources.get(PDFName.of('XObject'))) : undefined;
        const ref = xobjects instanceof PDFDict && name ? xobjects.get(PDFName.of(name)) : undefined;
        const xobject = deref(ref);
        if (xobject instanceof PDFStream) {
          const subtype = xobject.dict.get(PDFName.of('Subtype'));
          if (subtype instanceof PDFName && subtype.decodeText() === 'Form') {
            if (depth >= MAX_FORM_DEPTH) facts.complete = false;
            else if (!forms.has(xobject)) {
              const formBytes = decode(xobject);
              const own = deref(xobject.dict.get(PDFName.of('Resources')));
              // A form that is itself one structure element's content (/StructParent) is tagged as a whole.
              const whole = xobject.dict.get(PDFName.of('StructParent')) instanceof PDFNumber;
              if (whole) open.push({ tagged: true, artifact: false, language: false });
              forms.add(xobject);
              if (formBytes) read(formBytes, own instanceof PDFDict ? own : resources, ref instanceof PDFRef ? [ref.toString(), ...owners] : owners, open, forms, depth + 1);
              forms.delete(xobject);
              if (whole) open.pop();
            }
          } else content();
        }
      }
      operands.length = 0;
      if (budget < 0) break;
    }
    open.length = Math.min(open.length, base);
  }
}

function nameOf(value: ContentValue | undefined): string | null {
  return value && typeof value === 'object' && 'name' in value ? value.name : null;
}

function numberIn(props: PDFDict | Map<string, ContentValue> | undefined, key: string): number | null {
  if (props instanceof Map) {
    const v = props.get(key);
    return typeof v === 'number' ? v : null;
  }
  const v = props?.get(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : null;
}

function has(props: PDFDict | Map<string, ContentValue> | undefined, key: string): boolean {
  if (props instanceof Map) return props.has(key);
  return props?.get(PDFName.of(key)) !== undefined;
}

function hasText(props: PDFDict | Map<string, ContentValue> | undefined, key: string): boolean {
  if (props instanceof Map) {
    const v = props.get(key);
    return v instanceof Uint8Array && v.length > 0;
  }
  return !!textOf(props?.get(PDFName.of(key)));
}
