import { escapeRegExp } from '../regex';

/**
 * The paragraph structure of a code section: "(c)" / "(1)" / "(A)" / "(i)" labels at the start of
 * its lines, read into provisions with their pinpoint ("(c)(1)") and where each one's items end. An
 * answer cites a provision by its pinpoint, and a lead-in ("The street closure shall:") is never
 * quoted without the items it introduces.
 */
export interface Provision {
  /** The labels from the top of the section to this paragraph, "(c)(2)(A)"; "" before the first label. */
  pinpoint: string;
  /** Number of labels in the pinpoint. */
  depth: number;
  /** Offsets of this paragraph's own line in the section text, its labels included. */
  start: number;
  end: number;
  /** Offset where the last of its items ends (its own end when it has none). */
  subtreeEnd: number;
  /** Its own text without its labels. */
  body: string;
  /** Its text ends with a colon or a dash and items follow: it introduces a list. */
  leadIn: boolean;
}

type LabelKind = 'lower' | 'num' | 'upper' | 'roman' | 'ROMAN';
const LABELS = /^\s*((?:\((?:[A-Za-z]{1,5}|\d{1,3}[A-Za-z]{0,2})(?:-[0-9A-Za-z]{1,3})?\))+)\s*/;
const ROMAN = /^(?=[ivxl])(x{0,3})(ix|iv|v?i{0,3})$/;
const LEAD_IN_END = /(?::|—|--|\bthat)\s*$/;

function tokensOf(labels: string): string[] {
  return [...labels.matchAll(/\(([^)]+)\)/g)].map((m) => m[1]);
}

/** "h" -> "i": the letter a lettered list would reach next. */
const nextLetter = (label: string) => String.fromCharCode(label.toLowerCase().charCodeAt(0) + 1);

function kindOf(token: string, stack: { kind: LabelKind; token: string }[]): LabelKind {
  const base = token.split('-')[0];
  if (/^\d/.test(base)) return 'num';
  const lower = base.toLowerCase();
  const isRoman = ROMAN.test(lower);
  const letterKind: LabelKind = base === lower ? 'lower' : 'upper';
  const romanKind: LabelKind = base === lower ? 'roman' : 'ROMAN';
  if (!isRoman) return letterKind;
  if (base.length > 1) return romanKind;
  // "(i)" is the ninth letter after "(h)", else the first roman numeral; "(v)" after "(u)", "(x)" after "(w)".
  const letters = stack.filter((s) => s.kind === letterKind);
  const last = letters.at(-1)?.token.split('-')[0];
  if (last && nextLetter(last) === lower) return letterKind;
  const romans = stack.filter((s) => s.kind === romanKind);
  if (romans.length) return romanKind;
  return lower === 'i' || !last ? romanKind : letterKind;
}

export function provisionsOf(text: string): Provision[] {
  const out: Provision[] = [];
  const stack: { kind: LabelKind; token: string }[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    if (!line.trim()) continue;
    const m = LABELS.exec(line);
    if (m) {
      for (const token of tokensOf(m[1])) {
        const kind = kindOf(token, stack);
        const at = stack.findIndex((s) => s.kind === kind);
        if (at >= 0) stack.length = at;
        stack.push({ kind, token });
      }
    }
    const body = (m ? line.slice(m[0].length) : line).trim();
    const end = start + line.replace(/\s+$/, '').length;
    out.push({ pinpoint: stack.map((s) => `(${s.token})`).join(''), depth: stack.length, start, end, subtreeEnd: end, body, leadIn: false });
  }
  // A paragraph's items are the paragraphs after it that sit deeper, up to the next one that does not.
  for (let i = 0; i < out.length; i++) {
    let j = i + 1;
    while (j < out.length && out[j].depth > out[i].depth && out[j].pinpoint.startsWith(out[i].pinpoint)) j++;
    if (j > i + 1) out[i].subtreeEnd = out[j - 1].end;
    out[i].leadIn = j > i + 1 && LEAD_IN_END.test(out[i].body);
  }
  return out;
}

/** The provision whose own line holds `offset`. */
export function provisionAt(provisions: Provision[], offset: number): Provision | undefined {
  let found: Provision | undefined;
  for (const p of provisions) {
    if (p.start > offset) break;
    if (offset <= p.end) found = p;
  }
  return found;
}

/** The lead-in that introduces the provision at `offset`, when it is one of a list's items. */
export function leadInOf(provisions: Provision[], offset: number): Provision | undefined {
  const own = provisionAt(provisions, offset);
  if (!own) return undefined;
  for (let i = provisions.indexOf(own) - 1; i >= 0; i--) {
    const p = provisions[i];
    if (p.subtreeEnd >= own.end && p.depth < own.depth) return p.leadIn ? p : undefined;
  }
  return undefined;
}

const LABELS_AT_START = /^\s*(?:\([^)\s]{1,6}\)\s*)*/;

/** A paragraph's text without the labels it opens with: "(c)(1) A public body …" -> "A public body …". */
export const withoutLabels = (text: string) => text.replace(LABELS_AT_START, '');
/** A sentence with a verb of its own: a rule (shall, may, must), a definition (means), a statement (is, are). */
const FULL_SENTENCE = /\b(?:shall|may|must|will|means|includes|is|are|has|have)\b/i;

/** Longest quote a list may make before only the items up to the one that answers are kept. */
const LIST_QUOTE_MAX = 900;

/**
 * The span a quote of the text between `start` and `end` must cover to stand on its own: a lead-in
 * ("… shall:") with its items (all of them when short, else through the last one the span touches),
 * and an item with the lead-in that introduces it. Offsets into `text`.
 */
