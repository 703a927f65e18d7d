import { contentWords } from '../../../platform/ai';
import type { Unit } from './motions';

/**
 * The gist: the sentences that say most of the meeting. Each is scored by how many of the record's
 * frequent content words it holds (a degree-centrality stand-in for TextRank), with weight for the
 * sentences that record a decision; the best few are kept in their order.
 */
const DECISION = /\b(?:carried|passed|adopted|approved|failed|defeated|withdrawn|tabled|continued|postponed|deferred|directed|recommend\w*)\b/i;

export function gistOf(units: Unit[], keep = 6): Unit[] {
  // Tables, rules, vote lists and attendance lists are not what a meeting said.
  const sentences = units.filter((u) => !/^\s*(?:\||[-=*_]{3,}|(?:Ayes?|Nays?|Yes|No|Voting \w+|(?:Members? |Commissioners? |Trustees? )?(?:Present|Absent)|Staff|Also present)\s*:)/i.test(u.sentence));
  const words = sentences.map((s) => new Set(contentWords(s.sentence)));
  const frequency = new Map<string, number>();
  for (const set of words) for (const w of set) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  return sentences
    .map((s, i) => ({ s, i, score: ([...words[i]].reduce((n, w) => n + Math.log(1 + (frequency.get(w) ?? 0)), 0) / Math.sqrt(1 + words[i].size)) * (DECISION.test(s.sentence) ? 1.25 : 1) }))
    .filter(({ s }) => s.sentence.split(/\s+/).length >= 8 && s.sentence.length <= 400)
    .sort((a, b) => b.score - a.score)
    .slice(0, keep)
    .sort((a, b) => a.i - b.i)
    .map(({ s }) => s);
}
