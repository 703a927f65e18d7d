/**
 * Character error rate, the usual measure of OCR quality: the edit distance between what was read
 * and what the page says, over the length of what the page says.
 *
 * Both texts are normalised first, and only in ways a reader does not notice: Unicode NFKC (ligatures
 * such as "ﬁ" become "fi"), typographic quotes and dashes become their ASCII forms (Word's “ ” ‘ ’ –
 * against the " ' - a scan of the same page may be read as), and every run of whitespace becomes one
 * space (layout spacing and line breaks are not text). Case, punctuation and digits are kept: a clerk
 * would notice those.
 */
export function normaliseForCer(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein distance in code points (insertions, deletions and substitutions each cost 1); memory in the shorter text's length. */
export function editDistance(a: string, b: string): number {
  let long = Array.from(a);
  let short = Array.from(b);
  if (short.length > long.length) [long, short] = [short, long];
  let previous = new Uint32Array(short.length + 1).map((_, i) => i);
  let current = new Uint32Array(short.length + 1);
  for (let i = 1; i <= long.length; i++) {
    current[0] = i;
    for (let j = 1; j <= short.length; j++) {
      const substitution = previous[j - 1] + (long[i - 1] === short[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return previous[short.length];
}

/**
 * CER of `read` against `truth`, both normalised by normaliseForCer: 0 is perfect, and it can exceed 1
 * when the reading holds more wrong characters than the page has. An empty truth scores 0 against an
 * empty reading and 1 against anything else.
 */
export function characterErrorRate(read: string, truth: string): number {
  const expected = normaliseForCer(truth);
  const actual = normaliseForCer(read);
  if (!expected.length) return actual.length ? 1 : 0;
  return editDistance(actual, expected) / Array.from(expected).length;
}
