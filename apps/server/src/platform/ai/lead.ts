import { CLOCK, QUANTITY } from './quantities';
import { withoutLabels } from './provisions';
import { askingSentence, contentWords, sentencesOf } from './text';

/**
 * The answer sentence (issue 19): what a question asks for (a period, an amount, a time of day, a
 * body, yes or no) and the words of a provision that give it. Everything returned here is either a
 * fixed word ("Yes", "No") or words copied from the provision, so the sentence the offline engine
 * leads with adds nothing the provision does not say.
 */
export type Asked = 'clock' | 'period' | 'amount' | 'count' | 'penalty' | 'who' | 'yes_no' | 'other';

// ("the opening and closing hours" ask a time of day too.)
const ASKS_CLOCK = /\b(?:what time|until when|how late|how early|(?:hours?|time) of (?:day|operation)|quiet hours|until what hour|what hours|(?:opening|closing)(?: (?:and|or) (?:opening|closing))? (?:hours?|times?)|business hours|(?:the )?(?:latest|earliest)\b(?! (?:version|edition|amendment|law|rule)))\b/i;
const ASKS_PERIOD =
  /\b(?:how (?:long|soon|quickly|fast|promptly|often|frequently|far (?:ahead|in advance)|much (?:time|notice|advance notice|warning|lead time)|many (?:[a-z-]+\s+){0,2}?(?:days|weeks|months|years|hours))|deadline|time limit|by when|within what|how old|what age)\b/i;
