import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, type PDFObject } from 'pdf-lib';
import { ANY_OWNER, type MarkedContentIndex } from './pdf-content';
import { childElements, tableHeaders, type StructureReader } from './pdf-tables';
import { exactTextOf, textOf } from './pdf-text';

/**
 * One walk of the structure tree in reading order (PDF/UA-1 7.1-7.5): element types through the
 * role map, figures' alternate text, heading levels, unnumbered H, tables' header cells, where the
 * elements point into the content (MCIDs) and which text can tell its language.
 */
export interface StructureFacts {
  figures: number;
  figuresWithoutAlt: number;
  /** H1..H6 in reading order. */
  headings: string[];
  /** Unnumbered headings (H). */
  unnumberedHeadings: number;
  /** Elements with more than one H among their children. */
  elementsWithSeveralH: number;
  tables: number;
  tablesWithoutHeaders: number;
  tablesWithUnassociatedCells: number;
  cellsWithoutHeaders: number;
  unknownHeaderIds: string[];
  /** Role map faults of the types the tree uses, e.g. "Document → Book (a standard type remapped)". */
  roleMapProblems: string[];
  /** Alt, ActualText and E entries no Lang applies to (counted only when the catalog has no Lang). */
  alternateTextsWithoutLanguage: number;
}

export interface StructureIndex {
  marked: MarkedContentIndex;
  /** Objects the tree references (annotations, form widgets) -> the element holding the reference has a Lang. */
  objects: Map<string, boolean>;
}

/** The standard structure types of ISO 32000-1 14.8.4, the ones PDF/UA-1 knows. */
export const STANDARD_TYPES = new Set(
  'Document Part Art Sect Div BlockQuote Caption TOC TOCI Index NonStruct Private P H H1 H2 H3 H4 H5 H6 L LI Lbl LBody Table TR TH TD THead TBody TFoot Span Quote Note Reference BibEntry Code Link Annot Ruby RB RT RP Warichu WT WP Figure Formula Form'.split(
    ' ',
  ),
);
const MAX_NODES = 200_000;
const MAX_DEPTH = 1_000;
const PROBLEMS_LISTED = 8;
const IDS_LISTED = 8;

type Lookup = StructureReader['lookup'];

