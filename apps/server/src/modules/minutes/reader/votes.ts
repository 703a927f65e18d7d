import type { Motion } from '@civicdesk/contract';
import { nameList, type Roster, TITLE } from './names';

/**
 * Votes as minutes record them: label lists ("Ayes: A, B; Nays: C", "Voting aye: ..."), one member per
 * line or item ("Sato — yes", "Supervisor Ito: Aye", "Alvarez, aye; Brooks, nay"), the zoning bodies' vote lines ("VOTE: 3-0-2 (A, B
 * and C to APPROVE; D RECUSED; E not present, not voting)"), and a transcript's called roll. A tally
 * is counted from the members' votes when every vote is named, else read from "5-2", "10-0-1" or
 * "4 yes, 1 no, 1 abstain".
 */
type Vote = Motion['votes'][number]['vote'];

const LABELS: [RegExp, Vote][] = [
  [/^(?:ayes?|yeas?|yes|voting (?:aye|yes|in favou?r)|in favou?r|for|affirmative)$/i, 'aye'],
  [/^(?:nays?|noes|no|voting (?:nay|no|against)|opposed|against|negative)$/i, 'nay'],
  [/^(?:abstain(?:ed|ing|s)?|abstentions?|voting present|present|present,? (?:and )?not voting)$/i, 'abstain'],
  [/^(?:absent|not present|not voting|excused)$/i, 'absent'],
  [/^(?:recused|recusals?|disqualified)$/i, 'recused'],
];
const LABEL = String.raw`Ayes?|Yeas?|Yes|Voting (?:aye|yes|in favou?r|nay|no|against|present)|In favou?r|Affirmative|Nays?|Noes|No|Opposed|Against|Negative|Present,? (?:and )?not voting|Abstain(?:ed|ing|s)?|Abstentions?|Absent|Not present|Not voting|Excused|Recused|Recusals?`;
// A list runs to the end of its line, a ";" or the end of its sentence ("Mr." and "Ms." do not end it).
const LIST = String.raw`((?:[^\n;.]|;(?!\s*(?:${LABEL})\b)|\.(?=\S)|(?<=\b(?:Mr|Ms|Mrs|Dr|Cmsr|Jr|Sr|St))\.)+)`;
const LABEL_LIST = new RegExp(String.raw`(?:^|[\n;.:]\s*|\(\s*)(${LABEL})\s*(?:\([^)\n]{0,30}\))?\s*[:—–-]\s*${LIST}`, 'gi');
const LABEL_LINE = new RegExp(String.raw`^\s*(${LABEL})\s*(?:\([^)\n]{0,30}\))?\s*[:—–-]\s*${LIST}`, 'gim');
// "Sato — yes", "Ito: Aye", "Alvarez, aye; Brooks, aye": each name must be the roster's, and two at least.
const ONE_VOTE = /([A-Z][\w.'’ -]{1,60}?)\s*(?:—|–|-{1,2}|:|,)\s*(aye|yes|yea|nay|no|abstain(?:ed)?|present|recused|absent|not present)\b\.?/gi;

function valueOf(word: string): Vote | null {
  const w = word.trim().replace(/\s+/g, ' ');
  for (const [re, vote] of LABELS) if (re.test(w)) return vote;
  if (/^(?:aye|yes|yea)$/i.test(w)) return 'aye';
  if (/^(?:nay|no)$/i.test(w)) return 'nay';
  return null;
}

/** Advisory votes (student members, ex officio) are recorded but not counted: they are left out. */
const withoutAdvisory = (block: string) => block.replace(/\([^()]*\badvisory\b[^()]*\)/gi, ' ');

/** The zoning-style parenthesis: "(A, B and C to APPROVE; D opposed; E RECUSED; F not present, not voting)". */
function parentheticalVotes(block: string): { member: string; vote: Vote }[] {
  const m = /\bVOTE[^:\n]*:\s*\d+\s*-\s*\d+(?:\s*-\s*\d+)?\s*\(([^)]*)\)/i.exec(block);
  if (!m) return [];
  const out: { member: string; vote: Vote }[] = [];
  for (const part of m[1].split(';')) {
    const vote: Vote | null = /\bnot present|absent|not voting\b/i.test(part)
      ? 'absent'
      : /recus/i.test(part)
        ? 'recused'
        : /abstain/i.test(part)
          ? 'abstain'
          : /\bopposed|against|\bno\b/i.test(part)
            ? 'nay'
            : /\bto [A-Z]{3,}|\bin favou?r|\bfor\b|\baye/i.test(part)
              ? 'aye'
              : null;
    if (!vote) continue;
    const names = part.replace(/\b(?:to [A-Z]{3,}\b.*|in favou?r.*|opposed.*|having recused.*|RECUSED.*|not present.*|absent.*|abstain.*)$/s, '');
    for (const member of nameList(names)) out.push({ member, vote });
  }
  return out;
}

/** A transcript's roll call: the clerk reads a name, the member answers "Aye", "No" or "Present". */
function calledRoll(block: string, roster: Roster): { member: string; vote: Vote }[] {
  const at = block.search(/call the roll|roll call|call the vote|clerk will call|^(?:THE )?(?:CLERK|SECRETARY):.*\?\s*$/im);
  if (at < 0) return [];
  const out: { member: string; vote: Vote }[] = [];
  for (const m of block.slice(at).matchAll(/^([A-Z][A-Z.'’ -]{2,60}):\s*(Aye|Yes|Yea|No|Nay|Present|Abstain|Pass)\b/gm)) {
    if (/^(?:THE )?(?:SECRETARY|CLERK)\b/.test(m[1])) continue;
    const vote = /present|abstain|pass/i.test(m[2]) ? 'abstain' : valueOf(m[2]);
    const member = roster.resolve(m[1]);
    if (vote && member) out.push({ member, vote });
  }
  return out;
}

/** "with Commissioners Alvarez, Ashworth and Chen voting yes, Commissioner Nakamura recused and Commissioner Gallo absent" */
const PROSE_VOTE = new RegExp(
  String.raw`((?:${TITLE}\s+)?[A-Z][\w'’-]+(?:(?:,\s*|,?\s+and\s+)(?:${TITLE}\s+)?[A-Z][\w'’-]+)*)\s+(voting (?:yes|aye|no|nay|in favou?r|against|present)|dissenting|opposed|abstaining|abstained|recused|absent|not present)\b`,
  'g',
);
function proseVotes(block: string): { member: string; vote: Vote }[] {
  const out: { member: string; vote: Vote }[] = [];
  for (const m of block.matchAll(PROSE_VOTE)) {
    const word = m[2].toLowerCase();
    const vote: Vote = /yes|aye|favou?r/.test(word) ? 'aye' : /no\b|nay|against|dissent|opposed/.test(word) ? 'nay' : /abst|present$/.test(word) && !/not present/.test(word) ? 'abstain' : /recused/.test(word) ? 'recused' : 'absent';
    for (const member of nameList(m[1])) out.push({ member, vote });
  }
  return out.length >= 2 ? out : [];
}

/** Each member's vote the block records, in the order written, each member once. */
export function memberVotes(rawBlock: string, roster: Roster): { member: string; vote: Vote }[] {
  const block = withoutAdvisory(rawBlock);
  let found = parentheticalVotes(block);
  if (!found.length) {
    for (const m of [...block.matchAll(LABEL_LINE), ...block.matchAll(LABEL_LIST)]) {
      const vote = valueOf(m[1]);
      if (vote) for (const member of nameList(m[2])) found.push({ member, vote });
    }
  }
  if (!found.length) found = proseVotes(block);
  if (!found.length) {
    for (const m of block.matchAll(ONE_VOTE)) {
      const vote = valueOf(m[2]) ?? (/present/i.test(m[2]) ? 'abstain' : null);
      const [member] = nameList(m[1]);
      if (vote && member && roster.resolve(member) !== member.toLowerCase()) found.push({ member, vote });
    }
    // "Name — yes" needs at least two such entries: one alone is prose ("Approved — yes, as amended").
    if (found.length < 2) found = [];
  }
  if (!found.length) found = calledRoll(block, roster);
  const seen = new Set<string>();
  return found
    .map((v) => ({ member: roster.resolve(v.member) ?? v.member, vote: v.vote }))
    .filter((v) => !seen.has(v.member.toLowerCase()) && seen.add(v.member.toLowerCase()));
}

const NUMBER_WORDS: Record<string, number> = { none: 0, zero: 0, no: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13 };

/** The counts a block states: "5-2", "10-0-1" (the third being abstentions, or absences where the record says so), "4 yes, 1 no, 1 abstain". */
export function statedTally(block: string): NonNullable<Motion['tally']> | null {
  const words = /\b(\d{1,2}|\w+) (?:yes|ayes?|in favou?r),?\s+(\d{1,2}|\w+) (?:no|nays?|opposed)(?:,?\s+(?:and\s+)?(\d{1,2}|\w+) abstain\w*)?/i.exec(block);
  const n = (s: string | undefined) => (s === undefined ? 0 : /^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s.toLowerCase()] ?? NaN));
  if (words && [1, 2].every((i) => Number.isFinite(n(words[i])))) {
    return { aye: n(words[1]), nay: n(words[2]), abstain: n(words[3]), absent: 0, recused: 0 };
  }
  const m = /(?<![\w.-]|No\. |No\.)(\d{1,2})\s*[-–]\s*(\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?(?![\w-]|\.\d|:\d)/.exec(block);
  if (!m) return null;
  const third = Number(m[3] ?? 0);
  const absentNamed = /,? with (?:Council\w*|Commissioner|Member|Trustee|Supervisor|Mr\.|Ms\.|Dr\.)?\s*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)? (?:absent|not present)/.exec(block) ? 1 : 0;
  const thirdIsAbsent = /not present|not voting|absent/i.test(block) && !/abstain|present"|voted "?present/i.test(block);
  return {
    aye: Number(m[1]),
    nay: Number(m[2]),
    abstain: thirdIsAbsent ? 0 : third,
    absent: thirdIsAbsent ? third : absentNamed,
    recused: 0,
  };
}

export function countVotes(votes: Motion['votes']): NonNullable<Motion['tally']> {
  const count = (v: Vote) => votes.filter((x) => x.vote === v).length;
  return { aye: count('aye'), nay: count('nay'), abstain: count('abstain'), absent: count('absent'), recused: count('recused') };
}

export function voteKind(block: string, votes: Motion['votes']): Motion['vote_kind'] {
  if (/show of hands|hand vote|by hands/i.test(block)) return 'show_of_hands';
  if (/voice vote|by voice|ayes have it|nays have it|say aye/i.test(block)) return 'voice';
  if (votes.length || /roll[- ]call|call the roll|\bVOTE\b[^:\n]*:\s*\d/i.test(block)) return 'roll_call';
  if (/unanimous|\bobjection\b|so ordered/i.test(block)) return 'unanimous';
  return 'unknown';
}

/** What a sentence says happened to the motion before the body, if anything. */
export function outcomeIn(sentence: string): Motion['outcome'] | null {
  if (/died for (?:lack|want) of a second|no second was (?:made|offered)|failed for lack of a second/i.test(sentence)) return 'failed';
  if (/\bwithdr[ae]w\w*\b/i.test(sentence) && !/\bwithdraw(?:n|s)? (?:item|from the agenda)/i.test(sentence)) return 'withdrawn';
  // Reported speech ("the Chairman responded that the subtitle funds the expansion approved in March") decides nothing.
  if (/\b(?:said|stated|responded|argued|noted|explained|added|told|testified|recalled|suggested|reminded)\b[^.]*\b(?:approved|adopted|passed|failed|defeated)\b/i.test(sentence)) return null;
  if (/\b(?:failed|fails|defeated|did not (?:pass|carry|prevail)|was not (?:adopted|approved)|nays have it|noes have it|was lost|is lost|rejected)\b/i.test(sentence)) return 'failed';
  if (/\b(?:carried|carries|passed|passes|adopted|approved|prevailed|agreed to|ayes have it|so ordered|is granted|was granted|ratified|accepted)\b/i.test(sentence)) return 'carried';
  if (/\bMOTION (?:CARRIED|FAILED)\b|\bRESULT:\s*(?:Approved|Carried)/i.test(sentence)) return /FAILED/i.test(sentence) ? 'failed' : 'carried';
  if (/\b(?:was|were|is) (?:tabled|laid on the table)\b/i.test(sentence)) return 'tabled';
  if (/\b(?:was|were|is|be) (?:continued|deferred|postponed|held over|carried over)\b|\b(?:would|will|shall) (?:carry|be carried|be held) over\b/i.test(sentence)) return 'continued';
  return null;
}