/** A deadline or time limit, which a story may name as one of its facts, not ask for. */
const DEADLINE_NAMED = /\b(?:deadline|time limit)s?\b/gi;
const ASKS_AMOUNT = /\b(?:how much|what (?:dollar )?(?:value|amount)|fee|fees|cost|costs|charge|charged|amount|price|rate|percent(?:age)?|cap|maximum|minimum|(?:have|has|need|needs) to pay|pay for|owe|owed)\b/i;
const ASKS_PENALTY = /\b(?:fine|fines|fined|penalt(?:y|ies)|jail(?: time)?|prison|imprison\w*|punish\w*|what (?:happens|can happen|will happen)(?: to \w+)? if|sanction\w*|consequences?)\b/i;
// "what's the most kids a school can put in one class" asks a count, as "how many kids" does (not "the most I can be fined").
const ASKS_COUNT = /\bhow many\b(?!\s+(?:[a-z-]+\s+){0,2}?(?:days|weeks|months|years|hours|minutes|times)\b)|\bthe (?:most|fewest) (?!(?:days|weeks|months|years|hours|minutes|times|dollars|fees|fines|costs|charges|penalties)\b)[a-z-]+s\b/i;
const ASKS_WHO = /^(?:(?:and|so|but|then)\s+)?(?:who|whom|which (?:agency|office|body|official|department|court|board|commission|entity|one))\b|\bwhose (?:written |signed |prior )?(?:ok|okay|approval|permission|consent|clearance|signature|sign-off|authorization)\b|,\s*(?:who|to whom)\b|\bto whom\b|\bwho (?:do|does|should|must|can|will|would) (?:i|we|they|you|he|she|it) (?:appeal|apply|complain|report|send|file|notify|ask|contact|petition|go)\b/i;
const ASKS_YES_NO = /^(?:(?:and|so|but|then|also|ok(?:ay)?|now)[,\s]+)?(?:can|could|may|must|do|does|did|is|are|was|were|will|would|should|has|have|am|isn't|aren't|doesn't|don't|can't)\b/i;
/**
 * Words of a question that mean it asks whether something is forbidden ("Is it illegal to ...", "Is
 * there a rule against ...", "Does the city ban ..."): a prohibition answers it "Yes".
 */
/**
 * A reader asking for more time asks about an extension ("Can they get more time?", "push back the
 * deadline"): the statute says "extend". Its words otherwise name nothing ("time" is also "timely").
 */
const ASKS_EXTENSION = /\b(?:more|extra|additional|longer) time\b|\bextensions?\b|\bextend\b|\bpush (?:back )?the deadline\b/i;
const EXTENSION_WORDS = contentWords('extend extended extension');
/** The statute's words for what the question asks that its own words do not say (an extension for "more time"). */
export const impliedWords = (question: string): string[] => (ASKS_EXTENSION.test(question) ? EXTENSION_WORDS : []);

const ASKS_IF_FORBIDDEN = /\b(?:prohibited|banned|illegal|unlawful|not allowed|forbidden|against the law)\b|\b(?:be|get) (?:fined|penalized|punished|ticketed|cited)\b|\bis there (?:a|an|any) (?:rule|law|ordinance|regulation|ban|prohibition|restriction)s? (?:against|on|restricting|limiting)\b|\bare there (?:any )?(?:rules|laws|ordinances|regulations|restrictions) (?:against|on|restricting|limiting)\b|\b(?:does|do) (?:the )?(?:city|town|county|district|code|law|ordinance|council|municipality)(?: code)? (?:prohibit|ban|forbid|outlaw|restrict)\b/i;

const CLAUSE_AFTER_PREMISE = /^(?:since|given that|now that|because|as|assuming(?: that)?|if|when|once)\b[^?]{4,300}?,\s*([^,?]+\?)\s*$/i;

/** "To whom do I appeal?", "who do I complain to": the question asks where to go, not who acts. */
export const ASKS_ADDRESSEE = /\bto whom\b|\bwho (?:do|does|should|must|can|will|would) (?:i|we|they|you|he|she|it|the \w+) (?:appeal|apply|complain|report|send|file|notify|ask|contact|petition|go|write|call|turn)\b|\bwho\b[^?]{0,60}\b(?:to|with|from)\?\s*$|\bwho (?:do|does|should|can|must|would) (?:i|we|you|they|he|she) (?:get|obtain|request|need) [^?]{0,60}?\bfrom\b|\bwhose (?:written |signed |prior )?(?:ok|okay|approval|permission|consent|clearance|signature|sign-off|authorization)\b/i;

/**
 * A question without who the asker says they are first: "Food truck owner: am I …?", "Contractor here - can we …?" -> "am I …?".
 * Only a speaker's label that opens the question is taken off.
 */
const withoutSpeaker = (sentence: string) => sentence.replace(/^(?:[^:?]{2,60}:|[^?]{2,60}?\bhere\s*(?:[-–—,:]|\.{3}))\s+(?=\S)/i, '');

export function askedFor(question: string): Asked {
  const q = question.trim();
  if (ASKS_CLOCK.test(q)) return 'clock';
  if (ASKS_WHO.test(q)) return 'who';
  // "Since D.C. caps deposits at two months' rent, can a landlord ask for 1.5 months?": the clause after what it takes for granted asks.
  const asking = CLAUSE_AFTER_PREMISE.exec(q)?.[1] ?? q;
  if ((ASKS_YES_NO.test(q) || ASKS_YES_NO.test(asking) || ASKS_YES_NO.test(withoutSpeaker(q))) && !/\b(?:how much|how many|how long|how often|what (?:is|are) the (?:fee|fine|penalty|cost|deadline))\b/i.test(q)) return 'yes_no';
  // "I missed the voter registration deadline. … is there anything I can still do?": a deadline in the story is not what is asked.
  if (ASKS_PERIOD.test(q) && (ASKS_PERIOD.test(askingSentence(q)) || ASKS_PERIOD.test(q.replace(DEADLINE_NAMED, ' ')))) return 'period';
  if (ASKS_PENALTY.test(q)) return 'penalty';
  if (ASKS_COUNT.test(q)) return 'count';
  if (ASKS_AMOUNT.test(q)) return 'amount';
  return 'other';
}

const PERIOD_NOUN = /^(?:minutes?|hours?|days?|workweeks?|weeks?|months?|years?)$/i;
// ("101 seats and over $232 per annum": "and over" is the seats', not the figure's.)
const BEFORE_FIGURE =
  /(?:\b(?:between|from|within|not later than|no later than|not more than|no more than|not less than|no less than|at least|up to|not to exceed|shall not exceed|may not exceed|for a period of|a period of|for|before|after|by|until|of|not exceeding|in excess of|exceeding|a fine of|a fee of|a penalty of|a civil penalty of|fined|fine of|under|(?<!\b(?:and|or)\s)over|younger than|older than)\s+)+$/i;

/** ("false imprisonment" is a wrong one sues for, not a punishment.) */
// "Each hour … shall be a separate and distinct offense", "no vehicle may be issued more than two citations within a 12-hour period": how violations are counted is enforcement too.
const PENALTY = /\b(?:fines?|fined|penalt(?:y|ies)|(?<!false )imprison\w*|misdemeanor|felony|punishable|separate (?:and distinct )?offen[cs]es?|issued\b[^.;]{0,30}\bcitations?)\b/i;
/** Penalties named only to be left out of a figure ("excluding penalties and interest"). */
const PENALTY_EXCLUDED = /\b(?:excluding|not including|exclusive of|other than|apart from|plus)\s+(?:any\s+|all\s+)?(?:penalt(?:y|ies)|fines?)(?:,?\s+(?:and|or)\s+interest)?/gi;
// A figure's digits end on a digit: "$300," is "$300".
const MONEY = /\$\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s+(?:million|thousand|billion))?|\b\d(?:[\d,]*\d)?(?:\.\d+)?\s*(?:%|percent\b|dollars\b|cents\b)/gi;

