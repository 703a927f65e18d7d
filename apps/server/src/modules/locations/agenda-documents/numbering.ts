/**
 * Which numbers open items. Agendas number their items in sequence (1, 2, 3 ...), so the sequence
 * tells an item from a number inside an item's text: a numbered paragraph ("1. That the Mayor
 * ...", "2. That ...") starts its own list at 1 and is followed, not led, by the agenda's next
 * number.
 */

import type { LineView } from './layout';
import type { MarkerStyle } from './markers';

export type Verdict = 'item' | 'gap' | null;

/** Items may skip this many numbers (a withdrawn item) when the numbering goes on from the new one. */
const MAX_GAP = 2;

export class Sequence {
  last: number | null = null;
  /** A list inside an item: its last number. */
  private nested: number | null = null;

  /** values: the numbers of every candidate of this style, in order (for looking ahead). */
  constructor(private readonly values: number[]) {}

  step(k: number, view: LineView): Verdict {
    const n = this.values[k];
    if (view.midPhrase) return null;
    const next = this.values[k + 1];
    if (this.last === null) return n === 1 || next === n + 1 ? this.accept(n, 'item') : null;
    if (this.nested !== null && n === this.nested + 1) {
      if (n !== this.last + 1 || this.nestedGoesOn(k, n)) {
        this.nested = n;
        return null;
      }
    }
    if (n === this.last + 1) return this.accept(n, 'item');
    if (n === 1 && view.headingBefore) return this.accept(n, 'item');
    if (n === 1) {
      this.nested = 1;
      return null;
    }
    if (n > this.last + 1 && n <= this.last + 1 + MAX_GAP && next === n + 1) return this.accept(n, 'gap');
    return null;
  }

  /** Both lists could take n: it is the inner list's when the same n comes again after the inner list's run. */
  private nestedGoesOn(k: number, n: number): boolean {
    let expected = n + 1;
    for (let j = k + 1; j < this.values.length; j++) {
      if (this.values[j] === n) return true;
      if (this.values[j] !== expected) return false;
      expected++;
    }
    return false;
  }

  private accept(n: number, verdict: 'item' | 'gap'): Verdict {
    this.last = n;
    this.nested = null;
    return verdict;
  }
}

export const NUMBER_STYLES: MarkerStyle[] = ['dot', 'close', 'paren', 'item'];

/** The candidates of one style: their positions among the views and their numbers. */
export function candidates(views: LineView[], style: MarkerStyle): { at: number[]; values: number[] } {
  const at: number[] = [];
  views.forEach((v, k) => {
    if (v.marker?.style === style && !v.quoted) at.push(k);
  });
  return { at, values: at.map((k) => views[k].marker!.value) };
}

/**
 * The style the agenda numbers its items in: the numbered style with the most items in sequence;
 * letters ("A.", "B.") only when no numbered style reaches two.
 */
export function itemStyle(views: LineView[]): MarkerStyle {
  const count = (style: MarkerStyle) => {
    const { at, values } = candidates(views, style);
    const sequence = new Sequence(values);
    return at.filter((v, k) => sequence.step(k, views[v]) !== null).length;
  };
  let best: MarkerStyle = 'dot';
  let bestCount = -1;
  for (const style of NUMBER_STYLES) {
    const n = count(style);
    if (n > bestCount) [best, bestCount] = [style, n];
  }
  return bestCount < 2 && count('letter') >= 2 ? 'letter' : best;
}
