import { contentWords, sentencesOf } from '../src/platform/ai';

/**
 * What the Summarizer's gist is measured with (eval:minutes, eval:gist): ROUGE-1/2/L F1 against a
 * reference summary, and the extractive baselines a gist must beat: LEAD (the first sentences),
 * TextRank (Mihalcea and Tarau 2004) and LexRank (Erkan and Radev 2004).
 */
// ---- ROUGE (F1 on unigrams, bigrams, longest common subsequence), on lower-cased words ----
const tokens = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
function overlapF(a: string[], b: string[]) {
  const count = new Map<string, number>();
  for (const x of b) count.set(x, (count.get(x) ?? 0) + 1);
  let hit = 0;
  for (const x of a) if ((count.get(x) ?? 0) > 0) (hit++, count.set(x, count.get(x)! - 1));
  const p = a.length ? hit / a.length : 0;
  const r = b.length ? hit / b.length : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}
const bigrams = (t: string[]) => t.slice(1).map((w, i) => `${t[i]} ${w}`);
function lcsF(a: string[], b: string[]) {
  const dp = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i][j] = a[i - 1] === b[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  const l = dp[a.length][b.length];
  const p = a.length ? l / a.length : 0;
  const r = b.length ? l / b.length : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}
export const rouge = (candidate: string, reference: string) => {
  const c = tokens(candidate);
  const r = tokens(reference);
  return [overlapF(c, r), overlapF(bigrams(c), bigrams(r)), lcsF(c, r)];
};

/** The sentences a summary may take: eight words or more. */
const longSentences = (text: string) => sentencesOf(text).filter((s) => s.split(/\s+/).length >= 8);

/**
 * PageRank over sentences linked by `weight(i, j)` (damping 0.85, 30 rounds); the `keep` most
 * central, in their order. TextRank and LexRank differ only in the weight.
 */
function mostCentral(sentences: string[], weight: (i: number, j: number) => number, keep: number): string {
  const n = sentences.length;
  const w = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : weight(i, j))));
  const out = w.map((row) => row.reduce((a, b) => a + b, 0) || 1);
  let score = new Array(n).fill(1);
  for (let it = 0; it < 30; it++) score = score.map((_, i) => 0.15 + 0.85 * w.reduce((sum, row, j) => sum + (row[i] * score[j]) / out[j], 0));
  return sentences
    .map((s, i) => ({ s, i, v: score[i] }))
    .sort((a, b) => b.v - a.v)
    .slice(0, keep)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s)
    .join(' ');
}

/** Plain TextRank (Mihalcea and Tarau 2004): PageRank over sentences linked by shared content words. */
export function textRank(text: string, keep = 6): string {
  const sentences = longSentences(text);
  const words = sentences.map((s) => new Set(contentWords(s)));
  return mostCentral(
    sentences,
    (i, j) => {
      const shared = [...words[i]].filter((w) => words[j].has(w)).length;
      return shared ? shared / (Math.log(1 + words[i].size) + Math.log(1 + words[j].size)) : 0;
    },
    keep,
  );
}

/** LEAD-n: the first n sentences of eight words or more (the strong baseline of news and meeting summaries). */
export function lead(text: string, n = 3): string {
  return longSentences(text).slice(0, n).join(' ');
}

/**
 * LexRank (Erkan and Radev 2004), continuous: PageRank over sentences linked by the idf-weighted
 * cosine of their words (links under 0.1 dropped), damping 0.85; the `keep` most central, in order.
 */
export function lexRank(text: string, keep = 3): string {
  const sentences = longSentences(text);
  const n = sentences.length;
  if (!n) return '';
  const bags = sentences.map((s) => {
    const m = new Map<string, number>();
    for (const w of contentWords(s)) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  });
  const df = new Map<string, number>();
  for (const b of bags) for (const w of b.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(n / (df.get(w) ?? 1));
  const norm = bags.map((b) => Math.sqrt([...b].reduce((s, [w, tf]) => s + (tf * idf(w)) ** 2, 0)) || 1);
  const cosine = (i: number, j: number) => {
    let dot = 0;
    for (const [w, tf] of bags[i]) dot += tf * (bags[j].get(w) ?? 0) * idf(w) ** 2;
    return dot / (norm[i] * norm[j]);
  };
  return mostCentral(
    sentences,
    (i, j) => {
      const c = cosine(i, j);
      return c >= 0.1 ? c : 0;
    },
    keep,
  );
}