const NUMBER_WORD = String.raw`\d(?:[\d,]*\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty|a majority|two-thirds|three-fourths|one-half|one-third`;
/** "two credible witnesses", "13 members", "a majority of the households". */
const COUNT = new RegExp(String.raw`\b(?:${NUMBER_WORD})\s+(?:of\s+(?:the\s+)?)?(?:[a-z-]+\s+){0,2}?[a-z-]*[a-rt-z]s\b`, 'gi');

export type FigureKind = 'period' | 'amount' | 'clock' | 'count' | 'penalty';
export const isFigureKind = (asked: Asked): asked is FigureKind => asked === 'period' || asked === 'amount' || asked === 'clock' || asked === 'count' || asked === 'penalty';

/**
 * The figure of the kind asked for in `text`, with the words around it that say what it bounds.
 * `prefer` picks among several: a deadline ("within 10 days") over an age ("of 4 months"), the
 * latest time of day for "how late", the earliest for "how early".
 */
export function figureIn(text: string, asked: FigureKind, prefer: 'first' | 'last' = 'first', unit?: string | null): string | null {
  const found = figuresIn(text, asked);
  if (!found.length) return null;
  // "How many paid sick days …?": a figure in the unit asked ("3 days per calendar year", not "one hour of paid leave").
  const inUnit = unit ? found.filter((f) => isInUnit(f, unit)) : [];
  const all = inUnit.length ? inUnit : found;
  if (asked === 'period') return all.find((f) => DEADLINE.test(f)) ?? all[0];
  return prefer === 'last' ? all[all.length - 1] : all[0];
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/**
 * A text with its days spelled out, as a case names them: "Monday through Friday" holds Tuesday, a
 * "weeknight" is Monday to Friday, a "weekend" Saturday and Sunday.
 */
const DAY_SPAN = new RegExp(String.raw`\b(${DAYS.join('|')})\s+(?:through|to|-|–)\s+(${DAYS.join('|')})\b`, 'gi');
function daysIn(text: string): string {
  return text
    .replace(DAY_SPAN, (_, a: string, b: string) => {
      const [from, to] = [DAYS.indexOf(a.toLowerCase()), DAYS.indexOf(b.toLowerCase())];
      return from <= to ? DAYS.slice(from, to + 1).join(' ') : `${a} ${b}`;
    })
    .replace(/\bweek(?:day|night)s?\b/gi, DAYS.slice(0, 5).join(' '))
    .replace(/\bweekends?\b/gi, 'saturday sunday');
}

/**
 * A sentence that sets a figure for each of its cases, one clause each ("the fee … shall be $607.00
 * when the permit is requested to allow for development …; … shall be $300.00 when the permit is
 * requested to remove a hazard or a diseased tree"): the figure of the clause whose own words (those
 * the other clauses lack, its numbers among them) the question uses most, and of those the one with
 * fewest own words the question lacks; when it uses none, the clause with no words of its own (the
 * plain case: "For each marriage license, the fee shall be $2; for each certified copy of a marriage
 * license return, the fee shall be $1"). Null
 * when the question names no case, or two equally: the sentence then answers only with its cases.
 * Undefined when the sentence sets one figure. A clause whose bounds the asker's own count is
 * outside of (`outside`, support.ts's `outsideCase`) is not the asker's. `frame`: a list's lead-in, whose
 * words name no case.
 */
export function figureOfCase(text: string, asked: FigureKind, question: string, unit?: string | null, outside: (clause: string) => boolean = () => false, frame = ''): string | null | undefined {
  // A penalty set per case is read by its fines ("a fine not exceeding $5,000; and if such animal shall … bite any person, … a fine not exceeding $10,000").
  if (asked === 'penalty') {
    const fine = figureOfCase(text, 'amount', question, unit, outside, frame);
    return fine && saidAsPenalty(fine);
  }
  const clauses = text
    .split(/;\s*(?:(?:and|or)\s+)?/)
    .map((clause) => ({ clause, figure: figureIn(clause, asked, 'first', unit) }))
    .filter((c): c is { clause: string; figure: string } => c.figure !== null);
  const figures = new Set(clauses.map((c) => c.figure.replace(/^\D+/, '')));
  if (clauses.length < 2 || figures.size < 2) return undefined;
  // A lead-in before a colon ("… a license fee based upon seating capacity as follows: 0-10 seats $133") is every case's, not the first's.
  const colon = clauses[0].clause.lastIndexOf(':');
  const caseTexts = clauses.map((c, i) => (i === 0 ? c.clause.slice(colon + 1) : c.clause));
  // The asker's own count in one clause's bounds ("a restaurant with 40 seats": "11-50 seats $166 per annum").
  const inside = clauses.filter((_, i) => !outside(caseTexts[i]));
  if (inside.length === 1 && inside.length < clauses.length) return inside[0].figure;
  // A clause's words and its numbers ("1-3 street trees", "4-9 street trees"), its figure's aside.
  const termsOf = (text: string) => new Set([...contentWords(daysIn(text)), ...(text.match(/\d[\d,.-]*\d|\d/g) ?? [])]);
  const wordsOf = clauses.map((c, i) => termsOf(caseTexts[i].replace(c.figure, ' ')));
  const asking = termsOf(question);
  // A clause's own words: those of it alone, or of fewer than half the clauses ("permit", missing from one clause of four, is no case).
  const holding = (w: string) => wordsOf.filter((other) => other.has(w)).length;
  // The lead-in's words are every case's ("The annual license fees for dogs is as follows:" -> "license" names no case, "a licensed veterinarian" notwithstanding).
  const framed = termsOf(`${frame} ${clauses[0].clause.slice(0, Math.max(0, colon))}`);
  const own = wordsOf.map((words) => [...words].filter((w) => !framed.has(w) && (holding(w) === 1 || holding(w) * 2 < wordsOf.length)));
  // The clause the question names most, and of those the one with fewest words of its own the question lacks.
  // "$50 for all other dogs" is the rest's case, not the plain one.
  const residual = (clause: string) => (/\b(?:all|any|every) other\b|\botherwise\b/i.test(clause) ? 1 : 0);
  const scored = own.map((words, i) => ({ named: words.filter((w) => asking.has(w)).length, lacked: words.filter((w) => !asking.has(w)).length + residual(clauses[i].clause) }));
  // "…, a fine not exceeding $5,000; and if such animal shall attack or bite any person, … $10,000": a later clause whose
  // condition the question names ("and it ends up biting someone") is that case, whatever else the first clause shares with it.
  const conditioned = clauses.map((c, i) => {
    const condition = i > 0 ? /^(?:and|or|but)?\s*(?:if|where|when|whenever|in case)\s+([^,]{3,160}),/i.exec(c.clause.trim())?.[1] : undefined;
    return !!condition && contentWords(condition).some((w) => own[i].includes(w) && asking.has(w));
  });
  if (conditioned.filter(Boolean).length === 1) return clauses[conditioned.indexOf(true)].figure;
  const best = scored.reduce((a, b) => (b.named > a.named || (b.named === a.named && b.lacked < a.lacked) ? b : a));
  const tied = scored.filter((c) => c.named === best.named && c.lacked === best.lacked).length > 1;
  return tied || (best.named === 0 && best.lacked > 0) ? null : clauses[scored.indexOf(best)].figure;
}

/** "punishable by a fine of …": the penalty is "a fine of …", not "by a fine". */
const saidAsPenalty = (figure: string) => figure.replace(/^by\s+(?=(?:an?\s+(?:civil\s+)?(?:fine|penalty)|imprisonment)\b)/i, '');

/** Words before a period that make it a term served: "imprisonment of", "imprisoned for", "jail for". */
const TERM_BEFORE = /\b(?:imprison\w*|incarcerat\w*|jail|confine\w*|detention|community service)\b[^.;]*$/i;
const DEADLINE = /^(?:within|not later than|no later than|not more than|no more than|at least|not less than|before|after|until|by|for a period of)\b/i;

function figuresIn(text: string, asked: FigureKind): string[] {
  // A penalty is a fine, else a term of imprisonment, said as the provision says it. A period is a
  // penalty only as a term ("imprisonment of not more than 90 days"): "within 30 days" of a notice to pay
  // a fine is a deadline, not what littering costs.
  if (asked === 'penalty') {
    // ("a collection fee not in excess of 25% of the … taxes, excluding penalties and interest" names a penalty to leave it out.)
    if (!PENALTY.test(text.replace(PENALTY_EXCLUDED, ' '))) return [];
    const terms = figuresIn(text, 'period').flatMap((f) => {
      const at = text.indexOf(f);
      const before = text.slice(Math.max(0, at - 60), at);
      const term = DEADLINE.test(f) ? null : TERM_BEFORE.exec(before);
      // Said with what is served: "imprisonment of not more than 90 days".
      return term ? [`${before.slice(term.index)}${f}`.replace(/\s+/g, ' ').trim()] : [];
    });
    return [...figuresIn(text, 'amount'), ...terms].slice(0, 1).map(saidAsPenalty);
  }
  const out: string[] = [];
  const pattern = asked === 'clock' ? CLOCK : asked === 'amount' ? MONEY : asked === 'count' ? COUNT : QUANTITY;
  // The end of the last figure read: "between 10:00 p.m. and 7:00 a.m." is one figure, and its "7:00 a.m." no other.
  let taken = 0;
  for (const m of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
    if (m.index < taken) continue;
    if (asked === 'period' && !PERIOD_NOUN.test(m[2] ?? '')) continue;
    if (asked === 'count' && /\b(?:days|weeks|months|years|hours|minutes|dollars|cents|percent)\b/i.test(m[0])) continue;
    // "§ 51-109 and is not disqualified": a section's number counts nothing, nor does a count end on a verb ("is", "has").
    if (asked === 'count' && (/(?:§+\s*|\b(?:section|sections|paragraph|title|chapter)\s+|\d[-–.:])$/i.test(text.slice(Math.max(0, m.index - 12), m.index)) || /\b(?:is|was|has|does|as|us|this|thus|its|his|yes)$/i.test(m[0]))) continue;
    let start = m.index;
    let end = m.index + m[0].length;
    const before = BEFORE_FIGURE.exec(text.slice(Math.max(0, start - 40), start));
    if (before) start -= before[0].length;
    const rest = text.slice(end);
    // "(except Saturdays, Sundays, and legal public holidays)" belongs to the period it follows.
    const parenthetical = /^\s*\((?:except|excluding|including|not including)[^)]{3,80}\)/i.exec(rest);
    if (parenthetical) end += parenthetical[0].length;
    // "$1.00 per square foot": a unit of two words is said whole.
    const per = asked === 'amount' ? /^\s*(?:per|for each|for every|each)\s+(?:(?:square|cubic|linear|lineal)\s+)?[a-z-]+(?:\s+(?:of|or)\s+[a-z-]+)?/i.exec(rest) : null;
    if (per) end += per[0].length;
    // "under 8 years of age": an age is said with what makes it one.
    const aged = asked === 'period' ? /^\s+of age\b/i.exec(rest) : null;
    if (aged) end += aged[0].length;
    const range = asked === 'clock' ? /^\s*(?:and|to|until|-)\s*(?:\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\b\.?|midnight|noon)/i.exec(rest) : null;
    if (range) end += range[0].length;
    taken = end;
    out.push(text.slice(start, end).replace(/\s+/g, ' ').trim());
  }
  return out;
}

