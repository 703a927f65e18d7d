import { contentWords } from '../../../platform/ai';
import type { Unit } from './motions';
import { outcomeIn } from './votes';

/**
 * The gist: the sentences that say most of the meeting. Each is scored by how many of the record's
 * frequent content words it holds (a degree-centrality stand-in for TextRank), with weight for the
 * sentences that record a decision; the best few are kept in their order.
 */
const DECISION = /\b(?:carried|passed|adopted|approved|failed|defeated|withdrawn|tabled|continued|postponed|deferred|directed|recommend\w*)\b/i;

/** A speaker's label before what they say in a transcript: "Clerk:", "Speaker 3:", "Mayor Alvarez:". */
const SPEAKER = String.raw`(?:[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}\s*:\s+)?`;
/** An agenda item read into the record: "Agenda item 12, Council Bill 119...", "Item 4. Resolution 2026-14 ...". */
const ITEM_READ = new RegExp(String.raw`^${SPEAKER}(?:(?:the )?clerk[,:]?\s+)?(?:(?:agenda )?item(?: number)?\s+\d+[\w.]*|(?:council )?bill(?: number| no\.)?\s+\d[\w-]*|(?:resolution|ordinance|council file)(?: number| no\.)?\s+\d[\w-]*|report of the\b)`, 'i');
/** The number an item is read by: "Item 6", "Council Bill 26-041", "Resolution 2026-88". */
const ITEM_NUMBER = /\b(?:item(?: number)?|bill(?: number| no\.)?|resolution(?: number| no\.)?|ordinance(?: number| no\.)?|council file(?: number| no\.)?)\s+(\d[\w.-]*)/i;
const AGENDA_ITEM = /\b(?:agenda\s+)?item(?: number)?\s+(\d[\w.-]*)/i;
/** An item's title as the clerk reads it: "An ordinance amending …", "Recommendation to …", "A motion confirming …". */
const TITLE_READ = new RegExp(String.raw`^${SPEAKER}(?:(?:agenda )?item(?: number)?\s+\d+[\w.]*[,.:]?\s+)?(?:(?:council )?bill(?: number| no\.)?\s+\d[\w-]*,\s+|(?:resolution|ordinance)(?: number| no\.)?\s+\d[\w-]*,\s+)?(?:an? (?:ordinance|resolution|motion)|recommendation to|confirmation of|approval of|appointment of)\b`, 'i');
/** A decision announced: the chair's "the motion carries", "Resolution 2026-114 is adopted", "… passes on first reading, six to zero". */
const DECIDES = /\b(?:passe[sd]|carrie[sd]|adopted|approved|confirmed|fail(?:s|ed)|defeated|tabled|continued|the ayes have it|the nays have it)\b/i;
/** Saying what one wants or asks is not a decision: "I move to adopt", "I'd support approving". */
const NOT_DECIDED = /^(?:[\w.'’ -]{0,40}:\s+)?(?:I|we)\b[^.]{0,40}\b(?:move|support|ask|think|hope|want|would|'d|will)\b|\?\s*$/i;

/**
 * The gist of one agenda item's transcript is what its clerk would write: the item as read into the
 * record and what was decided (an amendment's result first when the main motion carried as
 * amended). A longer record's gist is the sentences that say most.
 */
export function gistOf(units: Unit[], keep = 6): Unit[] {
  const early = units.slice(0, Math.max(8, Math.ceil(units.length * 0.3)));
  const numbered = units.filter((u) => ITEM_READ.test(u.sentence.trim()));
  const titled = early.filter((u) => TITLE_READ.test(u.sentence.trim()));
  // One item read (a single agenda item's transcript): its title and its decision. Its number said again
  // ("Item 6 is continued", "Council Bill 26-041 is adopted") is the same item.
  // An agenda item's number counts the items when there is one ("Item 18. Resolution number 26-212, …" is one item).
  const numbers = (pattern: RegExp) => new Set(numbered.flatMap((u) => pattern.exec(u.sentence)?.[1]?.toLowerCase() ?? []));
  const agendaItems = numbers(AGENDA_ITEM);
  const items = agendaItems.size ? agendaItems : numbers(ITEM_NUMBER);
  const single = items.size <= 1 && (titled.length > 0 || (numbered.length > 0 && early.includes(numbered[0])));
  if (!single) return rankedGist(units, keep);
  const read = titled[0] ?? numbered[0];
  // "Item 4A." alone is a number: its title, the next sentence of its line, says what the item is.
  const next = units[units.indexOf(read) + 1];
  const title = !titled.length && /^(?:agenda )?item(?: number)?\s+\d+[\w.]*$/i.test(read.sentence.trim()) && next && !/\n/.test(next.sentence) && HEADING_LIKE(next.sentence) ? next : null;
  const decisions = units.filter((u) => u.start > read.start && DECIDES.test(u.sentence) && outcomeIn(u.sentence) && !NOT_DECIDED.test(u.sentence.trim()));
  const decided = decisions.at(-1);
  // "The motion as amended carried 6-1": the amendment's own result is part of what was decided.
  const amendment = decided && /\bas amended\b/i.test(decided.sentence) ? [...decisions].reverse().find((u) => u !== decided && /\bamend/i.test(u.sentence)) : undefined;
  const lead = [read, ...(title && title !== decided ? [title] : []), ...(amendment ? [amendment] : []), ...(decided ? [decided] : [])];
  if (decided) return lead;
  const rest = rankedGist(units, keep).filter((u) => !lead.includes(u)).slice(0, Math.max(0, keep - lead.length));
  return [...lead, ...rest].sort((a, b) => a.start - b.start);
}

/** A line that names (a title, a list of names, a date and a place) and says nothing: under 12 words, no verb a record uses. */
const HEADING_LIKE = (sentence: string) => sentence.split(/\s+/).length < 12 && !/\b(?:is|are|was|were|be|been|has|have|had|shall|will|may|moved|seconded|said|spoke|asked|noted|reported|called|voted|carried|passed|adopted|approved|failed|opened|closed|presented|discussed|agreed)\b/i.test(sentence);
/** The meeting's own facts read apart (its date, time and place, who was there): not the gist. */
const MEETING_FACT = /^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}\b|^(?:Council ?members?|Commissioners?|Trustees?|Board members?)\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?,/;

/** A called roll ("Roll call on the motion as amended: Alvarez, aye;", "Sato — yes"): the votes are shown under their motion. */
const ROLL_CALL = /^\s*roll call\b[^:]{0,60}:|\b[A-Z][\w'’-]+\s*(?:,|—|–|:)\s*(?:aye|nay|yea|yes|no)\s*[;.]?\s*$/i;

function rankedGist(units: Unit[], keep: number): Unit[] {
  // Tables, rules, vote lists and attendance lists are not what a meeting said.
  const sentences = units.filter((u) => !/^\s*(?:\||[-=*_]{3,}|(?:Ayes?|Nays?|Yes|No|Voting \w+|(?:Members? |Commissioners? |Trustees? )?(?:Present|Absent)|Staff|Also present)\s*:)/i.test(u.sentence) && !ROLL_CALL.test(u.sentence) && !(MEETING_FACT.test(u.sentence.trim()) && HEADING_LIKE(u.sentence)));
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
