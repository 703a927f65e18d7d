/**
 * Extracted text -> the lines the reader walks, each with its page when the page breaks can be
 * trusted, and with page furniture (page numbers, headers repeated on every page) marked.
 */

import type { AgendaDocumentInput } from './types';

export interface DocumentLine {
  /** Trimmed, runs of spaces kept: a justified PDF line's padding is part of its width. */
  raw: string;
  /** Whitespace collapsed. */
  text: string;
  page: number | null;
  /** 1-based line of the extracted text. */
  line: number;
  /** DOCX and plain text: a blank line comes before it, so a paragraph starts here. */
  paragraphStart: boolean;
  /** A page number or a header/footer repeated on the pages: never part of an item. */
  furniture: boolean;
}

export interface DocumentLines {
  lines: DocumentLine[];
  /** True when the text's page breaks are the PDF's pages (one blank-line block per page). */
  pagesKnown: boolean;
  /** Characters in a full line of running text, to tell a wrapped line from a paragraph's last. */
  width: number;
  /** Pages with (almost) no text among pages with text: scanned pages in a born-digital file. */
  emptyPages: number[];
}

/** Fewer non-space characters than this on a page: nothing was typeset there (a scanned image). */
export const MIN_CHARS_PER_PAGE = 20;

const PAGE_NUMBER = [/^[-–—]\s*\d{1,3}\s*[-–—]$/, /^page\s+\d{1,3}(?:\s+of\s+\d{1,3})?$/i, /^\d{1,3}\s*(?:\/|of)\s*\d{1,3}$/i];

/** A running header or footer: a line among the first or last two of at least half the pages (three at the least). */
function repeatedEdgeLines(pages: string[][]): Set<string> {
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    const edges = new Set([...page.slice(0, 2), ...page.slice(-2)].map(edgeKey));
    for (const key of edges) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const needed = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...pagesWith].filter(([key, n]) => key && n >= needed).map(([key]) => key));
}

/** Digits stand for any number, so "Page 3" and "Page 4" are the same header. */
const edgeKey = (line: string) => line.replace(/\s+/g, ' ').trim().toLowerCase().replace(/\d+/g, '#');

/** Characters other than whitespace, counted in place (removing the spaces of a 4 MB text first builds it again piece by piece). */
export function nonSpaceCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (!isWhitespace(s.charCodeAt(i))) n++;
  return n;
}

/** What a pattern's \s matches. */
function isWhitespace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * pdf.js extraction (`extract.ts`) joins pages with one blank line and trims the whole text, so a
 * page is a blank-line block only when the blocks and the pages are the same in number; an empty
 * first or last page, or a blank line inside a page, breaks that, and then no page is given.
 * DOCX (mammoth) puts a blank line between paragraphs instead: there a blank line ends a paragraph.
 */
export function documentLines(input: AgendaDocumentInput): DocumentLines {
  const text = input.text.replace(/\r\n?/g, '\n');
  const blocks = text.split(/\n\n/);
  const isPdf = input.pageCount !== null && input.pageCount >= 1;
  const pagesKnown = isPdf && blocks.length === input.pageCount;
  const pages = pagesKnown ? blocks.map((b) => b.split('\n').map((l) => l.trim()).filter(Boolean)) : [];
  const repeated = pagesKnown ? repeatedEdgeLines(pages) : new Set<string>();

  const lines: DocumentLine[] = [];
  let lineNumber = 1;
  blocks.forEach((block, b) => {
    const blockLines = block.split('\n');
    const onPage = pages[b] ?? [];
    let pageLine = 0;
    blockLines.forEach((sourceLine, k) => {
      const raw = sourceLine.trim();
      if (!raw) return;
      // Most lines have no run of spaces to fold; a long line is not rebuilt for nothing.
      const flat = /\s\s|[^\S ]/.test(raw) ? raw.replace(/\s+/g, ' ') : raw;
      const atEdge = pageLine < 2 || pageLine >= onPage.length - 2;
      const edgeRepeat = atEdge && (repeated.has(edgeKey(raw)) || (pagesKnown && /^\d{1,3}$/.test(flat)));
      lines.push({
        raw,
        text: flat,
        page: pagesKnown ? b + 1 : null,
        line: lineNumber + k,
        paragraphStart: !isPdf && b > 0 && pageLine === 0,
        furniture: PAGE_NUMBER.some((re) => re.test(flat)) || edgeRepeat,
      });
      pageLine++;
    });
    lineNumber += blockLines.length + 1;
  });

  const lengths = lines.filter((l) => !l.furniture).map((l) => l.raw.length).sort((a, b) => a - b);
  const width = Math.max(40, lengths[Math.floor(lengths.length * 0.9)] ?? 0);
  const emptyPages = pagesKnown && nonSpaceCount(text) > 0 ? blocks.flatMap((b, k) => (nonSpaceCount(b) < MIN_CHARS_PER_PAGE ? [k + 1] : [])) : [];
  return { lines, pagesKnown, width, emptyPages };
}