/** Whether a figure is said in a unit ("not to exceed 3 days" in days; "40-hour" not). */
export const isInUnit = (figure: string, unit: string) => new RegExp(String.raw`\b${unit}s?\b`, 'i').test(figure);

/** The unit a question counts a period in ("how many paid sick days" -> "day"), if it names one. */
export const unitAsked = (question: string): string | null => /\bhow many\s+(?:[a-z-]+\s+){0,2}?(minute|hour|day|week|month|year)s\b/i.exec(askingSentence(question))?.[1].toLowerCase() ?? null;

/** "What's the latest …", "how late", "in the evening": the last time of day a provision names answers. */
export const asksForLatest = (question: string) => /\b(?:latest|how late|until (?:what|when)|evening|night|close|closing|stop|end)\b/i.test(question);
/** A fine or a penalty, not a fee or a cost. */
export const isPenalty = (text: string) => PENALTY.test(text);

/**
 * "No tenant shall be evicted", "No housing provider may …": a ban on whoever the provision names,
 * not a time or a quantity ("no later than 10 days … shall").
 */
export const NO_ONE_SHALL = String.raw`no (?!(?:later|sooner|earlier|more|less|fewer|longer|other)\b)[a-z-]+(?: [a-z-]+)?\b[^.;:]{0,60}?\b(?:shall|may)`;
// "The holder may be fined … for discharging an obligor from employment": a sanction for an act forbids it; it permits nothing.
export const SANCTION_PASSIVE = String.raw`be (?:fined|penalized|punished|imprisoned|sanctioned)\b`;
const SANCTIONED = String.raw`(?:shall|may|must|will) ${SANCTION_PASSIVE}`;
const PROHIBITS = new RegExp(String.raw`\b(?:shall not|may not|must not|cannot|${NO_ONE_SHALL}|(?:is|are) (?:prohibited|unlawful|not permitted|forbidden)|it (?:shall be|is) unlawful|prohibited from|${SANCTIONED}\b[^.;]{0,60}?\bfor [a-z]+ing)\b`, 'i');
const PERMITS = new RegExp(String.raw`\b(?:may\b(?! not)(?! ${SANCTION_PASSIVE})|is (?:authorized|permitted|allowed|entitled)|are (?:authorized|permitted|allowed|entitled)|shall (?:be (?:entitled|permitted|allowed|authorized)|have the right)|has the right)\b`, 'i');
// "shall be permitted to park" permits; it requires nothing.
const REQUIRES = /\b(?:shall\b(?! not)(?! be (?:entitled|permitted|allowed|authorized)\b)(?! have the right)|must\b(?! not)|is required|are required)\b/i;

