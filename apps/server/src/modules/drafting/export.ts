import type { DraftBlock, DraftContent, DraftInline } from '@civicdesk/contract';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A draft as a file (issue 10): DOCX through `docx` (with the city's template styles and
 * boilerplate when it uploaded one), PDF through pdf-lib. An amendment's comparative print keeps
 * its marks: struck words struck through, inserted words underlined.
 */
export interface ExportableDraft {
  title: string;
  content: DraftContent;
}

export interface CityTemplate {
  /** word/styles.xml of the city's DOCX, applied to the export. */
  stylesXml: string | null;
  /** The template's own text (letterhead, boilerplate), placed before the draft. */
  boilerplate: string;
}

interface Line {
  kind: 'heading' | 'paragraph' | 'bullet';
  center: boolean;
  runs: { text: string; bold: boolean; italic: boolean; underline: boolean; strike: boolean }[];
}

/** The body as lines of marked runs, the shape both exports write. */
function linesOf(content: DraftContent): Line[] {
  const lines: Line[] = [];
  const runsOf = (nodes: (DraftBlock | DraftInline)[] = []) =>
    nodes.flatMap((n) => {
      if (n.type === 'hardBreak') return [{ text: '\n', bold: false, italic: false, underline: false, strike: false }];
      if (n.type !== 'text') return [];
      const marks = new Set(((n as { marks?: { type: string }[] }).marks ?? []).map((m) => m.type));
      return [{ text: (n as { text: string }).text, bold: marks.has('bold'), italic: marks.has('italic'), underline: marks.has('underline'), strike: marks.has('strike') }];
    });
  const walk = (blocks: (DraftBlock | DraftInline)[], bullet: boolean) => {
    for (const node of blocks) {
      const block = node as DraftBlock;
      if (block.type === 'heading') lines.push({ kind: 'heading', center: false, runs: runsOf(block.content) });
      else if (block.type === 'paragraph') lines.push({ kind: bullet ? 'bullet' : 'paragraph', center: block.attrs?.textAlign === 'center', runs: runsOf(block.content) });
      else if (block.type === 'bulletList' || block.type === 'orderedList') walk(block.content ?? [], true);
      else if (block.type === 'listItem' || block.type === 'blockquote') walk(block.content ?? [], bullet);
      else if (block.type === 'horizontalRule') lines.push({ kind: 'paragraph', center: false, runs: [] });
    }
  };
  walk(content.content, false);
  return lines;
}

export async function draftToDocx(draft: ExportableDraft, template: CityTemplate | null): Promise<Buffer> {
  const boilerplate = (template?.boilerplate ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((text) => new Paragraph({ children: [new TextRun({ text })], alignment: AlignmentType.CENTER }));
  const body = linesOf(draft.content).map(
    (line) =>
      new Paragraph({
        heading: line.kind === 'heading' ? HeadingLevel.HEADING_2 : undefined,
        alignment: line.center ? AlignmentType.CENTER : undefined,
        bullet: line.kind === 'bullet' ? { level: 0 } : undefined,
        children: line.runs.map(
          (r) =>
            new TextRun({
              text: r.text,
              bold: r.bold || undefined,
              italics: r.italic || undefined,
              underline: r.underline ? {} : undefined,
              strike: r.strike || undefined,
              break: r.text === '\n' ? 1 : undefined,
            }),
        ),
      }),
  );
  const document = new Document({
    title: draft.title,
    creator: 'CivicDesk',
    ...(template?.stylesXml ? { externalStyles: template.stylesXml } : {}),
    sections: [{ children: [...boilerplate, ...body] }],
  });
  return Packer.toBuffer(document);
}

const PAGE = { width: 612, height: 792, margin: 72 };

export async function draftToPdf(draft: ExportableDraft, template: CityTemplate | null): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(draft.title);
  pdf.setCreator('CivicDesk');
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.TimesRoman),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
  };
  const supported = new Set(fonts.regular.getCharacterSet());
  /** Characters the standard fonts cannot draw become "?" (the DOCX keeps them all). */
  const drawable = (text: string) => [...text].map((c) => (supported.has(c.codePointAt(0)!) ? c : '?')).join('');
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const lines: Line[] = [
    ...(template?.boilerplate ?? '').split('\n').filter((l) => l.trim()).map((text): Line => ({ kind: 'paragraph', center: true, runs: [{ text: text.trim(), bold: false, italic: false, underline: false, strike: false }] })),
    ...linesOf(draft.content),
  ];
  for (const line of lines) {
    const size = line.kind === 'heading' ? 13 : 11;
    const indent = line.kind === 'bullet' ? 14 : 0;
    const words = line.runs.flatMap((r) => drawable(r.text).split(/(\s+)/).filter(Boolean).map((w) => ({ w, r, font: (r.bold || line.kind === 'heading' ? fonts.bold : r.italic ? fonts.italic : fonts.regular) as PDFFont })));
    // Lines of words that fit the measure.
    const rows: (typeof words)[] = [[]];
    let width = 0;
    const measure = PAGE.width - 2 * PAGE.margin - indent;
    for (const word of words) {
      const w = word.font.widthOfTextAtSize(word.w, size);
      if (width + w > measure && rows[rows.length - 1].length && !/^\s+$/.test(word.w)) {
        rows.push([]);
        width = 0;
      }
      if (!rows[rows.length - 1].length && /^\s+$/.test(word.w)) continue;
      rows[rows.length - 1].push(word);
      width += w;
    }
    if (line.kind === 'bullet') rows[0].unshift({ w: '\u2022 ', r: line.runs[0], font: fonts.regular });
    for (const row of rows) {
      if (y < PAGE.margin + size) newPage();
      const rowWidth = row.reduce((sum, word) => sum + word.font.widthOfTextAtSize(word.w, size), 0);
      let x = PAGE.margin + (line.center ? (measure - rowWidth) / 2 : indent);
      for (const word of row) {
        const w = word.font.widthOfTextAtSize(word.w, size);
        page.drawText(word.w, { x, y, size, font: word.font, color: rgb(0, 0, 0) });
        if (word.r?.strike && word.w.trim()) page.drawLine({ start: { x, y: y + size * 0.3 }, end: { x: x + w, y: y + size * 0.3 }, thickness: 0.8 });
        if (word.r?.underline && word.w.trim()) page.drawLine({ start: { x, y: y - 1.5 }, end: { x: x + w, y: y - 1.5 }, thickness: 0.6 });
        x += w;
      }
      y -= size * 1.35;
    }
    y -= size * 0.5;
  }
  return Buffer.from(await pdf.save());
}
