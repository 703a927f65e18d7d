/**
 * Walks the lines into items: each item's number, its text joined across wrapped lines (up to
 * where the item's own paragraph ends), the heading it sits under and the page it starts on.
 */

import type { LineView } from './layout';
import { capsHeading, isNote, isSeparator, isSubParagraph } from './markers';
import { isMastheadLine } from './meeting';
import { candidates, itemStyle, Sequence } from './numbering';

export interface ItemDraft {
  number: string;
  /** The item's lines, each whitespace-collapsed. */
  lines: string[];
  section: string | null;
  page: number | null;
  /** 1-based line of the extracted text where the item starts. */
  line: number;
}

export interface ItemWalk {
  items: ItemDraft[];
  /** Numbers the sequence skipped: "13" when items go from 12 to 14. */
  gaps: { missing: string; before: ItemDraft }[];
}

/** A "((" directive left open carries the item on for at most this many lines (a typo must not swallow the agenda). */
const MAX_OPEN_PAREN_LINES = 4;

interface OpenItem {
  draft: ItemDraft;
  open: boolean;
  depth: number;
  depthLines: number;
  /** Letters seen under this item ("7-A", "7-B"). */
  letters: number;
}

export function walkItems(views: LineView[]): ItemWalk {
  const style = itemStyle(views);
  const numbered = style !== 'letter';
  const { at, values } = candidates(views, style);
  const position = new Map(at.map((v, k) => [v, k]));
  const sequence = new Sequence(values);
  const items: ItemDraft[] = [];
  const gaps: ItemWalk['gaps'] = [];
  let section: string | null = null;
  let current: OpenItem | null = null;

  const open = (view: LineView, number: string, rest: string) => {
    const draft: ItemDraft = { number, lines: rest ? [rest] : [], section, page: view.line.page, line: view.line.line };
    items.push(draft);
    current = { draft, open: true, depth: 0, depthLines: 0, letters: 0 };
    track(current, rest);
  };

  views.forEach((view, k) => {
    const m = view.marker;
    const inDirective = current?.open && current.depth > 0 && current.depthLines < MAX_OPEN_PAREN_LINES;
    if (m && !view.quoted && !inDirective) {
      const before = sequence.last;
      const verdict = m.style === style ? sequence.step(position.get(k)!, view) : null;
      if (verdict) {
        if (verdict === 'gap' && before !== null) {
          for (let n = before + 1; n < m.value; n++) gaps.push({ missing: label(style, n), before: items[items.length - 1] });
        }
        open(view, m.label, m.rest);
        return;
      }
      if (numbered && m.style === 'composite' && !view.midPhrase && takesComposite(sequence, current, m.base!, m.value)) {
        if (sequence.last === null || m.base! > sequence.last) sequence.last = m.base!;
        const parent: OpenItem | null = current;
        open(view, m.label, m.rest);
        current!.letters = m.value;
        if (parent && parent.draft.number === String(m.base)) parent.letters = m.value;
        return;
      }
      if (numbered && m.style === 'letter' && current && view.closedBefore && !capsHeading(m.rest) && m.value === current.letters + 1) {
        const parent: OpenItem = current;
        const parentNumber = parent.draft.number.replace(/-[A-Za-z]$/, '');
        open(view, `${parentNumber}-${m.label}`, m.rest);
        parent.letters = m.value;
        current!.letters = m.value;
        return;
      }
    }
    if (current?.open) {
      if (continues(current, view)) {
        current.draft.lines.push(view.line.text);
        track(current, view.line.text);
        return;
      }
      current.open = false;
    }
    if (items.length === 0) {
      // Before the first item only a heading right above it is a section; the masthead is not one.
      section = view.heading && !isMastheadLine(view.heading) ? view.heading : null;
    } else if (view.heading) {
      section = view.heading;
      // Letters after a new heading are not the last item's ("6. Consent items" / "Ordinances" / "A. ...").
      current = null;
    }
  });
  return { items, gaps };
}

/** A composite "5-A" follows item 5 (or its own "5-..." letters) in order, or starts item 5's letters where 5 itself is not printed. */
function takesComposite(sequence: Sequence, current: OpenItem | null, base: number, letter: number): boolean {
  const last = sequence.last;
  if (last !== null && base === last) return letter === (current?.letters ?? 0) + 1;
  return letter === 1 && (last === null || base === last + 1);
}

function continues(item: OpenItem, view: LineView): boolean {
  if (item.draft.lines.length === 0) return !view.marker;
  if ((view.marker && view.midPhrase) || (item.depth > 0 && item.depthLines < MAX_OPEN_PAREN_LINES)) return true;
  const text = view.line.text;
  if (isSeparator(text)) return false;
  if (view.closedBefore && (view.quoted || view.heading || isSubParagraph(text) || isNote(text))) return false;
  // A new paragraph ends the item's text; a line that starts in lower case is always the sentence going on.
  return !(view.paragraphBefore && !/^\p{Ll}/u.test(text));
}

/** Parentheses still open in the item's text ("((PUBLIC HEARING TODAY – CAN BE" / "PASSED TODAY))"). */
function track(item: OpenItem, text: string): void {
  const before = item.depth;
  for (const ch of text) {
    if (ch === '(') item.depth++;
    else if (ch === ')') item.depth = Math.max(0, item.depth - 1);
  }
  item.depthLines = item.depth > 0 && before > 0 ? item.depthLines + 1 : 0;
}

const label = (style: string, n: number) => (style === 'letter' ? String.fromCharCode(64 + n) : String(n));