/** A question that asks what may be done ("Can my employer …", "Is it legal to …"), not what must be. */
const ASKS_MAY = /^(?:(?:and|so|but|then|also)[,\s]+)?(?:can|could|may|is it (?:legal|lawful|ok|okay|allowed|permitted)|are (?:we|they|you) allowed|am i allowed|is (?:he|she|it|my \w+|the \w+) allowed)\b/i;
/** What the asking sentence asks, after a premise before it ("Since …, can a landlord …?"). */
const askingClause = (question: string) => {
  const asking = askingSentence(question);
  return CLAUSE_AFTER_PREMISE.exec(asking)?.[1] ?? asking;
};
/** A ban unless something is done ("unlawful … to ride … unless wearing a helmet", "No person shall … without a permit"). */
const REQUIRED_UNLESS = /\b(?:unless|without|except (?:with|by|upon|in accordance with))\b/i;

/**
 * A clause without what only describes one of its things ("… in an area where a helmet is required", "a
 * statement concerning whether …"): its rule words are not the clause's rule. A clause that opens with
 * "Where …" or "If …" states its case before its rule, which follows.
 */
const withoutSubordinate = (clause: string) => clause.replace(/(?<=\S\s+)\b(?:whether|where|wherever|in which)\b[^,]*$/i, '');

