import { stemmer } from 'stemmer';

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

const stemCache = new Map<string, string>();

export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stemCache.size < 500_000) stemCache.set(word, s);
  }
  return s;
}

/** Lower-cased word tokens; apostrophes dropped ("landlord's" -> "landlords"), numbers kept. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/** Index and query terms: stopwords and one-letter tokens dropped, Porter-stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 || STOPWORDS.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}
