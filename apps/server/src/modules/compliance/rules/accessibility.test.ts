import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDict, type PDFObject, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkAccessibility, readPdfFacts } from './accessibility';
import { ContentLexer } from './pdf-content-lexer';

/**
 * The PDF/UA-1 rules on six veraPDF corpus files (fixtures/README.md) and on small tagged PDFs
 * built here, one fault each, so every rule is seen to fire and to stay quiet.
 */
const fixture = (name: string) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

async function findings(bytes: Uint8Array) {
  return checkAccessibility(await readPdfFacts(bytes, true));
}
const rulesOf = async (bytes: Uint8Array) => (await findings(bytes)).map((f) => f.rule.replace('accessibility.', ''));
const finding = async (bytes: Uint8Array, rule: string) => (await findings(bytes)).find((f) => f.rule === `accessibility.${rule}`);

/** A structure element: its type, kids (MCIDs on the page, or elements) and entries. */
interface Elem {
  S: string;
  kids?: (Elem | number)[];
  Lang?: string;
  Alt?: string;
  ActualText?: string;
  ID?: string;
  /** Table attributes: names for Scope, strings for Headers, numbers for spans. */
  table?: { Scope?: string; Headers?: string[]; ColSpan?: number; RowSpan?: number };
}

interface Build {
  /** The page's content stream. */
  content: string;
  tree?: Elem[];
  roleMap?: Record<string, string>;
  lang?: string;
  /** Form XObjects by resource name, each with its content stream. */
  forms?: Record<string, string>;
  suspects?: boolean;
}

/** A one-page tagged PDF with the given content, structure tree and catalog entries. */
async function taggedPdf(b: Build): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const ctx = pdf.context;
  const page = pdf.addPage([300, 300]);
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(b.content)));
  page.node.setFontDictionary(PDFName.of('F1'), ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica' })));
  for (const [name, content] of Object.entries(b.forms ?? {})) {
    page.node.setXObject(PDFName.of(name), ctx.register(ctx.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 300, 300] })));
  }
  const rootRef = ctx.nextRef();
  const element = (elem: Elem, parent: PDFRef): PDFRef => {
    const ref = ctx.nextRef();
    const dict = ctx.obj({ Type: 'StructElem', S: elem.S, P: parent, Pg: page.ref }) as PDFDict;
    for (const key of ['Lang', 'Alt', 'ActualText', 'ID'] as const) if (elem[key] !== undefined) dict.set(PDFName.of(key), PDFHexString.fromText(elem[key]!));
    if (elem.table) {
      const attrs = ctx.obj({ O: 'Table' }) as PDFDict;
      const { Scope, Headers, ColSpan, RowSpan } = elem.table;
      if (Scope !== undefined) attrs.set(PDFName.of('Scope'), PDFName.of(Scope));
      if (Headers) attrs.set(PDFName.of('Headers'), ctx.obj(Headers.map((h) => PDFString.of(h))));
      if (ColSpan) attrs.set(PDFName.of('ColSpan'), PDFNumber.of(ColSpan));
      if (RowSpan) attrs.set(PDFName.of('RowSpan'), PDFNumber.of(RowSpan));
      dict.set(PDFName.of('A'), attrs);
    }
    const kids: PDFObject[] = (elem.kids ?? []).map((k) => (typeof k === 'number' ? PDFNumber.of(k) : element(k, ref)));
    dict.set(PDFName.of('K'), PDFArray.withContext(ctx));
    for (const k of kids) (dict.get(PDFName.of('K')) as PDFArray).push(k);
    ctx.assign(ref, dict);
    return ref;
  };
  if (b.tree) {
    const root = ctx.obj({ Type: 'StructTreeRoot' }) as PDFDict;
    root.set(PDFName.of('K'), ctx.obj(b.tree.map((e) => element(e, rootRef))));
    if (b.roleMap) root.set(PDFName.of('RoleMap'), ctx.obj(Object.fromEntries(Object.entries(b.roleMap).map(([k, v]) => [k, PDFName.of(v)]))));
    ctx.assign(rootRef, root);
    pdf.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
  }
  pdf.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true, ...(b.suspects ? { Suspects: true } : {}) }));
  if (b.lang) pdf.catalog.set(PDFName.of('Lang'), PDFString.of(b.lang));
  return pdf.save();
}

/** Text shown inside a marked-content sequence with an MCID. */
const tagged = (mcid: number, text = 'Hello', tag = 'P') => `/${tag} <</MCID ${mcid}>> BDC BT /F1 12 Tf 20 ${250 - mcid * 20} Td (${text}) Tj ET EMC\n`;