/** A provision's clauses, split at the end of a sentence, a semicolon or a colon; not inside "8 a.m. and 3 p.m. on school days". */
const ABBREVIATION = /\b(?:a\.m|p\.m|e\.g|i\.e|D\.C|U\.S|No|Nos|Sec)\./gi;
const clausesOf = (provision: string) =>
  provision
    .replace(ABBREVIATION, (m) => m.replace(/\./g, '\u0000'))
    .split(/[.;:](?:\s|$)/)
    .map((c) => c.replace(/\u0000/g, '.'));

/** "Yes" or "No" when the provision's own verb settles the question, else null. */
export function yesOrNo(question: string, provision: string, counts: (stem: string) => boolean = () => true): 'Yes' | 'No' | null {
  // The provision must speak of what the question asks (one of its words beside the verb), not of something else.
  // `counts` leaves out words that name no subject ("Can they get more time?": "time" is also "timely").
  const asked = new Set([...contentWords(question.replace(ASKS_YES_NO, ' ')).filter(counts), ...impliedWords(question)]);
  // The clause speaks of what is asked anywhere in it; its rule is read from its own words, without what only describes.
  let clause: string | undefined;
  for (const c of clausesOf(provision)) {
    const main = withoutSubordinate(c);
    if ((PROHIBITS.test(main) || PERMITS.test(main) || REQUIRES.test(main)) && contentWords(c).some((w) => asked.has(w))) {
      clause = main;
      break;
    }
  }
  if (!clause) return null;
  const forbiddenAsked = ASKS_IF_FORBIDDEN.test(question);
  // "Can my employer fire me because I … have to go to court?" asks what may be done: "have to" is the asker's situation.
  const mayAsked = ASKS_MAY.test(askingClause(question));
  const mustAsked = !mayAsked && /\b(?:must|have to|has to|need|needs|required|obliged|obligated|mandatory)\b/i.test(question);
  // "Does my 12-year-old need to wear a helmet …?" is answered by "It shall be unlawful … to ride … unless wearing a helmet": a ban unless it is done requires it.
  if (PROHIBITS.test(clause) && mustAsked) {
    const unless = REQUIRED_UNLESS.exec(clause);
    return unless && contentWords(clause.slice(unless.index)).some((w) => asked.has(w)) ? 'Yes' : null;
  }
  if (PROHIBITS.test(clause)) return forbiddenAsked ? 'Yes' : 'No';
  if (mustAsked) return REQUIRES.test(clause) ? 'Yes' : PERMITS.test(clause) ? 'No' : null;
  if (PERMITS.test(clause)) return forbiddenAsked ? 'No' : 'Yes';
  return null;
}

export const BODY_WORD = /\b(?:Mayor|Council|Board|Commission|Department|Office|Director|Chief|Administrator|Court|Secretary|Commissioner|Agency|Authority|Chairman|Chairperson|Inspector|Auditor|Attorney General|Clerk|Officer|Committee|Registrar|Superintendent|Chancellor|Library|[Pp]ublic library|[Pp]rosecutor|[Ll]aw enforcement agency)\b/;

/** The body a provision's duty or power falls on, as the subject of its "shall" or "may" ("the Board shall notify"); null when none is a body. */
export function dutyBearerIn(provision: string): string | null {
  // "the Board shall", "The Mayor is authorized to establish dog parks": a power is the body's as much as a duty.
  for (const m of provision.matchAll(/(?:^|[,;:]\s+|\.\s+)((?:the|a|an|each|any)\s+[^,;:.]{2,90}?)\s+(?:shall|may|must|(?:is|are) (?:hereby )?(?:authorized|empowered|directed|required) to)\b/gi)) {
    const subject = m[1].trim();
    if (BODY_WORD.test(headOfSubject(subject)) && subject.split(/\s+/).length <= 12) return subject;
  }
  // "The prosecutor, any law enforcement agency, and any pretrial … office shall file": a list of bodies.
  const list = /(?:^|[;:]\s+|\.\s+)((?:the|a|an|each|any)\s+[^;:.]{2,160}?,\s+(?:and|or)\s+[^,;:.]{2,80}?)\s+(?:shall|may|must)\b/i.exec(provision);
  if (list && BODY_WORD.test(list[1])) return list[1].trim();
  return bodyDutyOf(provision);
}

