import { stemmer } from 'stemmer';

/** Small text tools of the engines: sentences, words, and the quote normal form. */

const STOPWORDS = new Set(
  ('a an and are as at be been but by can could do does did for from had has have how i if in into is it its may me might ' +
    'must my no not of on or our shall should so than that the their them then there these they this those to under up us ' +
    'was we were what when where which while who whom why will with would you your about any all also after before being ' +
    'between each other such only same more most some very just over own per via upon').split(' '),
);

/**
 * A text in word-sized pieces for streaming: each word with the spaces after it, and any leading
 * spaces as a piece of their own, so the pieces join back to exactly the text.
 */
export function wordPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * Stems of words seen lately: the same few thousand words of the code come up in every answer. Per
 * process, and never stale: a stem is a function of its word alone.
 */
const stems = new Map<string, string>();
const STEMS_KEPT = 50_000;
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

/** "don't" is "do not", "won't" "will not"; "we're", "he'll", "they've" lose the auxiliary ("re", "ll" are not words of a subject). */
const withoutContractions = (text: string) =>
  text
    .replace(/\b(won|can|shan)['’]t\b/g, (_, w: string) => `${{ won: 'will', can: 'can', shan: 'shall' }[w as 'won' | 'can' | 'shan']} not`)
    .replace(/\b(\w+)n['’]t\b/g, '$1 not')
    .replace(/\b(\w+)['’](?:ll|re|ve|d|m)\b/g, '$1');

const BOUND_PREFIX = /^(?:anti|non|pre|post|semi|multi|inter|intra|sub|super|self|co|re|de|un|ex|mid|over|under|counter|cross|quasi|pro)-/;

/**
 * Words before "will" that make it the noun ("a valid will", "the testator's will", "my will"), not
 * the modal ("the Mayor will"): a will is the subject of a whole title of a code.
 */
const WILL_NOUN_AFTER = new Set('a an the my his her their your our its this that such any each every said valid written last holographic nuncupative living testator testators'.split(' '));
export const isWillNoun = (word: string, previous: string | undefined) => word === 'will' && previous !== undefined && WILL_NOUN_AFTER.has(previous);

/** Lower-case, stemmed content words. */
export function contentWords(text: string): string[] {
  const words = (withoutContractions(text.toLowerCase()).match(/[a-z0-9]+(?:[-.][a-z0-9]+)*/g) ?? [])
    // "small-estate" is the code's "small estate"; a number ("2-532", "p.m.") stays whole
    // ("anti-SLAPP", "non-profit", "re-elect" keep their prefix: it is not a word of its own).
    .flatMap((w) => (/-/.test(w) && !/\d/.test(w) && !BOUND_PREFIX.test(w) ? w.split('-') : [w]));
  return words.filter((w, i) => isWillNoun(w, words[i - 1]) || (!STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)))).map((w) => (/\d/.test(w) ? w : stemOf(w)));
}

/**
 * Sentences of a legal text: each line (a paragraph "(a) ...") is a unit, split further at
 * sentence ends; abbreviations such as "D.C.", "Sec.", "U.S.C." and "No." do not end a sentence.
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const protectedLine = trimmed
      // "Sec. 2." and "Section 3a." headings stay with the sentence they introduce.
      .replace(/\b(Sec|Section|Title|Chapter)\.?\s+\d+[A-Za-z-]*\./g, (m) => m.replace(/\./g, '\u0000'))
      // A list item's number ("2. Public comment.") and a middle initial ("John A. Wilson") end nothing.
      .replace(/^(?:(?:Agenda )?Item\s+)?(?:\d{1,2}|[IVX]{1,4})(?:\.\d{1,2})*\.(?=\s)/, (m) => m.replace(/\./g, '\u0000'))
      .replace(/(?<=\b[A-Z][a-z]+ [A-Z])\.(?= [A-Z][a-z])/g, '\u0000')
      // "… in D.C. Does that cover …?", "… until 10 p.m. Can we …": an abbreviation that ends a sentence before a question's first word ends it.
      .replace(/\b(?:D\.C|U\.S|a\.m|p\.m)\.(?=\s+(?:Does|Do|Did|Is|Are|Was|Can|Could|What|How|Who|When|Where|Which|Why|Will|Would|Should|I|We|My|Our|Given|Since|Now|Assuming|Considering)\b)/g, (m) => `${m.slice(0, -1)}\u0001`)
      .replace(/\b(D\.C|U\.S\.C|U\.S|Z\.C|Sec|No|Nos|Stat|Mr|Mrs|Ms|Dr|Cmsr|Hon|St|et al|e\.g|i\.e|a\.m|p\.m|v|seq|Inc|Co|Corp|Jan|Feb|Mar|Apr|Aug|Sept|Oct|Nov|Dec)\./gi, (m) =>
      m.replace(/\./g, '\u0000'),
    );
    for (const part of protectedLine.split(/(?<=[.;!?\u0001])\s+(?=[A-Z(“"])/)) {
      const sentence = part.replace(/[\u0000\u0001]/g, '.').trim();
      if (sentence) out.push(sentence);
    }
  }
  return out;
}

/** "Clerk here: how far ahead …", "HR question: new hires …": a label before a colon says who asks, not what is asked. */
export const withoutAskerLabel = (text: string): string => text.replace(/^\s*[A-Za-z][\w .'’-]{0,30}:\s+(?=\S)/, '');

/** The question's last sentence that ends with a question mark (the one that asks), else the whole text. */
export function askingSentence(question: string): string {
  const sentences = sentencesOf(question.replace(/\s+/g, ' ').trim());
  return [...sentences].reverse().find((s) => /\?\s*$/.test(s)) ?? sentences.at(-1) ?? question;
}

/** Each sentence (sentencesOf) with where it starts in the text, for spans that point back at it. */
export function sentenceSpans(text: string): { sentence: string; start: number }[] {
  const out: { sentence: string; start: number }[] = [];
  let offset = 0;
  for (const sentence of sentencesOf(text)) {
    const at = text.indexOf(sentence, offset);
    if (at < 0) continue;
    out.push({ sentence, start: at });
    offset = at + sentence.length;
  }
  return out;
}

/** Whitespace, curly quotes and dashes made uniform, so a quote matches its source verbatim otherwise. */
export function normaliseForQuote(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201F]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00A0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Lines that address an AI instead of a reader ("ignore previous instructions..."). They are data,
 * never instructions: the engines never quote them, so they cannot steer what an answer says.
 */
const INJECTION = /\b(ignore|disregard|forget)\b[^.]{0,40}\b(previous|prior|above|all|earlier)\b[^.]{0,40}\b(instruction|prompt|rule|direction)s?\b|\b(system prompt|you are (now )?an? (ai|assistant|language model)|as an ai\b)/i;

export function looksLikeInjection(sentence: string): boolean {
  return INJECTION.test(sentence);
}