describe('PDF/UA-1 7.1: content is tagged or an artifact (veraPDF corpus files)', () => {
  it('flags text outside any marked content, with its page', async () => {
    const f = await finding(fixture('7.1-t03-fail-b.pdf'), 'content_not_tagged');
    expect(f?.explanation).toMatch(/neither tagged in the structure tree nor marked as an artifact \(page 1\)/);
    expect(f?.basis.reference).toContain('PDF/UA-1 7.1');
  });

  it('accepts the same text marked as an artifact', async () => {
    expect(await rulesOf(fixture('7.1-t03-pass-b.pdf'))).not.toContain('content_not_tagged');
  });
});

describe('PDF/UA-1 7.1: content tagging on built files', () => {
  const tree = [{ S: 'Document', kids: [{ S: 'P', kids: [0] }] }];

  it('accepts tagged text, artifacts and clipping paths, which paint nothing', async () => {
    const content = `q 0 0 300 300 re W n ${tagged(0)} /Artifact BMC 0 0 10 10 re f EMC Q`;
    expect(await rulesOf(await taggedPdf({ content, tree, lang: 'en' }))).not.toContain('content_not_tagged');
  });

  it('flags a drawing and text outside marked content, and an MCID the structure tree does not know', async () => {
    const drawing = await taggedPdf({ content: `${tagged(0)} 0 0 10 10 re f`, tree, lang: 'en' });
    expect(await rulesOf(drawing)).toContain('content_not_tagged');
    const orphan = await taggedPdf({ content: `${tagged(0)}${tagged(7)}`, tree, lang: 'en' });
    expect((await finding(orphan, 'content_not_tagged'))?.explanation).toMatch(/^1 piece of page content/);
  });

  it('reads a form XObject where it is painted: inside tagged content it is tagged, outside it is not', async () => {
    const forms = { Fm1: 'BT /F1 12 Tf 20 20 Td (In a form) Tj ET' };
    const inside = await taggedPdf({ content: '/P <</MCID 0>> BDC /Fm1 Do EMC', tree, lang: 'en', forms });
    expect(await rulesOf(inside)).not.toContain('content_not_tagged');
    const outside = await taggedPdf({ content: `${tagged(0)} /Fm1 Do`, tree, lang: 'en', forms });
    expect(await rulesOf(outside)).toContain('content_not_tagged');
  });

  it('flags an artifact inside tagged content and tagged content inside an artifact', async () => {
    const artifactIn = await taggedPdf({ content: '/P <</MCID 0>> BDC /Artifact BMC 0 0 5 5 re f EMC EMC', tree, lang: 'en' });
    expect((await finding(artifactIn, 'artifact_mixed_with_content'))?.explanation).toContain('1 artifact sits inside tagged content');
    const contentIn = await taggedPdf({ content: `/Artifact BMC ${tagged(0)} EMC`, tree, lang: 'en' });
    expect((await finding(contentIn, 'artifact_mixed_with_content'))?.explanation).toContain('1 piece of tagged content sits inside an artifact');
  });

  it('says nothing about content tagging when there is no structure tree (no_structure_tree says it)', async () => {
    const rules = await rulesOf(await taggedPdf({ content: tagged(0), lang: 'en' }));
    expect(rules).toContain('no_structure_tree');
    expect(rules).not.toContain('content_not_tagged');
  });

  it('flags tags marked as suspect', async () => {
    expect(await rulesOf(await taggedPdf({ content: tagged(0), tree, lang: 'en', suspects: true }))).toContain('tags_suspect');
  });
});

describe('PDF/UA-1 7.1: the role map', () => {
  const build = (roleMap: Record<string, string>, S: string) => taggedPdf({ content: tagged(0), tree: [{ S: 'Document', kids: [{ S, kids: [0] }] }], roleMap, lang: 'en' });

  it('accepts a custom type mapped, through another custom type, to a standard one', async () => {
    expect(await rulesOf(await build({ Para: 'BodyText', BodyText: 'P' }, 'Para'))).not.toContain('role_map_invalid');
  });

  it('flags a remapped standard type, a circular mapping and a custom type left unmapped', async () => {
    expect((await finding(await build({ P: 'Span' }, 'P'), 'role_map_invalid'))?.explanation).toContain('P → Span (a standard type remapped)');
    expect((await finding(await build({ Para: 'Body', Body: 'Para' }, 'Para'), 'role_map_invalid'))?.explanation).toContain('Para → Body → Para (a circular mapping)');
    expect((await finding(await build({ Para: 'p' }, 'Para'), 'role_map_invalid'))?.explanation).toContain('Para → p (not mapped to a standard type)');
  });
});