/**
 * A subject up to what follows its head noun ("A person admitted to a hospital or the Department under
 * section 21-522" -> "A person"): the Department there is where the person was admitted, not who the rule binds.
 */
const headOfSubject = (subject: string) => subject.split(/\s+(?:who|whom|that|which|whose|to|in|into|at|under|from|for|with|by|on)\s+/i)[0];

/** "It shall be the duty of the Director of National Park Service within the first 8 hours … to remove": the body the duty is laid on, if one is. */
function bodyDutyOf(provision: string): string | null {
  const duty = /\bshall be the (?:duty|responsibility) of (the\s+[^,;:.]{2,80}?)(?=\s+(?:to|within|after|before)\b|\s*,)/i.exec(provision);
  return duty && BODY_WORD.test(duty[1]) ? duty[1].trim() : null;
}

/** Who a rule's act in the passive may be laid on, when it is no body: a person by their role. */
const PERSON_NOUN = /\b(?:parents?|guardians?|friends?|spouses?|owners?|tenants?|landlords?|employers?|applicants?|licensees?|operators?|custodians?|relatives?|heirs?|executors?|trustees?|representatives?|attorneys?|physicians?|persons?|individuals?)\b/i;

/** A body named in a reader's words, in any case ("the board", "the Mayor"). */
const BODY_NAMED = new RegExp(BODY_WORD.source.replace('(?:', '(?:city|district|government|agency|'), 'i');

/**
 * Who the question asks about acting: "do they have to file", "can I appeal", "does the Board have to
 * decide". Null when it names no one ("how long can a car be parked").
 */
