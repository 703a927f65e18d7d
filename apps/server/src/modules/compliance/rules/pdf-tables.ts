import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject } from 'pdf-lib';
import { exactTextOf } from './pdf-text';

/**
 * PDF/UA-1 7.5: a data cell (TD) must have a header cell a screen reader can announce with it.
 * When every TH carries a Scope the reader can work the headers out from the grid; otherwise each TD
 * needs a Headers list naming TH IDs, or a TH with Scope Column/Both above it or Row/Both before it
 * (the association algorithm of ISO 32000-2 14.8.4.8.3, read as veraPDF reads it for PDF/UA-1: a TH
 * without Scope has no default direction there). A table whose rows and spans do not form a
 * rectangle is not judged here: its cells' positions are unknown.
 */
export interface TableHeaders {
  hasHeaderCells: boolean;
  /** Data cells with no header to announce them (0 for a table not judged). */
  cellsWithoutHeaders: number;
  /** IDs that Headers lists name but no TH of the table has. */
  unknownHeaderIds: string[];
}

export interface StructureReader {
  lookup: (obj: PDFObject | undefined) => PDFObject | undefined;
  /** The standard structure type of an element after the role map, or null. */
  standardType: (elem: PDFDict) => string | null;
  /** An attribute of the element for an owner ("Table", "Layout"...), from /A or its classes. */
  attribute: (elem: PDFDict, owner: string, key: string) => PDFObject | undefined;
}

interface Cell {
  elem: PDFDict;
  header: boolean;
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
}

export function tableHeaders(table: PDFDict, reader: StructureReader): TableHeaders {
  const kids = (elem: PDFDict) => childElements(elem, reader.lookup);
  const rows: PDFDict[] = [];
  for (const kid of kids(table)) {
    const type = reader.standardType(kid);
    if (type === 'TR') rows.push(kid);
    else if (type === 'THead' || type === 'TBody' || type === 'TFoot') rows.push(...kids(kid).filter((k) => reader.standardType(k) === 'TR'));
  }
  const rowCells = rows.map((row) => kids(row).filter((k) => ['TH', 'TD'].includes(reader.standardType(k) ?? '')));
  const hasHeaderCells = rowCells.some((cells) => cells.some((c) => reader.standardType(c) === 'TH')) || containsHeaderCell(table, reader);
  const none: TableHeaders = { hasHeaderCells, cellsWithoutHeaders: 0, unknownHeaderIds: [] };
  const span = (elem: PDFDict, key: string) => {
    const v = reader.lookup(reader.attribute(elem, 'Table', key));
    return v instanceof PDFNumber && v.asNumber() >= 1 ? Math.floor(v.asNumber()) : 1;
  };
  const columns = (rowCells[0] ?? []).reduce((n, c) => n + span(c, 'ColSpan'), 0);
  if (!rows.length || !columns) return none;

  const grid: (Cell | undefined)[][] = rows.map(() => Array.from({ length: columns }, () => undefined));
  const cells: Cell[] = [];
  for (const [r, elems] of rowCells.entries()) {
    let c = 0;
    for (const elem of elems) {
      while (c < columns && grid[r]![c]) c++;
      const cell: Cell = { elem, header: reader.standardType(elem) === 'TH', row: r, column: c, rowSpan: span(elem, 'RowSpan'), colSpan: span(elem, 'ColSpan') };
      if (c + cell.colSpan > columns || r + cell.rowSpan > rows.length) return none;
      for (let i = r; i < r + cell.rowSpan; i++) {
        for (let j = c; j < c + cell.colSpan; j++) {
          if (grid[i]![j]) return none;
          grid[i]![j] = cell;
        }
      }
      cells.push(cell);
      c += cell.colSpan;
    }
  }
  if (grid.some((row) => row.includes(undefined))) return none;

  const scope = (cell: Cell) => {
    const v = reader.lookup(reader.attribute(cell.elem, 'Table', 'Scope'));
    return v instanceof PDFName ? v.decodeText() : v === undefined ? null : '';
  };
  const headerCells = cells.filter((c) => c.header);
  if (headerCells.every((c) => scope(c) !== null)) return none;
  const ids = new Set(headerCells.map((c) => exactTextOf(reader.lookup(c.elem.get(PDFName.of('ID'))))).filter((id): id is string => !!id));

  // Walks from a data cell towards the table's edge: a TH with the right Scope announces it; the
  // run of header cells nearest the cell is as far as the search goes.
  const announced = (cell: Cell, direction: 'Column' | 'Row') => {
    const lanes = direction === 'Column' ? range(cell.column, cell.colSpan) : range(cell.row, cell.rowSpan);
    return lanes.some((lane) => {
      let inHeaders = false;
      for (let i = (direction === 'Column' ? cell.row : cell.column) - 1; i >= 0; i--) {
        const other = direction === 'Column' ? grid[i]![lane]! : grid[lane]![i]!;
        const s = other.header ? scope(other) : null;
        if (s === direction || s === 'Both') return true;
        if (other.header) inHeaders = true;
        else if (inHeaders) break;
      }
      return false;
    });
  };
  let cellsWithoutHeaders = 0;
  const unknown = new Set<string>();
  for (const cell of cells) {
    if (cell.header) continue;
    const named = headersOf(cell.elem, reader);
    if (named.length && named.every((id) => ids.has(id))) continue;
    if (announced(cell, 'Column') || announced(cell, 'Row')) continue;
    cellsWithoutHeaders++;
    for (const id of named) if (!ids.has(id)) unknown.add(id);
  }
  return { hasHeaderCells, cellsWithoutHeaders, unknownHeaderIds: [...unknown] };
}

/** The structure elements among an element's kids (marked-content and object references left out). */
export function childElements(elem: PDFDict, lookup: StructureReader['lookup']): PDFDict[] {
  const k = lookup(elem.get(PDFName.of('K')));
  const list = k instanceof PDFArray ? k.asArray().map((x) => lookup(x)) : [k];
  return list.filter((x): x is PDFDict => x instanceof PDFDict && x.get(PDFName.of('S')) instanceof PDFName);
}

function headersOf(elem: PDFDict, reader: StructureReader): string[] {
  const v = reader.lookup(reader.attribute(elem, 'Table', 'Headers'));
  const list = v instanceof PDFArray ? v.asArray() : v ? [v] : [];
  return list.map((x) => exactTextOf(reader.lookup(x))).filter((x): x is string => !!x);
}

function containsHeaderCell(table: PDFDict, reader: StructureReader): boolean {
  const stack = childElements(table, reader.lookup);
  const seen = new Set<PDFDict>();
  while (stack.length && seen.size < 10_000) {
    const elem = stack.pop()!;
    if (seen.has(elem)) continue;
    seen.add(elem);
    const type = reader.standardType(elem);
    if (type === 'TH') return true;
    if (type !== 'Table') stack.push(...childElements(elem, reader.lookup));
  }
  return false;
}

const range = (start: number, count: number) => Array.from({ length: count }, (_, i) => start + i);
