import { stemmer } from 'stemmer';
import { MARK_START, MARK_STOP } from './snippet';

/**
 * Snippets cut in the server process (decision 017), with ts_headline's options (decision 013):
 * up to two fragments of at most 35 words around the matched words (the most different query words
 * first, then the most matches), joined by " … ", or the first
 * 12 words when nothing matches. A word is marked when it is a query word (or a typo correction),
 * or shares its stem (Porter's, on both sides: "housing" marks "house"). The markers become
 * <mark> in markedSnippet, which escapes everything else.
 */
const MAX_WORDS = 35;
const MIN_WORDS = 12;
const MAX_FRAGMENTS = 2;
/** Words shown before the first match of a fragment. */
const LEAD_WORDS = 4;

export interface WordMatcher {
  /** 0 when the word matches no query word, else 1 + which query stem it matches. */
  (lowerWord: string): number;
  /** Lower-case first letters (char codes) a matching word can start with: others need no closer look. */
  firstLetters: Set<number>;
}

export function wordMatcher(words: string[]): WordMatcher | null {
  if (!words.length) return null;
  const surface = new Map(words.map((w) => [w.toLowerCase(), stemmer(w.toLowerCase())]));
  const stems = new Map([...new Set(surface.values())].map((stem, i) => [stem, i + 1]));
  // A stem is (nearly) a prefix of its word: only words sharing a query stem's first letters are stemmed.
  const prefixes = new Set([...stems.keys()].map((s) => s.slice(0, 3)));
  const matcher = ((word: string) => {
    const known = surface.get(word);
    if (known !== undefined) return stems.get(known)!;
    return word.length >= 3 && prefixes.has(word.slice(0, 3)) ? (stems.get(stemmer(word)) ?? 0) : 0;
  }) as WordMatcher;
  matcher.firstLetters = new Set([...surface.keys(), ...stems.keys()].map((w) => w.charCodeAt(0)));
  return matcher;
}

/** Word boundaries of the text being cut, in buffers reused from one snippet to the next. */
let starts = new Int32Array(1024);
let ends = new Int32Array(1024);
/** Per word: 0, or 1 + the query stem it matches. */
let flags = new Uint16Array(1024);

/** The snippet of `text`, matched words between MARK_START and MARK_STOP. */
export function highlight(text: string, matches: WordMatcher | null): string {
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  const count = scanWords(clean, matches, matches ? Infinity : MIN_WORDS);
  if (!count) return '';
  const hits: number[] = [];
  for (let i = 0; i < count; i++) if (flags[i]) hits.push(i);
  if (!hits.length) return clean.slice(0, count < MIN_WORDS ? clean.length : ends[MIN_WORDS - 1]).trim();
  const fragments: [number, number][] = [];
  let remaining = hits;
  while (remaining.length && fragments.length < MAX_FRAGMENTS) {
    const [from, to] = bestWindow(count, remaining);
    fragments.push([from, to]);
    remaining = remaining.filter((i) => i < from || i > to);
  }
  fragments.sort((a, b) => a[0] - b[0]);
  // Overlapping fragments are shown as one passage.
  for (let i = fragments.length - 1; i > 0; i--) {
    if (fragments[i][0] <= fragments[i - 1][1] + 1) {
      fragments[i - 1][1] = Math.max(fragments[i - 1][1], fragments[i][1]);
      fragments.splice(i, 1);
    }
  }
  return fragments.map(([from, to]) => marked(clean, from, to, count)).join(' … ');
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isWordChar(c: number, text: string, i: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return LETTER_OR_DIGIT.test(text[i]);
}

/** Finds the words (runs of letters and digits), up to `limit`, and which of them the query matches. */
function scanWords(text: string, matches: WordMatcher | null, limit: number): number {
  const first = matches?.firstLetters;
  let count = 0;
  let i = 0;
  while (i < text.length && count < limit) {
    if (!isWordChar(text.charCodeAt(i), text, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isWordChar(text.charCodeAt(i), text, i)) i++;
    if (count === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
      const next = new Uint16Array(flags.length * 2);
      next.set(flags);
      flags = next;
    }
    let c = text.charCodeAt(start);
    if (c >= 65 && c <= 90) c += 32;
    starts[count] = start;
    ends[count] = i;
    flags[count] = first !== undefined && (c > 127 || first.has(c)) ? matches!(text.slice(start, i).toLowerCase()) : 0;
    count++;
  }
  return count;
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
}

/**
 * The 35-word window holding the most different query words, then the most matches (earliest on
 * ties), starting a few words before its first: "noise … amendment" shows why a record matched
 * "noise ordinance amendment" better than "amend … amended … Amendment".
 */
function bestWindow(count: number, hits: number[]): [number, number] {
  let best = 0;
  let bestScore = 0;
  const inWindow = new Map<number, number>();
  for (let i = 0, j = 0; i < hits.length; i++) {
    while (j < hits.length && hits[j] - hits[i] < MAX_WORDS) {
      const key = flags[hits[j++]];
      inWindow.set(key, (inWindow.get(key) ?? 0) + 1);
    }
    const score = inWindow.size * (MAX_WORDS + 1) + (j - i);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
    const key = flags[hits[i]];
    const left = inWindow.get(key)! - 1;
    if (left) inWindow.set(key, left);
    else inWindow.delete(key);
  }
  const from = Math.max(0, Math.min(hits[best] - LEAD_WORDS, count - MAX_WORDS));
  return [from, Math.min(count - 1, from + MAX_WORDS - 1)];
}

/** Words from…to with their marks; a passage that reaches the text's start or end keeps its punctuation there. */
function marked(text: string, from: number, to: number, count: number): string {
  let out = '';
  let at = from === 0 ? 0 : starts[from];
  for (let i = from; i <= to; i++) {
    if (!flags[i]) continue;
    out += text.slice(at, starts[i]) + MARK_START + text.slice(starts[i], ends[i]) + MARK_STOP;
    at = ends[i];
  }
  return (out + text.slice(at, to === count - 1 ? text.length : ends[to])).trim();
}