export function askerIn(question: string): { who: string; body: boolean } | null {
  // "How long before they can ask …": the subject before its modal, in a clause the question asks about.
  const m =
    /\b(?:do|does|did|will|would|must|can|could|may|should|shall|is|are)\s+(i|we|you|they|he|she|it|(?:the|a|an|my|our|their|his|her|its|your)\s+[\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s+(?:have|has|need|needs|get|gets|got|be|legally|still|actually)?\s*(?:to\s+)?[a-z]+/i.exec(question) ??
    /\b(?:before|until|when|till)\s+(i|we|you|they|he|she)\s+(?:can|may|must|could|have to|has to|need to|needs to|get to|gets to)\s+[a-z]+/i.exec(question);
  if (!m) return null;
  // "How much notice is the ABC Board supposed to give": the subject is read to its noun ("the ABC Board"), past the shortest match.
  return { who: m[1], body: BODY_NAMED.test(m[0].replace(/^\S+\s+/, '')) };
}

/**
 * The body or person a provision gives the power or duty to ("the Board of Zoning Adjustment"). Only
 * when `addressee` (a question of whom to go to: "to whom do I appeal?") the body the provision sends
 * someone to ("may petition the Mayor") as well: it is not who acts ("Whoever … may file an
 * application in the Superior Court" does not say the Court files).
 */
/**
 * A clause set off by commas between a subject and its verb: "The Attorney General …, or his or her
 * assistants, shall prosecute", "The Board, after notice and a hearing, may revoke". Without it the
 * subject stands next to its verb.
 */
const SET_OFF = /(\b(?:the|a|an|each|any)\s+[^,;:.]{2,90}?),\s+[^,;:.]{3,100}?,\s+(?=(?:shall|may|must)\b)/gi;

export function actorIn(provision: string, addressee = true): string | null {
  // ("The Mayor is authorized to conduct an investigation and make a determination": a power is the body's as "may" is.)
  for (const m of provision.replace(SET_OFF, '$1 ').matchAll(/(?:^|[,;:]\s+|\.\s+)((?:the|a|an|each|any)\s+[^,;:.]{2,90}?)\s+(?:shall|may|must|(?:is|are) (?:hereby )?(?:authorized|empowered|directed) to)\b(?! not)/gi)) {
    // "The power of the Board of Parole shall extend to …": the body whose power it is.
    const subject = m[1].trim().replace(/^the (?:power|powers|authority|jurisdiction|duty|duties|responsibility) of (?=the\b)/i, '');
    if (BODY_WORD.test(headOfSubject(subject)) && subject.split(/\s+/).length <= 12) return subject;
  }
  // "It shall be the duty of the Director of National Park Service … to remove", "may be allowed flexible
  // school hours by the Superintendent of Schools": the body a duty is laid on, the agent of a power in the passive.
  const duty = bodyDutyOf(provision);
  if (duty) return duty;
  // ("a fee to be fixed by the Board of Library Trustees": a power in the infinitive passive too, and a participle such as "set" or "paid".)
  const agent = /\b(?:(?:shall|may|must)\s+(?:only\s+)?be|to be)\s+(?:[a-z]+(?:ed|en|wn)|set|paid|made|held|kept|sent|built|laid|sold|told|put|cut|let|brought|bought|sought)\b[^.;:]{0,80}?\bby\s+(the\s+(?:[A-Z][\w.'-]*(?:\s+(?:of|for|on|and|the))?\s+){0,7}[A-Z][\w.'-]*)/.exec(provision);
  if (agent && BODY_WORD.test(agent[1])) return agent[1].replace(/\.+$/, '').trim();
  // "If the applicant is an infant, the application shall be filed by his parent, guardian, or next friend": the persons an act in the passive is laid on.
  const persons = /\b(?:shall|must|may)\s+(?:only\s+)?be\s+(?:[a-z]+(?:ed|en|wn)|made|paid|sent|kept|brought)\s+by\s+((?:his|her|its|their|the|a|an|any|each)\s+[^.;:()]{2,80}?)\s*(?=[.;:]|$)/i.exec(provision);
  if (persons && PERSON_NOUN.test(persons[1]) && !isPenalty(persons[1])) return persons[1].trim();
  // Else the body the provision sends someone to ("may petition the Mayor", "shall be filed with the Board").
  if (!addressee) return null;
  for (const m of provision.matchAll(/\b(the\s+(?:[A-Z][\w.'-]*(?:\s+(?:of|for|on|and|the))?\s+){0,7}[A-Z][\w.'-]*)/g)) {
    // "the Department's regulations" names the Department's rules, not who acts.
    if (/['’]s?$/.test(m[1]) || /^['’]s\b/.test(provision.slice(m.index + m[0].length))) continue;
    if (BODY_WORD.test(m[1])) return m[1].replace(/\.+$/, '').trim();
  }
  return null;
}

/**
 * A provision that carves a case out of a rule: "If the record is a body-worn camera recording, …",
 * "In the case of …", "Notwithstanding …", "This subsection shall not apply to …". Its condition,
 * in its own words, when it states one.
 */
const CONDITION_OPENING = /^(?:if|when|whenever|where|during|in the case of|in the event that)\s+/i;
const OVERRIDE = /^(?:notwithstanding\b[^,;:]{0,200},\s*|except that\b|unless\b)/i;
/** "… until 4:00 a.m. and operate 24 hours a day during Inaugural Week.": a special time named at the end, by its name. */
const TRAILING_DURING = /\s(during (?:the )?[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*){0,5})\s*[.;]?$/;
const DOES_NOT_APPLY = /\b(?:shall not apply|does not apply|do not apply|is exempt|are exempt)\b/i;
const MAIN_MODAL = /\s(?:shall|must)\b/i;
const WEAK_MODAL = /\s(?:may|is|are)\b/i;

/**
 * Where a condition opened by "if", "when"… ends: at the comma before the main clause's "shall"
 * ("If a hotel, motel, or similar establishment … maintains a checkroom …, that establishment shall"),
 * not at the first comma, which often falls inside the condition.
 */
function conditionAfter(text: string, from: number): string | null {
  const rest = text.slice(from);
  const modal = MAIN_MODAL.exec(rest) ?? WEAK_MODAL.exec(rest);
  const end = modal ? rest.lastIndexOf(',', modal.index) : -1;
  if (end >= 5 && end <= 400) return rest.slice(0, end).trim();
  const comma = /^([^,;:]{5,160}),/.exec(rest);
  return comma ? comma[1].trim() : null;
}

export function exceptionOf(body: string): { condition: string | null } | null {
  const text = withoutLabels(body).trim();
  const override = OVERRIDE.exec(text);
  // "Notwithstanding any other provision of this chapter, if …": the case is the "if".
  const opened = override ? text.slice(override[0].length) : text;
  const opening = CONDITION_OPENING.exec(opened);
  if (opening) {
    const condition = conditionAfter(opened, opening[0].length);
    if (condition) return { condition: `${opening[0].trim().toLowerCase()} ${condition}` };
  }
  if (override) return { condition: null };
  const first = sentencesOf(text)[0] ?? text;
  const during = TRAILING_DURING.exec(first);
  if (during) return { condition: during[1].trim() };
  if (DOES_NOT_APPLY.test(text)) return { condition: null };
  return null;
}

/** "Except as provided in paragraph (2) of this subsection": the labels a general rule sends its exceptions to. */
export function exceptionsReferredTo(body: string): string[] {
  const m = /^(?:\([^)]{1,6}\)\s*)*(?:except as (?:otherwise )?provided (?:in|by|under)|subject to)\s+((?:(?:sub)?(?:section|paragraph|subparagraph)s?\s+)?(?:\([^)]{1,6}\)\s*(?:and|or|,)?\s*)+)/i.exec(body);
  return m ? [...m[1].matchAll(/\(([^)]{1,6})\)/g)].map((x) => `(${x[1]})`) : [];
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
