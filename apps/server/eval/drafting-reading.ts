/**
 * How a draft reads (issue 19), checked from plain English and the code's data, never from the
 * drafter's own rules: a short title a codifier would write, a long title naming each amended
 * section once, recitals that are sentences, and no fact the request gave sitting beside the
 * placeholder that asks for it. Each check answers the problems it found (none: it reads right).
 */

/** Words a title keeps only as leftovers of the request: verbs, the code's own labels, the kind's own name, prepositions. */
const LEFTOVER_WORDS = new Set(
  ('amend amending amends shorten shortening raise raising lower lowering change changing cut cutting limit limiting extend extending reduce reducing ' +
    'increase increasing require requiring allow allowing prohibit prohibiting create creating draft drafting approve approving respond give make get keep ' +
    'need want tell honor honoring recognize recognizing analyzing pass run code section sec resolution ordinance act item report between').split(' '),
);
const KIND_WORDS = new Set(['resolution', 'ordinance', 'act', 'item', 'report']);
const SMALL = new Set('a an and as at by for from in into of on or the to with'.split(' '));

/** A crude stem, enough to see that "vehicles" and "vehicle", "responding" and "respond" are one word. */
const stem = (word: string) => word.toLowerCase().replace(/(?:ing|ed|es|s|ion|e)$/, '');
export const contentStems = (text: string) =>
  new Set(
    (text.match(/[A-Za-z][A-Za-z'-]+/g) ?? [])
      .filter((w) => w.length > 2 && !SMALL.has(w.toLowerCase()))
      .map(stem),
  );
const bare = (word: string) => word.toLowerCase().replace(/^[^\w]+|[^\w]+$/g, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Two title words the request joins with small words or a number ("Board of Zoning", "fine a
 * homeowner", "Ward 8 teachers") and never side by side: the title dropped words it needed.
 */
function brokenPhrases(name: string, source: string): string[] {
  const words = name.split(/\s+/).map(bare).filter(Boolean);
  const text = source.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [escape(words[i]), escape(words[i + 1])];
    if (new RegExp(`\\b${a}[\\s,]+${b}\\b`).test(text)) continue;
    const gap = new RegExp(`\\b${a}((?:[\\s,]+(?:a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|with|not|their|its|\\d[\\w-]*))+)[\\s,]+${b}\\b`).exec(text);
    if (gap) out.push(`"${words[i]} ${words[i + 1]}" drops "${gap[1].trim()}"`);
  }
  return out;
}

/**
 * A draft's name: for an ordinance or resolution its short title ("<Subject> Amendment Act of
 * 2026", "<Honoree> Recognition Resolution of 2026"); for an agenda item or staff report the
 * subject after its label. `place` is the amended section's heading, chapter and subchapter names.
 */
export function shortTitleProblems(kind: string, title: string, request: string, place = ''): string[] {
  const problems: string[] = [];
  const ending = kind === 'ordinance' ? /\bAct of \d{4}$/ : kind === 'resolution' ? /\bResolution of \d{4}$/ : null;
  if (ending && !ending.test(title)) problems.push(`does not end "${kind === 'ordinance' ? 'Act' : 'Resolution'} of YYYY"`);
  const name = title
    .replace(/^(?:Agenda item|Staff report):\s*/i, '')
    .replace(/\s*\b(?:Amendment\s+)?(?:Act|Resolution) of \d{4}$/, '')
    .trim();
  if (/(?:^|\s)[A-Z](?=\s|$)/.test(name)) problems.push('a one-letter fragment ("D C")');
  const abbreviations = name.split(/\s+/).filter((w) => new RegExp(`\\b${escape(w)}\\.`).test(request) && /^[A-Z][a-z]{0,2}$/.test(w));
  if (abbreviations.length) problems.push(`an abbreviation without its period: ${abbreviations.join(', ')}`);
  if (/§|\b\d+\b/.test(name.replace(/\b\d+(?:st|nd|rd|th)\b|\bWard \d\b/g, ''))) problems.push('a number or section sign');
  // An agenda item may be about a resolution or an act; a measure's own name never says its kind twice.
  const leftovers = name.split(/\s+/).filter((w) => LEFTOVER_WORDS.has(bare(w)) && (ending || !KIND_WORDS.has(bare(w))));
  if (leftovers.length) problems.push(`leftover words: ${leftovers.join(', ')}`);
  problems.push(...brokenPhrases(name, `${request}\n${place}`));
  const words = [...contentStems(name)];
  const subject = contentStems(`${request} ${place}`);
  const shared = words.filter((w) => subject.has(w)).length;
  if (!words.length || shared < Math.min(2, words.length)) problems.push('does not name the subject');
  if (place) {
    const placed = words.filter((w) => contentStems(place).has(w)).length;
    if (placed < Math.min(2, contentStems(place).size)) problems.push("does not name the amended section's subject (its heading, chapter or subchapter)");
  }
  return problems;
}

/** A long title ("To amend section 2-532 of ... to ..."): each amended section named once, one "to amend". */
export function longTitleProblems(longTitle: string, amendedNumbers: string[]): string[] {
  const problems: string[] = [];
  if (!longTitle) return ['no long title'];
  if ((longTitle.match(/\bto amend\b/gi) ?? []).length > 1) problems.push('"to amend ... to amend"');
  for (const number of amendedNumbers) {
    const times = longTitle.split(number).length - 1;
    if (times !== 1) problems.push(`names ${number} ${times} times`);
  }
  if (/D\.\s?C\. Code/.test(longTitle)) problems.push('"D.C. Code" beside the Official Code');
  return problems;
}

/** Finite verbs a recital's sentence carries (outside its placeholders and quotations). */
const VERB =
  /\b(?:is|are|was|were|be|been|has|have|had|shall|may|will|must|can|should|would|provides?|requires?|recogni[sz]es|honou?rs|finds|marks|celebrates|serves|declares|wishes|seeks|asks|approves|authori[sz]es|establishes|expires|runs|nominated|appointed|submitted|transmitted|requested|given|taught|worked|served|founded|opened|\w+ed|came|went|made|gave|took|sent|got|held|found|began|brought|paid|sold|bought|built|left|met|ran|told|won|wrote|rose|fell|grew|kept|became)\b/i;
const STARTS_WELL = /^(?:\[|[A-Z"“]|(?:the|a|an|this|that|these|those|its|his|her|their|each|every|all|on|in|since|for|after|during|under|pursuant|section|by)\b)/;

/** Every WHEREAS a sentence: "WHEREAS," then a proper start, a verb outside brackets and quotes, and a closing ";" or ".". */
export function recitalProblems(text: string): { count: number; bad: string[] } {
  const recitals = text.split('\n').map((l) => l.trim()).filter((l) => /^WHEREAS\b/i.test(l));
  const bad = recitals.flatMap((line) => {
    const body = line.replace(/^WHEREAS,?\s*/i, '');
    const bare = body.replace(/\[[^\]]*\]/g, ' ').replace(/"[^"]*"|“[^”]*”/g, ' ');
    const problems = [
      !/^WHEREAS, /.test(line) && 'no "WHEREAS, "',
      !STARTS_WELL.test(body) && 'no article or subject',
      !VERB.test(bare) && 'no verb',
      !/(?:;|; and|\.|:)$/.test(line) && 'unfinished',
    ].filter(Boolean);
    return problems.length ? [`${problems.join(', ')}: ${line.length > 90 ? `${line.slice(0, 87)}...` : line}`] : [];
  });
  return { count: recitals.length, bad };
}

/** What a placeholder asks for, and what a fact is, by plain signs. */
type FactKind = 'date' | 'amount' | 'name';
const kindOfFact = (fact: string): FactKind =>
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|\b(?:19|20)\d\d\b/.test(fact) ? 'date' : /\$|\bpercent\b|%/.test(fact) ? 'amount' : 'name';
const PLACEHOLDER_ASKS: Record<FactKind, RegExp> = {
  date: /\b(?:date|day|year|when)\b/i,
  amount: /\b(?:amount|cost|fee|fine|sum)\b|\$/i,
  name: /\b(?:describe|who|name|people|person|organization|honoree|recogni[sz]ed|occasion)\b/i,
};

/** "Eastern Market [describe who they are ...]": a fact the request gave, then the placeholder asking for it. */
export function factBesidePlaceholderProblems(text: string, facts: string[]): string[] {
  const problems: string[] = [];
  for (const fact of facts.filter((f) => f.trim().length > 1)) {
    const escaped = fact.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const m of text.matchAll(new RegExp(`${escaped}\\s*(\\[[^\\]\\n]{1,120}\\])`, 'gi'))) {
      if (PLACEHOLDER_ASKS[kindOfFact(fact)].test(m[1])) problems.push(`"${fact} ${m[1].slice(0, 40)}${m[1].length > 40 ? '...' : ''}"`);
    }
  }
  return problems;
}