export function quotableSpan(text: string, provisions: Provision[], start: number, end: number): { start: number; end: number } {
  let from = start;
  let to = end;
  // An item that reads as a sentence of its own ("(1) An abandoned vehicle shall be removed …"), or a
  // later sentence of it, stands without its lead-in; a fragment ("(C) End by 10 p.m.") does not.
  const own = provisionAt(provisions, start);
  const fragment = own !== undefined && text.slice(own.start, start).replace(LABELS_AT_START, '').trim() === '' && !FULL_SENTENCE.test(text.slice(start, end));
  const introducing = fragment ? leadInOf(provisions, start) : undefined;
  if (introducing) from = Math.min(from, leadInSentence(text, introducing).start);
  const last = provisionAt(provisions, Math.max(start, to - 1));
  if (last?.leadIn && to >= last.end - 1) to = last.subtreeEnd - from <= LIST_QUOTE_MAX ? last.subtreeEnd : firstItemEnd(provisions, last);
  else if (introducing && introducing.subtreeEnd - from <= LIST_QUOTE_MAX / 2) to = Math.max(to, introducing.subtreeEnd);
  return { start: from, end: to };
}

/**
 * The lead-in's own sentence, "The street closure shall:" (its line may open with a sentence of its
 * own before it), without its labels. Offsets into `text`.
 */
export function leadInSentence(text: string, leadIn: Provision): { start: number; end: number } {
  return { start: lastSentenceStart(text, leadIn.end - leadIn.body.length, leadIn.end), end: leadIn.end };
}

function firstItemEnd(provisions: Provision[], leadIn: Provision): number {
  const next = provisions[provisions.indexOf(leadIn) + 1];
  return next ? next.subtreeEnd : leadIn.end;
}

/** Where the last sentence of text[from, to) starts (a lead-in is the sentence before its colon). */
function lastSentenceStart(text: string, from: number, to: number): number {
  const line = text.slice(from, to);
  let at = 0;
  for (const m of line.matchAll(/[.;]\s+(?=[A-Z“"])/g)) {
    const before = line.slice(Math.max(0, m.index - 4), m.index + 1);
    if (/\b(?:D\.C|U\.S|Sec|No|p\.m|a\.m)\.$/i.test(before)) continue;
    at = m.index + m[0].length;
  }
  return from + at;
}

/** The pinpoint of the provision that holds `offset` ("(c)(1)"), or "". */
export function pinpointAt(provisions: Provision[], offset: number): string {
  return provisionAt(provisions, offset)?.pinpoint ?? '';
}

/**
 * A section's defined short forms: "a contractor daytime parking permit (“CDP permit”)", "The District
 * Department of Transportation (“DDOT”)", "… (hereinafter “the Program”)". A sentence that later says
 * "The fee for a CDP permit shall be $10 per day" speaks of the long form's thing in the section's own
 * shorthand. The long form is the run of words before the parenthesis, back to its article (at most 9 words).
 * Linear in the text (a city's imported sections are untrusted): the parentheses are found first, and
 * only a bounded stretch before each is read for its words.
 */
const SHORT_FORM = /\(\s*(?:hereinafter(?:\s+(?:referred to as|called))?\s+)?(?:the\s+)?[“"]([^”"]{1,40})[”"]\s*\)/g;
const LONG_FORM_WORDS = 9;
/** Characters before a parenthesis read for its long form: 9 words of a statute, with room. */
const LONG_FORM_REACH = 240;
const WORD_CHARACTER = /^[\p{L}\p{N}'’-]$/u;
/** The word a token ends in ("mass" of "chromatography/mass"), read back from its end. */
function wordEnding(token: string): string {
  const characters = [...token];
  let k = characters.length;
  while (k > 0 && WORD_CHARACTER.test(characters[k - 1])) k--;
  return characters.slice(k).join('');
}
const ARTICLE = /^(?:a|an|the|any|each|every|such|this|that|its|their)$/i;

export function shortFormsOf(text: string): Map<string, string> {
  const forms = new Map<string, string>();
  if (!text.includes('(')) return forms;
  for (const m of text.matchAll(SHORT_FORM)) {
    const from = Math.max(0, m.index - LONG_FORM_REACH);
    const tokens = text.slice(from, m.index).split(/\s+/).filter(Boolean);
    // (A word the reach cut through is not read.)
    if (from > 0 && /\S/.test(text[from - 1]) && /\S/.test(text[from])) tokens.shift();
    // Whole words back from the parenthesis; a token that is not one ends the phrase with the word it ends in ("chromatography/mass spectrometry").
    const words: string[] = [];
    for (let k = tokens.length - 1; k >= 0 && words.length < LONG_FORM_WORDS; k--) {
      const tail = wordEnding(tokens[k]);
      if (tail) words.unshift(tail);
      if (tail !== tokens[k]) break;
    }
    // The phrase begins after its last article: "shall establish a contractor daytime parking permit program".
    let begins = words.length;
    while (begins > 0 && !ARTICLE.test(words[begins - 1])) begins--;
    const long = words.slice(begins).join(' ');
    const short = m[1].trim().replace(/^the\s+/i, '');
    if (!long || long.toLowerCase() === short.toLowerCase() || forms.has(short.toLowerCase())) continue;
    forms.set(short.toLowerCase(), long);
  }
  return forms;
}

/** The long forms of the short forms a passage of the section uses ("CDP permit" -> "contractor daytime parking permit"), as text. */
export function longFormsIn(passage: string, forms: Map<string, string>): string {
  if (!forms.size) return '';
  const lower = passage.toLowerCase();
  const out: string[] = [];
  for (const [short, long] of forms) {
    const at = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(short)}(?![\\p{L}\\p{N}])`, 'u');
    if (at.test(lower) && !lower.includes(long.toLowerCase())) out.push(long);
  }
  return out.join(' ');
}