export function readStructure(root: PDFDict, lookup: Lookup, catalogLanguage: boolean): { facts: StructureFacts; index: StructureIndex } {
  const facts: StructureFacts = {
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
  const index: StructureIndex = { marked: new Map(), objects: new Map() };
  const roles = roleResolver(lookup(root.get(PDFName.of('RoleMap'))), lookup);
  const reader = structureReader(root, lookup, roles.standardType);
  const seen = new Set<PDFObject>();
  const mark = (key: string, language: boolean) => {
    index.marked.set(key, language || index.marked.get(key) === true);
  };
  const refKey = (obj: PDFObject | undefined) => (obj instanceof PDFRef ? obj.toString() : null);

  const visit = (obj: PDFObject | undefined, page: string | null, language: boolean, ownLanguage: boolean, depth: number): void => {
    const node = lookup(obj);
    if (node instanceof PDFNumber) {
      mark(`${page ?? ANY_OWNER}:${node.asNumber()}`, language);
      return;
    }
    if (!node || seen.has(node) || seen.size > MAX_NODES || depth > MAX_DEPTH) return;
    seen.add(node);
    if (node instanceof PDFArray) {
      for (const kid of node.asArray()) visit(kid, page, language, ownLanguage, depth + 1);
      return;
    }
    if (!(node instanceof PDFDict)) return;
    const type = lookup(node.get(PDFName.of('Type')));
    const kind = type instanceof PDFName ? type.decodeText() : null;
    if (kind === 'MCR') {
      const mcid = lookup(node.get(PDFName.of('MCID')));
      const owner = refKey(node.get(PDFName.of('Stm'))) ?? refKey(node.get(PDFName.of('Pg'))) ?? page ?? ANY_OWNER;
      if (mcid instanceof PDFNumber) mark(`${owner}:${mcid.asNumber()}`, language);
      return;
    }
    if (kind === 'OBJR') {
      // veraPDF reads an annotation's or a form field's language off the element holding it, not its ancestors.
      const target = refKey(node.get(PDFName.of('Obj')));
      if (target) index.objects.set(target, ownLanguage || index.objects.get(target) === true);
      return;
    }
    if (!(node.get(PDFName.of('S')) instanceof PDFName)) return;
    const own = !!textOf(lookup(node.get(PDFName.of('Lang'))));
    const standard = roles.standardType(node);
    readElement(node, standard, language || own);
    visit(node.get(PDFName.of('K')), refKey(node.get(PDFName.of('Pg'))) ?? page, language || own, own, depth + 1);
  };

  const readElement = (elem: PDFDict, standard: string | null, language: boolean) => {
    const entry = (key: string) => lookup(elem.get(PDFName.of(key)));
    if (!catalogLanguage && !language) facts.alternateTextsWithoutLanguage += ['Alt', 'ActualText', 'E'].filter((k) => entry(k) !== undefined).length;
    if (standard === 'Figure') {
      facts.figures++;
      // veraPDF's reading of 7.3: a non-empty Alt, or an ActualText (even empty: the figure reads as nothing).
      if (!textOf(entry('Alt')) && exactTextOf(entry('ActualText')) === null) facts.figuresWithoutAlt++;
    }
    if (standard && /^H[1-6]$/.test(standard)) facts.headings.push(standard);
    if (standard === 'H') facts.unnumberedHeadings++;
    if (childElements(elem, lookup).filter((kid) => roles.standardType(kid) === 'H').length > 1) facts.elementsWithSeveralH++;
    if (standard === 'Table') {
      facts.tables++;
      const table = tableHeaders(elem, reader);
      if (!table.hasHeaderCells) facts.tablesWithoutHeaders++;
      if (table.cellsWithoutHeaders) {
        facts.tablesWithUnassociatedCells++;
        facts.cellsWithoutHeaders += table.cellsWithoutHeaders;
        for (const id of table.unknownHeaderIds) if (facts.unknownHeaderIds.length < IDS_LISTED && !facts.unknownHeaderIds.includes(id)) facts.unknownHeaderIds.push(id);
      }
    }
  };

  visit(root.get(PDFName.of('K')), null, false, false, 0);
  facts.roleMapProblems = roles.problems().slice(0, PROBLEMS_LISTED);
  return { facts, index };
}

/**
 * Standard types through the role map (PDF/UA-1 7.1): a standard type is itself and may not be
 * remapped; any other type must reach a standard one without going round in a circle.
 */
function roleResolver(roleMap: PDFObject | undefined, lookup: Lookup) {
  const map = roleMap instanceof PDFDict ? roleMap : undefined;
  const mapped = (type: string) => {
    const to = map ? lookup(map.get(PDFName.of(type))) : undefined;
    return to instanceof PDFName ? to.decodeText() : null;
  };
  const cache = new Map<string, string | null>();
  const problems = new Map<string, string>();
  const resolve = (type: string): string | null => {
    if (cache.has(type)) return cache.get(type)!;
    let result: string | null = null;
    if (STANDARD_TYPES.has(type)) {
      result = type;
      const to = mapped(type);
      if (to !== null) problems.set(type, `${type} → ${to || '(empty)'} (a standard type remapped)`);
    } else {
      const chain = [type];
      for (let to = mapped(type); ; to = mapped(chain.at(-1)!)) {
        if (to === null || to === '') {
          problems.set(type, `${chain.join(' → ')}${to === '' ? ' → (empty)' : ''} (not mapped to a standard type)`);
          break;
        }
        if (chain.includes(to)) {
          problems.set(type, `${[...chain, to].join(' → ')} (a circular mapping)`);
          break;
        }
        if (STANDARD_TYPES.has(to)) {
          result = to;
          break;
        }
        chain.push(to);
      }
    }
    cache.set(type, result);
    return result;
  };
  return {
    standardType: (elem: PDFDict) => {
      const s = lookup(elem.get(PDFName.of('S')));
      return s instanceof PDFName ? resolve(s.decodeText()) : null;
    },
    problems: () => [...problems.values()],
  };
}

function structureReader(root: PDFDict, lookup: Lookup, standardType: (elem: PDFDict) => string | null): StructureReader {
  const classMap = lookup(root.get(PDFName.of('ClassMap')));
  const dictsOf = (obj: PDFObject | undefined): PDFDict[] => {
    const v = lookup(obj);
    if (v instanceof PDFDict) return [v];
    return v instanceof PDFArray ? v.asArray().map((x) => lookup(x)).filter((x): x is PDFDict => x instanceof PDFDict) : [];
  };
  const attribute = (elem: PDFDict, owner: string, key: string) => {
    const classes = lookup(elem.get(PDFName.of('C')));
    const classNames = classes instanceof PDFArray ? classes.asArray().map((x) => lookup(x)) : [classes];
    const fromClasses = classMap instanceof PDFDict ? classNames.flatMap((c) => (c instanceof PDFName ? dictsOf(classMap.get(c)) : [])) : [];
    // Attributes given on the element win over its classes' (ISO 32000-1 14.7.5.2).
    for (const dict of [...dictsOf(elem.get(PDFName.of('A'))), ...fromClasses]) {
      const o = lookup(dict.get(PDFName.of('O')));
      const value = dict.get(PDFName.of(key));
      if (o instanceof PDFName && o.decodeText() === owner && value !== undefined) return value;
    }
    return undefined;
  };
  return { lookup, standardType, attribute };
}
