import { stemmer } from 'stemmer';
import { isWillNoun } from '../ai/text';

// Function words plus the words people wrap a question in ("how", "can I", "legally"): they carry
// no topic, and keeping them lets long sections that use them a lot outrank the right one.
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  could did do does doing down during each few for from further had has have having he her here hers herself him himself
  his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours
  ourselves out over own same she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up very was we were what when where which while who whom why will with would you
  your yours yourself yourselves can cannot may might must shall also us let lets get got gets getting go going want wants
  need needs know tell say says said please thing things anything something someone somebody anyone anybody everyone ok
  okay yes really actually still even ever legally legal allowed law laws rule rules rules allowed am im ive dont doesnt
  isnt cant wont whats hows thats theres heres`.split(/\s+/),
);

// word -> index term, or '' for a stopword: one lookup per token on the hot path of index builds.
const termCache = new Map<string, string>();

export function stem(word: string): string {
  return conflate(stemmer(word));
}

// Porter splits some word families that statutes and people use interchangeably: "register"
// (regist) / "registration" (registr), "tax" / "taxation" (taxat), "qualify" (qualifi) /
// "qualification" (qualif). Conflate them after stemming.
const STEM_ALIASES: Record<string, string> = {
  registr: 'regist',
  administr: 'administ',
  applic: 'appli',
  taxat: 'tax',
  taxabl: 'tax',
  employe: 'employ',
  emploi: 'employ',
  licenc: 'licens',
  discriminatori: 'discrimin',
  paid: 'pai',
  payment: 'pai',
  su: 'sue',
  vacanc: 'vacant',
};

function conflate(stemmed: string): string {
  const alias = STEM_ALIASES[stemmed];
  if (alias) return alias;
  // "-ification" stems end in "if", the verb's in "ifi" (notif / notifi, certif / certifi).
  return stemmed.length > 3 && stemmed.endsWith('if') && !stemmed.endsWith('iff') ? `${stemmed}i` : stemmed;
}

function termOf(word: string): string {
  let t = termCache.get(word);
  if (t === undefined) {
    t = word.length < 2 || STOPWORDS.has(word) ? '' : conflate(stemmer(word));
    if (termCache.size < 1_000_000) termCache.set(word, t);
  }
  return t;
}

const WORD = /[a-z0-9]+(?:['’][a-z0-9]+)*/g;

/** Lower-cased word tokens; apostrophes dropped ("landlord's" -> "landlords"), numbers kept. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) out.push(m[0].length > 2 && /['’]/.test(m[0]) ? m[0].replace(/['’]/g, '') : m[0]);
  return out;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** Index and query terms: stopwords and one-letter tokens dropped, Porter-stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  WORD.lastIndex = 0;
  let previous = '';
  for (let m = WORD.exec(lower); m; m = WORD.exec(lower)) {
    let w = m[0];
    if (w.length > 2 && (w.includes("'") || w.includes('’'))) w = w.replace(/['’]/g, '');
    const t = isWillNoun(w, previous) ? 'will' : termOf(w);
    if (t) out.push(t);
    previous = w;
  }
  return out;
}
