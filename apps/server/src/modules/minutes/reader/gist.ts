import { contentWords } from '../../../platform/ai';
import type { Unit } from './motions';
import { outcomeIn } from './votes';

/**
 * The gist: the sentences that say most of the meeting. Each is scored by how many of the record's
 * frequent content words it holds (a degree-centrality stand-in for TextRank), with weight for the
 * sentences that record a decision; the best few are kept in their order.
 */
const DECISION = /\b(?:carried|passed|adopted|approved|failed|defeated|withdrawn|tabled|continued|postponed|deferred|directed|recommend\w*)\b/i;

/** An agenda item read into the record: "Agenda item 12, Council Bill 119...", "Item 4. Resolution 2026-14 ...". */
const ITEM_READ = /^(?:(?:the )?clerk[,:]?\s+)?(?:(?:agenda )?item(?: number)?\s+\d+[\w.]*|(?:council )?bill(?: number| no\.)?\s+\d[\w-]*|(?:resolution|ordinance|council file)(?: number| no\.)?\s+\d[\w-]*|report of the\b)/i;
const DECIDES = /\b(?:passe[sd]|carrie[sd]|adopted|approved|fail(?:s|ed)|defeated|the ayes have it|the nays have it)\b/i;

/**
 * The gist of one agenda item's transcript leads with the item as read into the record and the
 * sentence that records what was decided; a longer record's gist is the sentences that say most.
 */
export function gistOf(units: Unit[], keep = 6): Unit[] {
  const ranked = rankedGist(units, keep);
  const early = units.slice(0, Math.max(8, Math.ceil(units.length * 0.3)));
  const items = units.filter((u) => ITEM_READ.test(u.sentence.trim()));
  // One item read (a single agenda item's transcript): lead with it and with its decision.
  if (items.length !== 1 || !early.includes(items[0])) return ranked;
  const read = items[0];
  // "Item 4A." alone is a number: its title, the next sentence of its line, says what the item is.
  const next = units[units.indexOf(read) + 1];
  const titled = /^(?:agenda )?item(?: number)?\s+\d+[\w.]*$/i.test(read.sentence.trim()) && next && !/\n/.test(next.sentence) && HEADING_LIKE(next.sentence) ? next : null;
  const decided = [...units].reverse().find((u) => u.start > read.start && DECIDES.test(u.sentence) && outcomeIn(u.sentence) && !/\?$/.test(u.sentence.trim()));
  const lead = [read, ...(titled && titled !== decided ? [titled] : []), ...(decided ? [decided] : [])];
  const rest = ranked.filter((u) => !lead.includes(u)).slice(0, keep - lead.length);
  // The item and its decision first (in that order in the record), then the rest as ranked, in their order.
  return [...lead, ...rest];
}

/** A line that names (a title, a list of names, a date and a place) and says nothing: under 12 words, no verb a record uses. */
const HEADING_LIKE = (sentence: string) => sentence.split(/\s+/).length < 12 && !/\b(?:is|are|was|were|be|been|has|have|had|shall|will|may|moved|seconded|said|spoke|asked|noted|reported|called|voted|carried|passed|adopted|approved|failed|opened|closed|presented|discussed|agreed)\b/i.test(sentence);
/** The meeting's own facts read apart (its date, time and place, who was there): not the gist. */
const MEETING_FACT = /^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}\b|^(?:Council ?members?|Commissioners?|Trustees?|Board members?)\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?,/;

function rankedGist(units: Unit[], keep: number): Unit[] {
  // Tables, rules, vote lists and attendance lists are not what a meeting said.
  const sentences = units.filter((u) => !/^\s*(?:\||[-=*_]{3,}|(?:Ayes?|Nays?|Yes|No|Voting \w+|(?:Members? |Commissioners? |Trustees? )?(?:Present|Absent)|Staff|Also present)\s*:)/i.test(u.sentence) && !(MEETING_FACT.test(u.sentence.trim()) && HEADING_LIKE(u.sentence)));
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