describe('PDF/UA-1 7.4: headings', () => {
  const headings = (kids: Elem[], roleMap?: Record<string, string>) => taggedPdf({ content: [0, 1, 2, 3].map((i) => tagged(i)).join(''), tree: [{ S: 'Document', kids }], roleMap, lang: 'en' });

  it('flags a Sect with two unnumbered headings (veraPDF 7.4.4-t01-fail-a)', async () => {
    const f = await finding(fixture('7.4.4-t01-fail-a.pdf'), 'heading_h_repeated');
    expect(f?.explanation).toMatch(/^1 structure element has more than one unnumbered heading \(H\)/);
  });

  it('flags H and H1 in one document (veraPDF 7.4.4-t03-fail-b)', async () => {
    expect((await finding(fixture('7.4.4-t03-fail-b.pdf'), 'heading_kinds_mixed'))?.explanation).toContain('(H1)');
  });

  it('accepts one H per section, nested', async () => {
    const rules = await rulesOf(await headings([{ S: 'Sect', kids: [{ S: 'H', kids: [0] }, { S: 'Sect', kids: [{ S: 'H', kids: [1] }, { S: 'P', kids: [2] }] }] }]));
    expect(rules).not.toContain('heading_h_repeated');
    expect(rules).not.toContain('heading_kinds_mixed');
  });

  it('reads heading levels through the role map and flags a skipped level', async () => {
    const f = await finding(await headings([{ S: 'Title1', kids: [0] }, { S: 'H3', kids: [1] }], { Title1: 'H1' }), 'heading_skipped');
    expect(f?.explanation).toContain('H1 → H3');
    expect(await rulesOf(await headings([{ S: 'Title1', kids: [0] }, { S: 'H2', kids: [1] }], { Title1: 'H1' }))).not.toContain('heading_skipped');
  });
});

describe('PDF/UA-1 7.5: each data cell has a header', () => {
  const th = (mcid: number, table?: Elem['table'], ID?: string): Elem => ({ S: 'TH', kids: [mcid], table, ID });
  const td = (mcid: number, table?: Elem['table']): Elem => ({ S: 'TD', kids: [mcid], table });
  const table = (rows: Elem[][]) =>
    taggedPdf({ content: [0, 1, 2, 3, 4, 5].map((i) => tagged(i)).join(''), tree: [{ S: 'Table', kids: rows.map((cells) => ({ S: 'TR', kids: cells })) }], lang: 'en' });

  it('flags TH without Scope and TD without Headers (veraPDF 7.5-t01-fail-b), and accepts Headers naming TH IDs (7.5-t01-pass-b)', async () => {
    expect((await finding(fixture('7.5-t01-fail-b.pdf'), 'table_header_not_associated'))?.explanation).toContain('In 1 table, 4 data cells (TD) have no header cell');
    expect(await rulesOf(fixture('7.5-t01-pass-b.pdf'))).not.toContain('table_header_not_associated');
  });

  it('accepts a table whose every TH has a Scope', async () => {
    const rules = await rulesOf(await table([[th(0, { Scope: 'Column' }), th(1, { Scope: 'Column' })], [td(2), td(3)]]));
    expect(rules).not.toContain('table_header_not_associated');
    expect(rules).not.toContain('table_without_headers');
  });

  it('finds the header by Scope when only some TH have one: Column above, Row before', async () => {
    const columnHeads = await table([[th(0, { Scope: 'Column' }), th(1, { Scope: 'Column' })], [th(2), td(3)]]);
    expect(await rulesOf(columnHeads)).not.toContain('table_header_not_associated');
    const rowHead = await table([[th(0), th(1)], [th(2, { Scope: 'Row' }), td(3)]]);
    expect(await rulesOf(rowHead)).not.toContain('table_header_not_associated');
    const wrongWay = await table([[th(0), th(1, { Scope: 'Row' })], [th(2, { Scope: 'Column' }), td(3)]]);
    expect(await rulesOf(wrongWay)).toContain('table_header_not_associated');
  });

  it('names the header IDs a data cell lists but no TH has', async () => {
    const f = await finding(await table([[th(0, undefined, 'Name'), th(1, undefined, 'Year')], [td(2, { Headers: ['Name'] }), td(3, { Headers: ['Year', '12345'] })]]), 'table_header_not_associated');
    expect(f?.explanation).toContain('1 data cell (TD) has');
    expect(f?.explanation).toContain('"12345"');
  });

  it('places spanning cells on the grid, and leaves a table whose rows do not add up unjudged', async () => {
    const spanning = await table([[th(0, { Scope: 'Column', ColSpan: 2 })], [td(1), td(2)]]);
    expect(await rulesOf(spanning)).not.toContain('table_header_not_associated');
    const ragged = await table([[th(0), th(1)], [td(2)]]);
    expect(await rulesOf(ragged)).not.toContain('table_header_not_associated');
  });

  it('reports a table with no header cells at all as table_without_headers only', async () => {
    const rules = await rulesOf(await table([[td(0), td(1)], [td(2), td(3)]]));
    expect(rules).toContain('table_without_headers');
    expect(rules).not.toContain('table_header_not_associated');
  });
});

