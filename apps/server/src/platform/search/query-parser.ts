/**
 * What a clerk typed, split the way the ranking needs it (decision 011): quoted phrases, loose
 * words, and file numbers such as "B25-914" or "25-914". The text itself is only ever passed to
 * PostgreSQL's own parsers (plainto_tsquery / phraseto_tsquery) as a bound parameter.
 */
export interface ParsedQuery {
  /** The whole query, cleaned, for "the title is exactly this" and the exact-phrase tier. */
  text: string;
  phrases: string[];
  /** Loose words (outside quotes), lower case, without file numbers. */
  words: string[];
  /** Words prefixed with '-': results must not contain them. */
  excluded: string[];
  /** Candidate stored file numbers / source ids for each file-number-like token. */
  fileNumbers: string[];
  /** The file-number-like tokens as typed (upper case). */
  fileNumberTokens: string[];
}

/** "B25-914", "PR24-0012", "25-914", "L25-326". */
const FILE_NUMBER = /^([A-Za-z]{0,4})(\d{1,3})-(\d{1,5})$/;
/** Prefixes that file numbers and source ids carry: bills, proposed resolutions, ceremonial resolutions, laws, acts. */
const KNOWN_PREFIXES = ['B', 'PR', 'CER', 'R', 'L', 'A'];
const MAX_WORDS = 12;

export function parseSearchQuery(raw: string): ParsedQuery {
  const cleaned = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  const phrases: string[] = [];
  const withoutPhrases = cleaned.replace(/"([^"]*)"?/g, (_, phrase: string) => {
    const p = phrase.trim();
    if (p) phrases.push(p);
    return ' ';
  });
  const words: string[] = [];
  const excluded: string[] = [];
  const fileNumberTokens: string[] = [];
  for (const token of withoutPhrases.split(' ')) {
    const bare = token.replace(/^[^\p{L}\p{N}-]+|[^\p{L}\p{N}]+$/gu, '');
    if (!bare) continue;
    const match = bare.match(FILE_NUMBER);
    if (match) {
      fileNumberTokens.push(bare.toUpperCase());
      continue;
    }
    if (bare.startsWith('-') && bare.length > 1) {
      excluded.push(bare.slice(1).toLowerCase());
      continue;
    }
    for (const part of bare.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (part) words.push(part);
  }
  return {
    text: cleaned.replace(/"/g, '').trim(),
    phrases: phrases.slice(0, 4),
    words: [...new Set(words)].slice(0, MAX_WORDS),
    excluded: [...new Set(excluded)].slice(0, 4),
    fileNumbers: [...new Set(fileNumberTokens.flatMap(fileNumberCandidates))],
    fileNumberTokens,
  };
}

/** "25-914" may be B25-914, PR25-914...; "B25-914" is itself. Upper case, as stored. */
export function fileNumberCandidates(token: string): string[] {
  const match = token.toUpperCase().match(FILE_NUMBER);
  if (!match) return [];
  const [, prefix, period, number] = match;
  const bare = `${period}-${number}`;
  return prefix ? [`${prefix}${bare}`] : [bare, ...KNOWN_PREFIXES.map((p) => `${p}${bare}`)];
}

export const isEmptyQuery = (q: ParsedQuery) => !q.phrases.length && !q.words.length && !q.fileNumbers.length;
