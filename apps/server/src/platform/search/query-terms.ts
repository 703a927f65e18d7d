import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ParsedQuery } from './query-parser';
import { tsqueryTexts } from './repo';
import { combine, parseTsQuery, type TsQuery } from './tsquery';

/**
 * The tsqueries of one search for the in-process index (decision 017), built the way
 * engine.ts's textQueryOf builds them for SQL. Each word and phrase still goes through
 * PostgreSQL's own parser (plainto_tsquery / phraseto_tsquery, bound parameters), so lexemes and
 * stop words are PostgreSQL's; the answers are remembered per word, so a search whose words were
 * seen before needs no round trip, and a new one needs one for all its words.
 */
export interface CompiledQuery {
  /** Every part must match (each word OR its typo corrections; quoted phrases as phrases). */
  all: TsQuery | null;
  /** Any part may match: the fallback for multi-word queries with too few full matches, and the rank's query. */
  any: TsQuery | null;
  /** The parts of `any` (a quoted phrase; a word OR its corrections): in "some terms" mode a record is ordered by the weight of those it holds. */
  parts: TsQuery[];
  /** The whole query as a phrase (multi-word queries without corrections): tier 3. */
  phrase: TsQuery | null;
  /** All parts without corrections: a hit that needs one is reported "fuzzy". */
  strict: TsQuery | null;
  excluded: TsQuery | null;
  fileNumbers: string[];
  /** Lower-case whole query: tier 5 when a title holds it. */
  titlePhrase: string | null;
  /** Tier 4 applies (loose words with lexemes, no quoted phrase): all of `all` in weight-A text (title, file number). */
  titleTerms: boolean;
  /** Words to mark in snippets: those with lexemes, their corrections, and the words of quoted phrases. */
  markWords: string[];
}

const PARSE_CACHE_MAX = 20_000;
const parsedTexts = new Map<string, string>();

/** tsquery text per `plain:word` / `phrase:text` key, asking PostgreSQL (in one statement) only for new ones. */
async function tsqueryOf(db: Db, keys: string[]): Promise<Map<string, TsQuery | null>> {
  const missing = [...new Set(keys.filter((k) => !parsedTexts.has(k)))];
  if (missing.length) {
    const texts = await tsqueryTexts(
      db,
      Object.fromEntries(
        missing.map((key, i) => {
          const [kind, ...rest] = key.split(':');
          const text = rest.join(':');
          return [`q${i}`, kind === 'phrase' ? sql`phraseto_tsquery('english', ${text})` : sql`plainto_tsquery('english', ${text})`];
        }),
      ),
    );
    if (parsedTexts.size + missing.length > PARSE_CACHE_MAX) parsedTexts.clear();
    missing.forEach((key, i) => parsedTexts.set(key, texts[`q${i}`] ?? ''));
  }
  return new Map(keys.map((k) => [k, parseTsQuery(parsedTexts.get(k))]));
}

const plain = (word: string) => `plain:${word}`;
const phraseKey = (text: string) => `phrase:${text}`;

export async function compileQuery(db: Db, parsed: ParsedQuery, corrections: Map<string, string[]>): Promise<CompiledQuery> {
  const wordCount = parsed.words.length + parsed.phrases.reduce((n, p) => n + p.split(/\s+/).length, 0);
  const wholePhrase = wordCount > 1 && !corrections.size && !parsed.fileNumberTokens.length;
  const alternatives = (w: string) => [w, ...(corrections.get(w) ?? [])];
  const phraseWords = [...new Set(parsed.phrases.flatMap((p) => p.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean))];
  const keys = [
    ...phraseWords.map(plain),
    ...parsed.phrases.map(phraseKey),
    ...parsed.words.flatMap(alternatives).map(plain),
    ...parsed.excluded.map(plain),
    ...(wholePhrase ? [phraseKey(parsed.text)] : []),
  ];
  const q = await tsqueryOf(db, keys);
  const phrases = parsed.phrases.map((p) => q.get(phraseKey(p)) ?? null);
  const words = parsed.words.map((w) => combine('or', alternatives(w).map((x) => q.get(plain(x)) ?? null)));
  const strictWords = parsed.words.map((w) => q.get(plain(w)) ?? null);
  const meaningful = parsed.words.filter((w) => q.get(plain(w)));
  return {
    all: combine('and', [...phrases, ...words]),
    any: combine('or', [...phrases, ...words]),
    parts: [...phrases, ...words].filter((p): p is TsQuery => p !== null),
    phrase: wholePhrase ? (q.get(phraseKey(parsed.text)) ?? null) : null,
    strict: corrections.size ? combine('and', [...phrases, ...strictWords]) : null,
    excluded: combine('or', parsed.excluded.map((w) => q.get(plain(w)) ?? null)),
    fileNumbers: parsed.fileNumbers,
    titlePhrase: wholePhrase
      ? parsed.text.toLowerCase().replace(/\s+/g, ' ')
      : parsed.phrases.length === 1 && !parsed.words.length
        ? parsed.phrases[0].toLowerCase()
        : null,
    titleTerms: !parsed.phrases.length && meaningful.length > 0,
    markWords: [...meaningful.flatMap((w) => alternatives(w)), ...phraseWords.filter((w) => q.get(plain(w)))],
  };
}

/** For tests and the benchmark: forget the remembered word parses. */
export function forgetParsedWords() {
  parsedTexts.clear();
}