describe('PDF/UA-1 7.2 and 7.3: language and alternate text', () => {
  it('without a catalog /Lang, lists the texts that state no language of their own', async () => {
    const pdf = await taggedPdf({ content: `${tagged(0)}${tagged(1, 'Chart', 'Figure')}`, tree: [{ S: 'Document', kids: [{ S: 'P', kids: [0] }, { S: 'Figure', Alt: 'A chart', kids: [1] }] }] });
    const f = await finding(pdf, 'no_language');
    expect(f?.basis.reference).toBe('WCAG 2.1 SC 3.1.1; PDF/UA-1 7.2');
    expect(f?.explanation).toContain('1 alternate or replacement text of a structure element');
    expect(f?.explanation).toContain('2 runs of page text');
  });

  it('without a catalog /Lang, a Lang on the structure elements leaves only WCAG 3.1.1 to report', async () => {
    const pdf = await taggedPdf({ content: `${tagged(0)}${tagged(1, 'Chart', 'Figure')}`, tree: [{ S: 'Document', Lang: 'en-US', kids: [{ S: 'P', kids: [0] }, { S: 'Figure', Alt: 'A chart', kids: [1] }] }] });
    const f = await finding(pdf, 'no_language');
    expect(f?.basis.reference).toBe('WCAG 2.1 SC 3.1.1');
    expect(f?.explanation).not.toContain('Nor do these texts');
  });

  it('takes a Lang on a marked-content sequence for the text inside it', async () => {
    const pdf = await taggedPdf({ content: '/P <</MCID 0 /Lang (en-US)>> BDC BT /F1 12 Tf (Hi) Tj ET EMC', tree: [{ S: 'P', kids: [0] }] });
    expect((await finding(pdf, 'no_language'))?.explanation).not.toContain('page text');
  });

  it('counts an empty ActualText as a figure text (veraPDF 7.3), but not an empty Alt', async () => {
    const figure = (entries: Partial<Elem>) => taggedPdf({ content: tagged(0, 'x', 'Figure'), tree: [{ S: 'Figure', kids: [0], ...entries }], lang: 'en' });
    expect(await rulesOf(await figure({ ActualText: '' }))).not.toContain('figure_without_alt');
    expect(await rulesOf(await figure({ Alt: '' }))).toContain('figure_without_alt');
  });
});

describe('content stream tokens', () => {
  const tokens = (s: string) => {
    const lexer = new ContentLexer(new TextEncoder().encode(s));
    const out: unknown[] = [];
    for (let t = lexer.next(); t !== null; t = lexer.next()) out.push(t);
    return out;
  };

  it('reads strings with nested parentheses and escapes, hex strings, names and dictionaries', () => {
    const [str, op, hex, name, dict] = tokens('(a (b) \\) c\\101) Tj <48 69> /A#20B <</MCID 3 /Lang (en)>>');
    expect(new TextDecoder().decode(str as Uint8Array)).toBe('a (b) ) cA');
    expect(op).toEqual({ op: 'Tj' });
    expect(new TextDecoder().decode(hex as Uint8Array)).toBe('Hi');
    expect(name).toEqual({ name: 'A B' });
    expect((dict as Map<string, unknown>).get('MCID')).toBe(3);
  });

  it('skips comments and an inline image whose data holds "EI" inside a word', () => {
    expect(tokens('% note\nBI /W 2 /H 1 ID xEIy\x01 EI Q')).toEqual([{ op: 'BI' }, { op: 'Q' }]);
  });
});
