/**
 * Combining retrievers. Scores are dense arrays indexed by document; NaN or values <= `floor`
 * mean "this retriever has nothing for the document".
 */

/**
 * Indices of the `n` highest scores above `min`, best first (ties: lower index first). NaN never
 * qualifies. A bounded min-heap keeps this O(size log n) instead of sorting every document.
 */
export function topIndices(scores: Float32Array, n: number, eligible?: Uint8Array, min = -Infinity): number[] {
  if (n <= 0) return [];
  // A typed heap and the worst kept score in a local: once the heap is full, most documents are
  // turned away by one comparison (the dense ranking offers every one of 21,163 sections).
  const heap = new Int32Array(n); // min-heap of document indices: the worst kept at 0
  let size = 0;
  // a is worse than b: a lower score, or the same score and a higher index.
  const worse = (a: number, b: number) => scores[a] < scores[b] || (scores[a] === scores[b] && a > b);
  let floor = -Infinity; // the worst kept score, once the heap is full
  for (let d = 0; d < scores.length; d++) {
    const s = scores[d];
    if (!(s > min) || (eligible !== undefined && !eligible[d])) continue;
    if (size < n) {
      let i = size++;
      heap[i] = d;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!worse(heap[i], heap[p])) break;
        const t = heap[i];
        heap[i] = heap[p];
        heap[p] = t;
        i = p;
      }
      if (size === n) floor = scores[heap[0]];
      continue;
    }
    // Ties go to the lower index, which the scan met first: an equal score never displaces.
    if (s <= floor) continue;
    heap[0] = d;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(heap[l], heap[m])) m = l;
      if (r < size && worse(heap[r], heap[m])) m = r;
      if (m === i) break;
      const t = heap[i];
      heap[i] = heap[m];
      heap[m] = t;
      i = m;
    }
    floor = scores[heap[0]];
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => scores[b] - scores[a] || a - b);
}

/**
 * Reciprocal-rank fusion (Cormack et al. 2009): each retriever contributes weight / (k + rank)
 * for its top `depth` documents. Rank-based, so BM25's unbounded scores and cosines in a narrow
 * band need no calibration.
 */
export function reciprocalRankFusion(
  lists: Array<{ ranking: number[]; weight: number }>,
  size: number,
  k = 60,
): Float32Array {
  const out = new Float32Array(size);
  for (const { ranking, weight } of lists) ranking.forEach((d, r) => (out[d] += weight / (k + r + 1)));
  return out;
}

/**
 * Score-based fusion: each retriever's scores are rescaled so that its best document is 1 and its
 * `floor` is 0 (BM25: 0; cosine: the score of its last candidate), then summed with weights.
 * Keeps the margin information that RRF throws away (a section far ahead in one retriever stays
 * far ahead).
 */
export function weightedFusion(
  lists: Array<{ scores: Float32Array; ranking: number[]; weight: number; floor?: number }>,
  size: number,
): Float32Array {
  const out = new Float32Array(size);
  for (const { scores, ranking, weight, floor } of lists) {
    if (!ranking.length || weight === 0) continue;
    const hi = scores[ranking[0]];
    const lo = floor ?? scores[ranking[ranking.length - 1]];
    const span = hi - lo;
    for (const d of ranking) out[d] += span > 0 ? (weight * Math.max(0, scores[d] - lo)) / span : weight;
  }
  return out;
}

/**
 * Chapter evidence: half the misses of plain retrieval were a neighbouring section of the right
 * chapter, i.e. the chapter was found before the section. Each chapter scores the sum of its
 * best `perChapter` sections' scores (with decreasing weight); every section then receives
 * `weight` x its chapter's score relative to the best chapter's.
 */
export function chapterScores(
  fused: Float32Array,
  ranking: number[],
  chapterOf: Int32Array,
  perChapter = 3,
): Map<number, number> {
  const seen = new Map<number, number>();
  const score = new Map<number, number>();
  for (const d of ranking) {
    const c = chapterOf[d];
    const n = seen.get(c) ?? 0;
    if (n >= perChapter) continue;
    seen.set(c, n + 1);
    score.set(c, (score.get(c) ?? 0) + fused[d] / (n + 1));
  }
  return score;
}
