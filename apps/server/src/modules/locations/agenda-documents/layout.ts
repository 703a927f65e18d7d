/**
 * What each line is, before any item is chosen: its marker, and whether the line before it
 * ended a paragraph. PDF text carries no paragraph marks, so a paragraph's end is read from the
 * line's length: a line that wraps is nearly full, a paragraph's last line usually is not.
 */

import type { DocumentLine, DocumentLines } from './lines';
import { capsHeading, closesQuote, endsMidPhrase, opensQuote, readMarker, titleHeading, type Marker } from './markers';

export interface LineView {
  line: DocumentLine;
  marker: Marker | null;
  /** The line before ended its paragraph: a blank line (DOCX) or it stopped well short of a full line. */
  paragraphBefore: boolean;
  /** The paragraph ended, or the line before closed a sentence or a parenthesis: a heading or note may start here. */
  closedBefore: boolean;
  /** A number here continues the line before ("... Agenda Item Nos." / "16 through 17"). */
  midPhrase: boolean;
  /** Inside a quoted notice ("“PURSUANT TO CITY COUNCIL RULE VII E ... TWO WEEKS”"). */
  quoted: boolean;
  /** The section heading this line is, if it is one. */
  heading: string | null;
  /** The line before is a section heading: numbering may start again at 1. */
  headingBefore: boolean;
}

/** A wrapped line plus its next word would reach about the full width; three quarters is a safe short. */
const SHORT_LINE = 0.75;
/** A quoted notice longer than this is taken as an unclosed quote mark, not a notice. */
const MAX_QUOTED_LINES = 6;

export function layoutLines(doc: DocumentLines): LineView[] {
  const lines = doc.lines.filter((l) => !l.furniture);
  const views: LineView[] = [];
  let quoteLines = 0;
  lines.forEach((line, k) => {
    const prev = k > 0 ? lines[k - 1] : null;
    const firstWord = /^\S*/.exec(line.raw)![0].length;
    const paragraphBefore = !prev || line.paragraphStart || prev.raw.length + 1 + firstWord < SHORT_LINE * doc.width;
    const closedBefore = paragraphBefore || /(?:[.!?)”"*]|\)\))$/.test(prev!.text);
    let quoted = false;
    if (quoteLines > 0) {
      quoted = true;
      quoteLines = closesQuote(line.text) || quoteLines >= MAX_QUOTED_LINES ? 0 : quoteLines + 1;
    } else if (opensQuote(line.text) && closedBefore) {
      quoted = true;
      quoteLines = closesQuote(line.text.slice(1)) ? 0 : 1;
    }
    views.push({ line, marker: tocEntry(line.text) ? null : readMarker(line.text), paragraphBefore, closedBefore, midPhrase: false, quoted, heading: null, headingBefore: false });
  });
  views.forEach((v, k) => {
    v.heading = headingOf(v, views[k + 1]);
    if (k === 0) return;
    const prev = views[k - 1];
    v.headingBefore = prev.heading !== null;
    // A heading ending in "ORDINANCES" is not a phrase the next line's number finishes.
    v.midPhrase = !v.line.paragraphStart && !v.headingBefore && endsMidPhrase(prev.line.text);
  });
  return views;
}

const isSpace = (c: string) => /\s/.test(c);

/**
 * "1. Call to Order ........ 3", "Minutes … 4": a table-of-contents line, never an item (the item
 * comes later with its text). Read from the end of the line: a pattern for the dotted leader
 * retried at every dot took 40 s on a 64 KB line of dots.
 */
function tocEntry(text: string): boolean {
  let at = text.length;
  while (at > 0 && text.charCodeAt(at - 1) >= 48 && text.charCodeAt(at - 1) <= 57) at--;
  const digits = text.length - at;
  if (digits < 1 || digits > 3) return false;
  while (at > 0 && isSpace(text[at - 1])) at--;
  if (text[at - 1] === '…') return true;
  // At least four dots back from the page number, each with any spaces after it.
  let dots = 0;
  while (at > 0 && text[at - 1] === '.') {
    dots++;
    at--;
    while (at > 0 && isSpace(text[at - 1])) at--;
  }
  return dots >= 4;
}

/**
 * A section heading standing on its own line (with or without a roman numeral or a letter in
 * front): after a closed line, and not going on into a line that starts in lower case.
 */
function headingOf(view: LineView, next: LineView | undefined): string | null {
  if (!view.closedBefore || view.quoted || (next && !next.paragraphBefore && /^\p{Ll}/u.test(next.line.text))) return null;
  const m = view.marker;
  if (m?.style === 'roman') return m.rest;
  if (m?.style === 'letter' && capsHeading(m.rest)) return m.rest.replace(/:$/, '').trim();
  if (m && m.style !== 'letter') return null;
  const caps = capsHeading(view.line.text);
  if (caps) return caps;
  // A title-case heading ("Consent Agenda") only where it stands alone: its own paragraph, or right before an item.
  const alone = next && (next.paragraphBefore || next.marker) && view.paragraphBefore;
  return alone ? titleHeading(view.line.text) : null;
}
