import { escapeRegExp } from '../regex';
import { isPlaceholder } from '../retrieval/status';
import { terms } from '../retrieval/tokenize';
import { actorIn, BODY_WORD, NO_ONE_SHALL, SANCTION_PASSIVE } from './lead';
import { leadInOf, leadInSentence, pinpointAt, provisionsOf, withoutLabels } from './provisions';
import { CLOCK, MEASURE, QUANTITY, quantitiesIn } from './quantities';
import { ANY_ACT, countsIn, coverageOf, equivalentsIn, headingOf, holdsAct, isSubjectWord, namesOnlyAsSuch, outsideClass, sameFamily, sameNoun, SUBJECT_COVERAGE, subjectOf, timesIn, withoutNumbers } from './support';
import { contentWords, sentenceSpans, sentencesOf, withoutAskerLabel } from './text';
import type { Quote, Source } from './types';

/**
 * A question that takes something for granted the code contradicts ("Since the District repealed
 * its rent control law, ...", "Is it true that block parties can run until midnight?", "Can a
 * landlord raise rent by any amount?") is corrected before it is answered, never accepted. The
 * claim is checked against the sentences of the sections found, and only a sentence about the
 * same thing (two of the claim's words, figures aside) and stating a rule can correct it:
 * - a figure (a number of days, hours, members, an amount, a time of day) the sentence states otherwise;
 * - "any amount", "no limit", "at any time" against a sentence that sets a limit;
 * - a repeal, against the law in force;
 * - "there is no rule", "we don't have to", against a sentence that requires it;
 * - "X can do Y" against a sentence that forbids Y; "the Mayor alone decides" against a sentence
 *   that gives the power to another body.
 * Anything else is answered as asked. The premise may sit in any sentence of the question.
 */
// Each is tried on one sentence at a time (sentencesOf keeps "p.m." and "D.C." inside theirs), so a dot ends a claim only at the end.
const PREMISE = [
  // ("Given the usual 30 days to appeal, …" takes the 30 days for granted as "given that" does.)
  // ("But since the presumption only reaches back 30 days, …": a conjunction before it changes nothing.)
  /^(?:(?:but|and|so)\s+)?(?:since|given(?: that)?|now that|because|as|considering(?: that)?|seeing (?:that|as)|assuming(?: that)?|with)\s+(.{8,300}?),\s+/i,
  /^(?:isn't it true(?: that)?|is it true(?: that)?|is it correct(?: that)?|i(?:'ve|’ve| have)? (?:heard|read|been told)(?: that)?|i (?:was told|understand|believe)(?: that)?|we(?:'ve|’ve| have)? (?:heard|been told)(?: that)?|my understanding is(?: that)?)\s+(.{8,300}?)(?:[?;]|,(?!\d)|\.\s*$|$)/i,
  /^(.{8,300}?),\s+(?:right|correct|isn't it|aren't they|don't they|doesn't it|true|do we|don't we|does it|is it|are we|can we|can't we|isn't that so)\?/i,
  // What someone told the asker: "Our HR handbook says D.C. family leave tops out at 12 weeks."
  // ("small claims court" is a court, not what someone claims; "$8,000" is one figure.)
  // ("My landlord says that since the Rent Administrator ruled against me, my only appeal is …": the reason given is not the claim.)
  /\b(?:says|said|told (?:me|us|our \w+)|(?<!small )claims|insists)(?: that)?\s+(?:(?:since|now that) [^,]{4,160},\s+)?(.{8,300}?)(?:[?;]|,(?!\d)|\.\s*$|$)/i,
  // A statement the question then builds on: "There's no rule against smoking at bus stops, so what can I say …?"
  // ("…, so on a day forecast for 97 can they cut my power?": a few words may come before the question's own.)
  /^(.{8,300}?),\s+so\s+(?:(?!(?:that|this|it|i|we)\b)[\w'’-]+\s+){0,8}?(?:what|how|can|may|do|does|is|are|should|would|could|might|must|will|if|when|who|which|why|where)\b/i,
  // A statement vouched for by the law: "new hires can't touch their sick leave for the first 6 months, as the law allows."
  /^(.{8,300}?),?\s+(?:as|like|which|since) (?:the |dc |d\.c\. |district |city |our )?(?:law|code|rules?|statute|regulations?)s? (?:allows?|permits?|says|requires?|provides?|lets (?:us|them|you))\b/i,
  // The same clause after the question: "What's the fine …, now that DC requires helmets for all cyclists?"
  // ("since 2019", "since last year", "since I moved" say when, not what the law is.)
  /[,\s](?:since(?!\s+(?:\d|last|then|before|after|the (?:start|beginning|end)|(?:january|february|march|april|may|june|july|august|september|october|november|december)\b))|given that|now that|considering that|seeing that|assuming(?: that)?)\s+([^,;]{8,300}?)\s*[?.!]*\s*$/i,
];
const REPEAL =
  /\b(?:repeal(?:ed)?|abolish(?:ed)?|eliminat(?:ed)?|struck down|scrapped|got rid of|did away with|done away with|dropped(?!\s+(?:it\s+|them\s+)?off\b)|lifted|stopped (?:requiring|enforcing|banning)|no longer (?:exists?|in (?:effect|force)|applies|required|banned))\b/i;
const ABSENCE =
  /\b(?:optional|voluntary|there (?:is|are) no|(?:does not|doesn't|do not|don't|did not|didn't) (?:have|require|need|apply)|no (?:law|rule|requirement|permit|license|licence|notice) (?:is )?(?:on|about|requiring|against|needed|required|necessary)|(?:is|are) (?:optional|voluntary|not required|not mandatory)|(?:isn't|aren't|isn’t|aren’t) (?:required|mandatory|obligated)|(?:needs?|requires?) no|(?:don't|do not|doesn't|does not) have to|no need to|without (?:a|any) (?:permit|license|licence))\b/i;
const UNLIMITED = /\b(?:any amount|unlimited|no (?:\w+ )?(?:limit|cap|maximum|ceiling)|as (?:much|many|long|often)\b[^.?!]{0,40}?\bas (?:they|we|you|he|she|it|one|the \w+) (?:want|wants|like|likes|please|pleases)|whenever (?:they|we|you|he|she|it) (?:want|wants|like|likes)|at any time|any time they|without (?:any )?limit)\b/i;
// ("staff can still smoke out in the lot": an adverb between says nothing of the act.)
const PERMITTED = /\b(?:can|may|(?:is|are|'re|'s|am) (?:allowed|permitted|free) to|it(?:'s| is) (?:legal|fine|okay|ok) to)\s+(?:(?:still|just|also|legally|simply|always)\s+)?(\w+)/i;
const DUTY = /\b(?:shall|must|is required|are required|prohibited|may not|unlawful)\b/i;
const RULE = /\b(?:shall|must|may|is required|are required|prohibited|unlawful|is entitled|are entitled|means|void|invalid)\b/i;
const LIMITS =
  /\b(?:shall not exceed|may not exceed|not to exceed|not more than|no more than|shall not be (?:increased|more|greater)|limited to|up to a maximum|a maximum of|not (?:be )?greater than|only once|until a full)\b|\b(?:shall not|may not|no \w+(?: [\w-]+){0,4}? shall)\b[^.;]{0,200}?\b(?:in excess of|more than|greater than)\b/i;
// "This section shall not apply to …", "shall not be construed": a scope, not a ban.
const FORBIDS = new RegExp(
  String.raw`\b(?:(?:shall|may|must) not(?! (?:apply|be construed|be deemed|be required|be considered|affect|limit|be liable)\b)|${NO_ONE_SHALL}|(?:is|are) (?:prohibited|unlawful)|it (?:shall be|is) unlawful)\b`,
  'i',
);
/** A figure stated as what someone has, gets or may do ("we only have 10 days", "the fee is $25"), not asked about. */
const TAKES_FIGURE = new RegExp(
  String.raw`\b(?:only|just|has|have|had|gets?|gives?|allows?|lets?|is|are|was|were)\b(?:\s+\S+){0,4}?\s+(?:${QUANTITY.source})`,
  'i',
);
/** Every measure of a sentence, taken out before it is read for a figure it takes for granted. */
const MEASURES_IN = new RegExp(MEASURE.source, 'gi');
const SUPPOSES = /\b(?:if|whether|unless|when|what happens|what if|in case)\b/i;
/** A duty or a ban laid on someone ("No person shall …", "without a permit", "shall register"), not a power to make rules. */
const BINDS = new RegExp(
  String.raw`\b(?:${NO_ONE_SHALL}|shall not|may not|it (?:shall be|is) unlawful|(?:is|are) (?:prohibited|unlawful)|without (?:a|an|first obtaining)\b[^.;:]{0,30}?\b(?:permit|license|licence|registration|certificate)|shall (?:obtain|register|apply|file|be licensed|be registered)|(?:is|are) required to|(?:is|are) void)\b`,
  'i',
);

/** Words after a ban in which the act it bans is named ("No person shall, without a permit, operate …"). */
const BANNED_ACT_WORDS = 12;
/** The sentence bans the act itself: "a temporary officiant's fee shall not exceed $25" bans no officiating. */
/** The sentence bans the act itself, named as the reader names it or in the statute's words ("shut off" is "disconnect"). */
function forbidsAct(sentence: string, act: string, statuteWords: string[] = []): boolean {
  const ban = new RegExp(FORBIDS.source, 'gi');
  for (const m of sentence.matchAll(ban)) {
    const after = terms(sentence.slice(m.index + m[0].length).split(/\s+/).slice(0, BANNED_ACT_WORDS).join(' '));
    if (after.includes(act) || statuteWords.some((w) => after.includes(w))) return true;
  }
  return false;
}

/** A duty lifted, not laid: "shall not be required to provide", "need not". */
const WAIVED = /\b(?:(?:shall|is|are) not (?:be )?required|need not|is not obligated)\b/i;
/** A claim that the law withholds an act: "DC doesn't allow registering on election day", "you can't appeal after 30 days". */
const NOT_PERMITTED = /\b(?:(?:doesn't|does not|don't|do not|won't|will not)\s+(?:allow|permit|let)\s+(?:(?:you|people|anyone|us|them|residents|voters|tenants|owners)\s+(?:to\s+)?)?(\w+)|(?:can't|cannot|can not|can never|may not|(?:isn't|aren't|is not|are not) (?:allowed|permitted) to)\s+(\w+))/i;
/**
 * A permission ("may", "is permitted to", "is authorized to") not negated, of the act named within a
 * few words after it, in the claim's circumstances: "may register on election day" permits "registering
 * on election day"; "may register to vote in the precinct …" (at any time but the last 30 days) does not.
 */
// ("may be fined … for evicting" punishes the act: it permits nothing.)
const PERMITS = new RegExp(String.raw`\b(?:may(?! not\b)(?! ${SANCTION_PASSIVE})|(?:is|are|shall be) (?:permitted|authorized|allowed|entitled) to)\b`, 'gi');
/** Words after a permission in which its act and the act's circumstances are named. */
const PERMITTED_ACT_WORDS = 8;
function permitsAct(sentence: string, act: string, circumstances: string[]): boolean {
  for (const m of sentence.matchAll(PERMITS)) {
    const after = terms(sentence.slice(m.index + m[0].length).split(/\s+/).slice(0, PERMITTED_ACT_WORDS).join(' '));
    const at = after.indexOf(act);
    if (at >= 0 && at < 4 && circumstances.filter((c) => after.includes(c)).length * 2 >= circumstances.length) return true;
  }
  return false;
}

/** The words before a sanction's figure: "imprisoned not more than", "a civil penalty of". */
const SANCTION_BEFORE = /\b(?:fined|imprisoned|imprisonment|fine|penalty|punish(?:ed|able))(?:\s+(?:of|for|by|not|no|more|less|than|exceeding|up|to|at|least|a|an|the|term|period|in|excess))*\s+$/i;
/** A claim about a sanction: "the fine is $25", "30 days in jail". */
const SANCTION_CLAIMED = /\b(?:fines?|fined|penalt(?:y|ies)|jail|prison|imprison\w*|tickets?|sentences?|punish\w*|sanctions?)\b/i;
/** A definition's term: "the term “forecast of extreme temperature” means …". */
const DEFINES = /[“"]([^”"]{3,80})[”"]\s+means\b/i;
/** The terms a section defines. */
const definedTerms = (text: string) => [...text.matchAll(new RegExp(DEFINES.source, 'gi'))].map((m) => m[1]);
/** A rule that voids what breaks it or allows only so much ("is void unless", "may be increased only as this chapter provides"). */
const VOIDS_OR_ONLY = /\b(?:void|invalid)\b|\bmay\b[^.;]{0,40}\bonly\b/i;
/** What the Council meant or found, not a rule: "it is the intent of the Council …", "The Council finds that …". */
const INTENT = /\b(?:(?<!\bfor the )(?:intent|purpose)s? of (?:the Council|this (?:act|chapter|subchapter|section))|the Council (?:finds|found|determines|declares|has (?:found|determined))|legislative (?:intent|findings?))\b/i;

/** A sentence that opens with its case ("If an employee of an educational agency …, the agency may require …"). */
/** A sentence whose rule holds only under the conditions its list goes on to give ("… may sell … until 4 a.m. … if the licensee:"). */
const CONDITIONS_FOLLOW = /\b(?:if|when|where|provided that|unless|only if)\b[^.;:]{0,80}:\s*$/i;
const CASE_OPENING = /^(?:notwithstanding\b[^,]{0,200},\s*)?(?:if|when|whenever|where|in the case of|in the event that)\s/i;
/** "my 10-year-old": an age of the people in the question, a fact of theirs, not a claim about the law. */
const AGE_OF_ASKERS = /\b\d+[- ](?:year|month)s?[- ]old\b/gi;
/** Words for people whose age a bare number gives ("kids under 12", "attend school until 16"). */
const PERSON = /\b(?:everyone|everybody|anybody|kids?|child(?:ren)?|minors?|teens?|teenagers?|youths?|juveniles?|students?|sons?|daughters?|boys?|girls?|adults?|people|persons?|anyone|someone|employees?|workers?|drivers?|riders?)\b/i;
// (Not a time, a decimal or a figure with its unit: "at 10 p.m.", "over 2.5", "under 12 inches".)
const BARE_AGE = /\b(until|till|at|under|over|past|after|before|below|above|younger than|older than)\s+(?:age\s+)?(\d{1,2})\b(?![\d,]|[.:]\d|\s*(?:[ap]\.?\s?m\b|%|percent\b|o'clock|(?:years?|months?|weeks?|days?|hours?|minutes?|inch(?:es)?|feet|foot|miles?|mph|degrees?|cents?|dollars?|percent|people|persons?|members?|employees?|units?|seats?|plants?|times?)\b))/gi;
/** A claim about people with a bare number after "until", "under", "at" … says an age: "16 years of age", as the code says it. */
const withAges = (claim: string) => (PERSON.test(claim) ? claim.replace(BARE_AGE, '$1 $2 years of age') : claim);
/** The word that bounds a figure ("until", "under", "within"), in the few words before it. */
const BOUND = /\b(until|till|under|over|within|after|before|at least|not less than|not more than|no more than|up to|exceed(?:s|ing)?|less than|more than|older than|younger than)\b(?!.*\b(?:until|till|under|over|within|after|before|at least|not less than|not more than|no more than|up to|exceed(?:s|ing)?|less than|more than|older than|younger than)\b)/i;
const boundBefore = (text: string, at: number) => BOUND.exec(text.slice(Math.max(0, at - 40), at))?.[1].toLowerCase().replace(/^till$/, 'until');
/** Characters either side of a figure in which the claim's words make it the figure of the claim. */
const NEAR_FIGURE = 40;
/** A claim's comparison with another law ("like federal FMLA", "the same as in Maryland"): not what it is about. */
const COMPARED_WITH = /[,\s]+(?:just\s+)?(?:like|as (?:with|under|in)|the same as(?: in| under)?)\s+(?:the\s+)?(?:federal|national|state|u\.?s\.?|maryland|virginia|other|most)\b.*$/i;

/** "18 years of age", "21 years old", "the age of 16": an age, not a length of time ("a year" of residence is not "under 18 years of age"). */
const AGE_AFTER = /^\s*(?:of age|old|or (?:older|younger|over|under))\b/i;
const AGE_BEFORE = /\b(?:age of|aged)\s*(?:\d+\s*(?:or|to|and|-)\s*)?$/i;
/** A text's figures, an age told apart from a period of time. */
const figuresIn = (text: string) =>
  quantitiesIn(text).map((q) => (q.noun === 'period' && (AGE_AFTER.test(text.slice(q.end, q.end + 20)) || AGE_BEFORE.test(text.slice(Math.max(0, q.start - 12), q.start))) ? { ...q, noun: 'age' } : q));

/** Of the statements most about a claim (within one shared word of the most), the first that binds someone, else the first. */
function strongest(about: Statement[]): Statement | undefined {
  if (!about.length) return undefined;
  return about.filter((s) => s.topic >= about[0].topic - 1).find((s) => BINDS.test(s.read)) ?? about[0];
}

const ASKS_TO_CONFIRM = /^(?:is it true|isn't it true|is it correct)|,\s*(?:right|correct|true)\?$/i;
/**
 * Words that say what a claim holds of its subject, not what the subject is: how far a rule goes
 * ("covers", "kicks in", "tops out", "the full value"), that there is one ("ban", "requirement",
 * "mandatory") or none ("optional", "no ceiling"). The code states such things its own way ("shall not
 * be liable … in excess of", "shall"): a sentence on the subject need not repeat them.
 */
const CLAIM_FRAME = new Set(contentWords('full entire entirely whole ceiling ceilings cap caps capped limit limits limited unlimited maximum mandatory optional voluntary ban bans banned rule rules requirement requirements required kick kicks cover covers covered handle handles top tops old longer treat treats treated consider considers considered stay stays valid last lasts remain remains every everyone everybody anywhere never always flat matter either enough purely simply'));
/** Words that name no topic in a claim about the law. */
const NO_TOPIC = 'true right correct code law rule rules can may must allowed permitted legal required need time amount limit';
const GENERIC = new Set(terms(NO_TOPIC));
/** The same, with words that say how much or which ("any kind of"), as content words (support.ts's stems). */
const GENERIC_WORDS = new Set(contentWords(`${NO_TOPIC} kind sort type form whatsoever against even`));

/**
 * A question's sentences, also where a resident types them in lower case ("my 17 year old rides
 * without a helmet. since dc makes helmets mandatory …"): a word of two letters or more and a full
 * stop end one before a lower-case word ("p.m." and "D.C." do not).
 */
const questionSentences = (question: string) => sentencesOf(question).flatMap((s) => s.split(/(?<=\b[a-z]{2,}[.!?])\s+(?=[a-z])/));

export function premiseOf(question: string): string | null {
  // A premise said as one ("since …", "is it true …") comes before what someone is reported to say:
  // "my landlord says he won't renew. Is it true the presumption only covers 30 days?" claims the second.
  const sentences = questionSentences(question);
  for (const pattern of PREMISE) {
    for (const sentence of sentences) {
      const m = pattern.exec(sentence);
      // "Since that's the cap, …" points back to a claim already made ("… says family leave tops out at 12 weeks"): that one is the claim.
      // "HR question: new hires …": a label before a colon says who asks, not what is claimed.
      if (m && !ANAPHORIC_CLAIM.test(m[1].trim())) return withoutAskerLabel(m[1].trim());
    }
  }
  return null;
}
/** A premise clause that only points back ("that's the cap", "this is the rule"; not "it's $5 a bag"): its words claim nothing. */
const ANAPHORIC_CLAIM = /^(?!.*\d)(?:that|this|it)(?:'s|’s|\s+is|\s+was)(?:\s+[\w'’-]+){0,2}\s*$/i;

/** How the code contradicts the claim: a figure otherwise, a limit, the law in force, a rule, a ban, another body. */
export type PremiseHow = 'otherwise' | 'limit' | 'in_force' | 'rule' | 'forbids' | 'permits' | 'other_body';
const HOW_SAID: Record<PremiseHow, string> = {
  otherwise: 'the code says otherwise:',
  limit: 'the code sets a limit:',
  in_force: 'the code shows this law in force:',
  rule: 'the code has such a rule:',
  forbids: 'the code forbids it:',
  permits: 'the code permits it:',
  other_body: 'the code gives that to another body:',
};

export interface PremiseCorrection {
  /** The correction to say first: what the question assumes, and the sentence of the code that contradicts it. */
  text: string;
  /** The same as a sentence code for the reader's language: the claim named ("premise_corrected") or a figure noted ("premise_noted"), how, and what is cited. */
  message: { code: 'premise_corrected' | 'premise_noted'; params: Record<string, string> };
  /** The citation and quote the message goes on with ("§ 9-632(b)(2): “…”"). */
  cited: string;
  /** The contradicting words, for the caller's citation check. */
  quote: Quote;
  /**
   * The question asks nothing but whether its claim is true ("Is it true that block parties can run
   * until midnight?"): the correction is the whole answer, and the code is not said to leave it unanswered.
   */
  settles: boolean;
}

interface Statement {
  source: Source;
  sentence: string;
  /** The lead-in of the list the sentence is an item of ("Smoking shall be prohibited in the following:"), read and quoted with it. */
  leadIn?: string;
  /** The sentence as read: after its lead-in, when it has one. */
  read: string;
  /** Its source's place in the sources (retrieval's order). */
  rank: number;
  /** "(b)(2)": where the sentence stands in its section. */
  pinpoint: string;
  topic: number;
  /** Words of the whole question it holds. */
  question: number;
}

/** What the question brings to the check: its own words, and the statute words its everyday words map to. */
interface Asked {
  questionTerms: Set<string>;
  statuteTopic: Set<string>;
}

/** A claim without what it contests: its figures, times of day, repeal words and years. */
const withoutContested = (claim: string) => {
  // Every figure as the figure reader reads it ("a full year", "four in the morning", "8 in the morning"), then what the patterns catch.
  let text = claim;
  for (const q of [...quantitiesIn(claim)].sort((a, b) => b.start - a.start)) text = `${text.slice(0, q.start)} ${text.slice(q.end)}`;
  return text.replace(QUANTITY, ' ').replace(CLOCK, ' ').replace(new RegExp(REPEAL.source, 'gi'), ' ').replace(/\b(?:19|20)\d\d\b/g, ' ');
};

/** A claim's topic words: its content words without figures and words that name no topic. */
function topicOf(claim: string): Set<string> {
  return new Set(terms(withoutContested(claim)).filter((t) => !GENERIC.has(t)));
}

/** The rule-stating sentences of the sources that share at least two of the claim's topic words (one when it has one), most shared first. */
function statementsAbout(claim: string, sources: Source[], asked: Asked, atLeast = 2, anySentence = false): Statement[] {
  // The claim's own words set how many must be shared; the statute words its everyday words map to count among them.
  const own = topicOf(claim);
  const needed = Math.min(atLeast, own.size);
  if (!needed) return [];
  const topic = new Set([...own, ...asked.statuteTopic]);
  const out: Statement[] = [];
  sources.forEach((source, rank) => {
    const provisions = provisionsOf(source.text);
    const heading = new Set(terms(source.title ?? ''));
    for (const { sentence, start } of sentenceSpans(source.text)) {
      if (sentence.length < 12) continue;
      // An item of a list ("(10) In a bus stop …") says nothing without its lead-in ("Smoking shall be prohibited in the following:").
      const introducing = leadInOf(provisions, start);
      const lead = introducing && leadInSentence(source.text, introducing);
      const leadIn = lead ? source.text.slice(lead.start, lead.end).trim() : undefined;
      // The item itself must be on the claim's subject, or be the case the question names: under "shall
      // not prohibit smoking in the following areas:", "A tobacco shop …" says nothing about bus stops;
      // under "no licensee shall charge … in excess of:", "(A) Two percent … if issued by the federal
      // government" is the case of "my federal tax refund check" (the heading's words name no case).
      if (leadIn && !terms(sentence).some((t) => topic.has(t) || (asked.questionTerms.has(t) && !heading.has(t)))) continue;
      const read = leadIn ? `${leadIn} ${sentence}` : sentence;
      if (!anySentence && !RULE.test(read)) continue;
      const held = new Set(terms(read));
      const shared = [...topic].filter((t) => held.has(t)).length;
      if (shared >= needed)
        out.push({ source, sentence: withoutLabels(sentence), leadIn, read: withoutLabels(read), rank, pinpoint: pinpointAt(provisions, start), topic: shared, question: [...asked.questionTerms].filter((t) => held.has(t)).length });
    }
  });
  // Most of the claim's words first; among equals, the section retrieval found first, then most of the rest of the question's.
  return out.sort((a, b) => b.topic - a.topic || a.rank - b.rank || b.question - a.question);
}

/**
 * Of the items of one list that each set a limit ("(A) Two percent … if issued by the federal
 * government; (B) Ten percent … if a personal check"), the one whose own words the question names,
 * apart from its section's heading ("cashing checks" is every item's subject): "my federal tax
 * refund check" is (A). The first (most about the claim) when the question names none of them more.
 */
function caseNamed(items: Statement[], questionTerms: Set<string>): Statement {
  const heading = new Set(terms(items[0].source.title ?? ''));
  const named = (s: Statement) => terms(s.sentence).filter((t) => questionTerms.has(t) && !heading.has(t)).length;
  return items.reduce((best, s) => (named(s) > named(best) ? s : best));
}

/** The act a claim binds its figure to, and the words of what it is done to: "must give 60 days' written notice" -> give; written, notice. */
function claimedAct(claim: string): { act: string; objects: string[] } | null {
  const m = /\b(?:must|has to|have to|need to|needs to|(?:is|are) required to|requires? (?:an? |the |all |every )?[a-z]+ to|(?:is|are) (?:allowed|permitted) to)\s+(?:only\s+)?([a-z]+)\b([^,.;?]*)/i.exec(claim);
  const act = m && contentWords(m[1])[0];
  if (!act || !isSubjectWord(act) || ANY_ACT.has(act)) return null;
  const objects = contentWords(withoutContested(m[2])).filter((w) => isSubjectWord(w));
  return { act, objects };
}

/** What a repeal is of when it is a claim about the law: "the ban was lifted", not "the charge was dropped" or "dropped off a request". */
const LAW_THING = /\b(?:laws?|rules?|bans?|requirements?|ordinances?|statutes?|regulations?|codes?|limits?|caps?|taxe?s?|fees?|permits?|licen[cs]es?|programs?|protections?|restrictions?|curfews?|prohibitions?|exemptions?|deadlines?)\b/i;
/** The claim, when the question states one: its premise clause, else a figure or "any amount" it takes for granted. */
function claimOf(question: string): { claim: string; stated: boolean } | null {
  const premise = premiseOf(question);
  if (premise) return { claim: premise, stated: true };
  // "How do I get a permit for the block party that runs until midnight?", "We only have to give 24
  // hours' notice, so …": a figure the question takes for granted is a claim too.
  const embedded = questionSentences(question).find(
    // "If I don't have a permit, …" supposes; "I don't need a permit for this" asserts.
    // A figure, a repeal or a missing rule is a claim where the question states it, not where it asks it ("Is a 30-day notice enough?").
    // ("The forecast for tomorrow is 97 degrees." is the asker's fact: a measure said as one is no claim about the law.)
    (s) => UNLIMITED.test(s) || (!SUPPOSES.test(s) && !/\?\s*$/.test(s) && ((REPEAL.test(s) && LAW_THING.test(s)) || ABSENCE.test(s) || TAKES_FIGURE.test(s.replace(MEASURES_IN, ' ')))) || /\b(?:until|till|past|after)\s+(?:midnight|\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\b)/i.test(s),
  );
  return embedded ? { claim: embedded, stated: false } : null;
}

/**
 * The correction of the question's premise, from the sources, or null when the question assumes
 * nothing the sources contradict (or assumes nothing at all).
 */
export function correctPremise(question: string, sources: Source[], statuteWords: string[] = []): PremiseCorrection | null {
  const checked = checkPremise(question, sources, statuteWords);
  return checked.kind === 'corrected' ? checked.correction : null;
}

/**
 * What the sources make of the question's premise: no claim; a claim they confirm (the same figure, a
 * repeal the code records); a claim they contradict, corrected; or a claim about the law the question
 * states ("Since the curfew covers everyone under 18, …") that they neither confirm nor contradict.
 * An answer built on that last one would take it for granted: it is not given as a verdict (answer.ts).
 */
export type PremiseCheck =
  | { kind: 'none' }
  | { kind: 'confirmed' }
  | { kind: 'corrected'; correction: PremiseCorrection }
  | { kind: 'unsettled'; claim: string };

/**
 * A claim about the law, not about the asker's own facts ("Since my son is 17", "As a landlord"):
 * it names a rule, a power, a limit or a repeal, the law itself, or a figure of someone other than the asker.
 */
// ("D.C." is followed by a space, not a word: it ends without a word boundary.)
const LAW_CLAIM =
  /\b(?:can|can't|cannot|may|must|shall|have to|has to|need|needs|don't need|doesn't need|allow|allows|allowed|permit|permits|permitted|require|requires|required|requirement|legal|illegal|lawful|unlawful|law|laws|code|rule|rules|ordinance|statute|ban|bans|banned|cap|caps|capped|limit|limits|limited|covers|applies|exempt|entitled|deadline|DC|the District|fine|fines|fined|ticket|tickets|ticketed|penalty|penalties|jail|inherit|inherits|inherited)\b|\bD\.C\.(?!\w)/i;
const ASKERS_OWN = /^(?:i|i'm|i’m|i've|i’ve|we|we're|we’re|we've|we’ve|my|our|he|she|they|his|her|their|it|it's|it’s)\b/i;
const isLawClaim = (claim: string) => LAW_CLAIM.test(claim) || REPEAL.test(claim) || ABSENCE.test(claim) || UNLIMITED.test(claim) || (!ASKERS_OWN.test(claim) && quantitiesIn(claim).length > 0);

/** A claim as the answer names it: without its closing mark, an abbreviation it ends with kept whole ("in D.C."). */
const claimSaid = (claim: string) =>
  claim
    .replace(/[.?!]+$/, '')
    .replace(/\b(D\.C|U\.S|[ap]\.m)$/i, '$1.')
    // "The question assumes there's no limit", not "… assumes There's no limit" (a name or "I" keeps its capital).
    .replace(/^(There|The|They|A|An|Our|My|We|It|Its|This|That|These|Those|Every|Each|All|Any|No|Some|People|Kids|Only|Street|Streets|Landlords|Employers|Bars|Adults)\b/, (w) => w.toLowerCase());

export function checkPremise(question: string, sources: Source[], statuteWords: string[] = []): PremiseCheck {
  const read = claimOf(question);
  if (!read) return { kind: 'none' };
  const found = settlePremise(question, read, sources, statuteWords);
  if (found === 'confirmed') return { kind: 'confirmed' };
  if (found) return { kind: 'corrected', correction: found };
  return read.stated && isLawClaim(read.claim) ? { kind: 'unsettled', claim: claimSaid(read.claim) } : { kind: 'none' };
}

function settlePremise(question: string, read: { claim: string; stated: boolean }, sources: Source[], statuteWords: string[]): PremiseCorrection | 'confirmed' | null {
  const { claim } = read;
  const asked: Asked = { questionTerms: new Set(terms(question)), statuteTopic: new Set(terms(statuteWords.join(' ')).filter((t) => !GENERIC.has(t))) };
  // Only a sentence about the claim's subject settles it (support.ts): "3 months rent" of a landlord's
  // lien says nothing of a cap on security deposits, though both speak of months of rent.
  // The claim's subject without what it contests (a figure, a time of day, a repeal): "block parties can run until midnight" is about block parties running.
  // "… capped at 12 weeks like federal FMLA": what the claim is compared with is not its subject.
  // A claim with no subject of its own ("six feet is the legal minimum") is about what the question is about (a grave).
  // ("A warrant stays good for 30 days": how long it lasts is what the claim holds of a warrant.)
  const ownSubject = subjectOf(withoutContested(claim).replace(COMPARED_WITH, '').replace(/\bgood\s+(?=for\b)/gi, ''), '', CLAIM_FRAME);
  const subject = ownSubject.size ? ownSubject : subjectOf(withoutContested(question), '', CLAIM_FRAME);
  // The reader's words the statute says its own way ("defamation" is "libel, slander"), as the support check reads them.
  const equivalents = equivalentsIn(claim).filter((e) => e.statute.length <= 2 || e.reader.length >= 2);
  const onSubject = (s: Statement) => coverageOf(subject, s.read, s.source.title, equivalents).coverage >= SUBJECT_COVERAGE;
  // How much of the subject a statement holds, its section's heading (and place) counted at less.
  const coverage = (s: Statement) => coverageOf(subject, s.read, headingOf(s.source), equivalents).coverage;
  const about = statementsAbout(claim, sources, asked).filter(onSubject);
  // A rule bound to a class ("while operating a moving school bus") is in force for the asker only where their words put them in it ("my car").
  const questionEquivalents = equivalentsIn(question);
  /** A definition's coverage: that of the rule that uses its term (below). */
  const definedCoverage = new Map<Statement, number>();
  const correction = (s: Statement, how: PremiseHow): PremiseCorrection | null => {
    // A correction says the asker is wrong: from a section retrieval did not put first, only a sentence on most of
    // the claim's subject may say it ("Annual leave which is lost due to administrative error … 2 years" is half of
    // "new hires can't touch their sick leave for the first 6 months", and corrects nothing).
    if (s.rank > 0 && Math.max(coverage(s), definedCoverage.get(s) ?? 0) <= SUBJECT_COVERAGE) return null;
    // An item is shown after its lead-in, the words between left out ("Smoking shall be prohibited in the following: … In a bus stop …").
    const words = s.leadIn ? `${s.leadIn} … ${s.sentence}` : s.sentence;
    const cited = `${s.source.label}${s.pinpoint}: “${words}”`;
    const confirm = ASKS_TO_CONFIRM.test(question.trim());
    const said = claimSaid(claim);
    const claimTerms = new Set(terms(claim));
    const settles = read.stated && confirm && terms(question.trim().replace(ASKS_TO_CONFIRM, ' ')).every((t) => claimTerms.has(t) || GENERIC.has(t));
    return {
      // A claim the question states ("since …") is named; one it only takes for granted is corrected plainly.
      text: read.stated ? `${confirm ? 'No. ' : ''}The question assumes ${said}, but ${HOW_SAID[how]} ${cited}` : `Note first: ${HOW_SAID[how]} ${cited}`,
      message: read.stated ? { code: 'premise_corrected', params: { claim: said, how, confirm: confirm ? 'yes' : 'no', cited } } : { code: 'premise_noted', params: { how, cited } },
      cited,
      quote: { sourceId: s.source.id, quote: s.sentence },
      settles,
    };
  };

  // A figure is settled by the sentence most about the claim that states one of its kind: the same
  // figure confirms the claim (a farther sentence with another figure is about something else).
  // Ages of the people in the question ("my 10-year-old") are its facts, not claims about the law.
  const claimText = withAges(claim.replace(AGE_OF_ASKERS, ' '));
  // "four public meetings a year": "a year" is the span of a count, not a period the claim states.
  const figures = figuresIn(claimText).filter((q) => !(q.noun === 'period' && /^(?:a|an|per|each|every)\b/i.test(claimText.slice(q.start, q.end)) && countsIn(claimText.slice(0, q.start)).length));
  // Any sentence that states a figure of the claim's kind on its subject may settle it, a rule or not
  // ("The Small Claims Branch has exclusive jurisdiction … if the amount … does not exceed $5,000"); each figure below orders them.
  // A definition ("the term “forecast of extreme temperature” means a forecast of 95 degrees …") states its figure of
  // the rule that uses the term ("shall not disconnect … on a day for which a forecast of extreme temperature is issued"):
  // it is on the subject as far as that rule of its section is.
  const onTopic = figures.length ? statementsAbout(claim, sources, asked, 1, true) : [];
  // A definition need share no word with the claim ("the term “hours of daylight” means between 6:00 a.m. and 9:00 p.m."):
  // each section's definitions are read with its sentences on the topic.
  const definitions = [...new Set(onTopic.map((s) => s.source))].flatMap((source) =>
    statementsAbout(definedTerms(source.text).join(' '), [source], asked, 1, true)
      .filter((d) => DEFINES.test(d.sentence) && !onTopic.some((s) => s.source === d.source && s.sentence === d.sentence))
      .map((d) => ({ ...d, rank: sources.indexOf(source) })),
  );
  const candidates = [...onTopic, ...definitions];
  const definedFor = (s: Statement) => {
    const term = DEFINES.exec(s.sentence)?.[1].toLowerCase();
    if (!term) return 0;
    return Math.max(0, ...candidates.filter((o) => o.source === s.source && o !== s && !DEFINES.test(o.sentence) && o.read.toLowerCase().includes(term)).map(coverage));
  };
  for (const s of candidates) definedCoverage.set(s, definedFor(s));
  const covered = candidates.map((s) => ({ s, c: Math.max(coverage(s), definedCoverage.get(s)!) })).filter((x) => x.c >= SUBJECT_COVERAGE);
  // A figure is said of an act ("an heir must survive by 30 days", "tenants must give 60 days' written notice"): only a
  // sentence that names the act, or what it is done to, states that figure ("Not later than 20 days after appointment, a
  // personal representative shall send … to the heirs" sets no time to survive).
  const act = claimedAct(claimText);
  const withFigures = covered.map((x) => x.s).filter((s) => !act || [act.act, ...act.objects].some((w) => holdsAct(s.read, w, equivalents)));
  const coverageOfStatement = new Map(covered.map((x) => [x.s, x.c]));
  // In the section that settles it, a figure beside the claim's own words ("16 workweeks of family leave")
  // states it before one elsewhere in a sentence on the subject ("family leave … shall expire 12 months after the birth").
  const subjectWords = [...subject.keys()];
  const subjectNear = (text: string, q: { start: number; end: number }) =>
    contentWords(text.slice(Math.max(0, q.start - NEAR_FIGURE), q.end + NEAR_FIGURE)).some((w) => subjectWords.some((k) => sameFamily(k, w)));
  // Each sentence's figures, read once.
  const figuresOf = new Map(withFigures.map((s) => [s, figuresIn(s.sentence)]));
  const sanctionClaimed = SANCTION_CLAIMED.test(claim);
  for (const claimed of figures) {
    // A sanction's figure ("… or imprisoned not more than 2 years") settles only a claim about a sanction.
    const ofKind = (s: Statement) => figuresOf.get(s)!.filter((q) => q.noun === claimed.noun && (sanctionClaimed || !SANCTION_BEFORE.test(s.sentence.slice(Math.max(0, q.start - 40), q.start))));
    // A case carved out ("If an employee of an educational agency …") states the rule for that case only: the rule comes first.
    // One that bounds its figure as the claim does first ("until the minor reaches the age of 18" for "attend
    // school until 16", before a work permit's "under 16"); then the most on the subject, by quarters (a word
    // more of a long subject, "send" as a traffic ticket's "mail", does not outrank retrieval's order, which weighs rare words: "marriage").
    const bound = boundBefore(claimText, claimed.start);
    const most = (s: Statement) => (coverageOfStatement.get(s)! > SUBJECT_COVERAGE ? 1 : 0);
    const quarter = (s: Statement) => Math.floor(coverageOfStatement.get(s)! * 4);
    const sameBound = (s: Statement) => (bound && ofKind(s).some((q) => boundBefore(s.sentence, q.start) === bound) ? 1 : 0);
    // What the Council found ("a curfew for those under the age of 17 years will be in the interest of …") sets no figure: the rule does.
    // A sanction's figure ("shall be fined … or imprisoned not more than 2 years") settles only a claim about a sanction.
    const stated = withFigures
      .filter((s) => ofKind(s).length && !INTENT.test(s.read))
      .sort((a, b) => sameBound(b) - sameBound(a) || quarter(b) - quarter(a) || a.rank - b.rank);
    const stating = [...stated.filter((s) => !CASE_OPENING.test(s.read)), ...stated.filter((s) => CASE_OPENING.test(s.read))];
    // "shall count against the 16 workweeks … provided in this chapter" points back at a figure set elsewhere: the sentence that sets it comes first.
    const sets = (s: Statement) => ofKind(s).some((q) => !/\bthe\s+$/i.test(s.sentence.slice(Math.max(0, q.start - 5), q.start)));
    const near = stating.filter((s) => s.source === stating[0]?.source && ofKind(s).some((q) => subjectNear(s.sentence, q)));
    const settling = (stating[0] && sameBound(stating[0]) && sets(stating[0]) ? stating[0] : undefined) ?? near.find(sets) ?? near[0] ?? stating[0];
    if (!settling) continue;
    // A figure the code confirms settles the claim: nothing else in it is then corrected.
    // Only the claim's own figure said of its subject (beside its words, or in a sentence on most of it)
    // confirms it: "under 16 years of age" of a minor's work permit does not confirm that "kids can drop out at 16".
    if (ofKind(settling).some((q) => q.value === claimed.value && (subjectNear(settling.sentence, q) || most(settling)))) return 'confirmed';
    if (ofKind(settling).some((q) => q.value === claimed.value)) continue;
    // A figure that holds only if conditions listed after it hold ("… may sell … until 4 a.m. … if the licensee:") does not say
    // the claim is wrong; a figure in the condition itself ("shall presume retaliatory action … if within 6 months after the tenant:") does.
    const conditions = CONDITIONS_FOLLOW.exec(settling.sentence);
    if (conditions && ofKind(settling).every((q) => q.end <= conditions.index)) continue;
    // A figure said of "such appeal", "such contract" ("Unless a petition for such appeal is filed within 10 days") is the
    // figure of the one its section defined before (an appeal from a tribunal's decision, a contract with a payment bond):
    // it corrects no claim about appeals or contracts at large. (After the figure, "within 15 days of the receipt of any
    // such request" names what the period runs from, not whose period it is.)
    if (namesOnlyAsSuch(settling.sentence.slice(0, Math.min(...ofKind(settling).map((q) => q.start))), subject)) continue;
    // Nor a figure of a rule for a class the question does not name ("the maximum rate of interest which a pawnbroker may contract for").
    if (outsideClass(settling.sentence, question, questionEquivalents)) continue;
    return correction(settling, 'otherwise');
  }
  // A claim about a figure ("liquor stores can sell until 2 a.m.") is settled by a figure or not at
  // all: a ban on something else the same kind of business may not do does not answer it.
  if (figures.length) return null;
  // A count of people or things ("a DC will needs three witnesses") is settled by the sentence most on
  // its subject that counts the same noun ("by at least two credible witnesses"); the same count confirms it.
  const counts = countsIn(claim.replace(AGE_OF_ASKERS, ' '));
  if (counts.length) {
    const countSubject = subjectOf(withoutNumbers(claim), '', CLAIM_FRAME);
    const counting = statementsAbout(claim, sources, asked, 1, true)
      // "shall meet … at least 9 times per year" counts meetings: a number of times of the act the claim's noun names.
      .map((s) => ({ s, c: coverageOf(countSubject, s.read, headingOf(s.source), equivalents).coverage, n: [...countsIn(s.read), ...timesIn(s.read).flatMap((n) => counts.filter((k) => holdsAct(s.read, contentWords(k.noun)[0] ?? k.noun, equivalents)).map((k) => ({ n, noun: k.noun })))] }))
      .filter((x) => x.c >= SUBJECT_COVERAGE && x.n.some((n) => counts.some((k) => sameNoun(k.noun, n.noun))))
      .sort((a, b) => b.c - a.c || a.s.rank - b.s.rank)[0];
    const ofNoun = counting ? counting.n.filter((n) => counts.some((k) => sameNoun(k.noun, n.noun))) : [];
    const same = ofNoun.filter((n) => counts.some((k) => k.n === n.n));
    // Both the claim's count and another ("no more than 6 cannabis plants … in the aggregate, more than 12"): whose count is whose is not read here.
    if (counting && !same.length) return correction(counting.s, 'otherwise');
    if (counting && same.length === ofNoun.length) return 'confirmed';
  }
  // "Can my landlord raise the rent by any amount?": a claim of no limit anywhere in the question.
  const unlimited = UNLIMITED.test(claim) ? claim : sentencesOf(question).find((s) => UNLIMITED.test(s));
  if (unlimited) {
    const limits = (unlimited === claim ? about : statementsAbout(unlimited, sources, asked).filter(onSubject)).filter((s) => LIMITS.test(s.read));
    const limit = limits[0] && caseNamed(limits.filter((s) => s.source === limits[0].source && s.leadIn === limits[0].leadIn), asked.questionTerms);
    if (limit) return correction(limit, 'limit');
  }
  if (REPEAL.test(claim)) {
    // A law the code itself says is abolished or repealed was: the claim stands.
    // ("(4) Repealed." is a paragraph taken out, not the law; read with its lead-in it would share the claim's words.)
    if (statementsAbout(claim, sources, asked, 1, true).some((s) => REPEAL.test(s.sentence) && !isPlaceholder(s.sentence) && onSubject(s))) return 'confirmed';
    // A law said to be repealed is shown in force by any rule of the sections found on its subject.
    // A rule lays a duty, voids what breaks it or allows only so much ("may be increased only as this chapter provides"): the Council's intent ("to specify the circumstances … these restraints shall be permitted") or a leave ("may use … as a defense") is no rule in force.
    const binding = (list: Statement[]) => strongest(list.filter((s) => (DUTY.test(s.read) || VOIDS_OR_ONLY.test(s.read)) && !INTENT.test(s.read) && !outsideClass(s.sentence, question, questionEquivalents)));
    const inForce = binding(about) ?? binding(statementsAbout(claim, sources, asked, 1).filter(onSubject)) ?? null;
    if (inForce) return correction(inForce, 'in_force');
  }
  const absent = ABSENCE.exec(claim);
  if (absent) {
    // The duty must be of the thing said to be missing: "doesn't need the family's permission" is not
    // contradicted by a pathologist's duty to report, only by a sentence that requires the permission.
    // The thing is the last word of what follows, up to its first preposition: "the family's permission
    // (before an autopsy)", "any kind of license (for a school raffle)", "(for) coaches", "register (with the city)".
    const after = claim.slice(absent.index + absent[0].length).replace(/^\s*(?:for|to|of|on|about|with|against)\s+/i, '');
    const phrase = after.split(/\b(?:for|to|with|before|after|when|where|while|if|in|on|at|from|by|since|because|unless|so|and|or|but|once)\b|[,.;:?!]/i)[0];
    const thing = contentWords(phrase).filter((w) => !GENERIC_WORDS.has(w)).at(-1);
    const ofIt = (s: Statement) => !thing || contentWords(s.read).some((h) => sameFamily(h, thing));
    // A rule that voids what lacks it requires it as a duty does: "A will … is void unless it is … attested … by at least 2 credible witnesses".
    // A duty waived ("an employer shall not be required to provide break periods if …") is no rule requiring it; and the
    // sentence itself names the claim's subject: a juror's fee the court "shall" pay is not the employer's duty, though its heading names employers.
    const duty = strongest(about.filter((s) => (DUTY.test(s.read) || VOIDS_OR_ONLY.test(s.read)) && !WAIVED.test(s.read) && ofIt(s) && coverageOf(ownSubject, s.read).coverage > 0 && !outsideClass(s.sentence, question, questionEquivalents)));
    if (duty) return correction(duty, 'rule');
  }
  const permitted = PERMITTED.exec(claim);
  if (permitted && !/\bnot\b/i.test(claim)) {
    const verb = terms(permitted[1])[0];
    // The verb's phrase in the statute's words: "shut off" → "disconnect" (the phrase's first word is the verb).
    const verbEquivalents = equivalents.filter((e) => e.reader[0] === verb && e.reader.length > 1).flatMap((e) => terms(e.statute.join(' ')));
    const forbidden = verb ? about.find((s) => forbidsAct(s.read, verb, verbEquivalents)) : undefined;
    if (forbidden) return correction(forbidden, 'forbids');
  }
  // "DC doesn't allow registering on election day" against "A qualified elector may register on election day …".
  const refused = NOT_PERMITTED.exec(claim);
  const refusedAct = refused && terms(refused[1] ?? refused[2])[0];
  if (refusedAct && isSubjectWord(refusedAct) && !ANY_ACT.has(refusedAct)) {
    // The claim's words after the act ("on election day"), its first three: the circumstances it is said to be withheld in.
    const claimTerms = terms(claim);
    const circumstances = claimTerms.slice(claimTerms.indexOf(refusedAct) + 1).filter((t) => !GENERIC.has(t)).slice(0, 3);
    const allowing = about.find((s) => permitsAct(s.read, refusedAct, circumstances));
    if (allowing) return correction(allowing, 'permits');
  }
  const body = /\b(?:alone|only|solely|by itself|on (?:its|his|her) own)\b/i.test(claim) ? BODY_WORD.exec(claim)?.[0] : undefined;
  if (body) {
    const other = about.find((s) => {
      const actor = actorIn(s.read);
      return actor && !actor.includes(body) && BODY_WORD.test(actor);
    });
    if (other) return correction(other, 'other_body');
  }
  // Nothing contradicts it: a number the figure reader does not read as one of the sentence's kind ("kids
  // under 16 need helmets") is confirmed by a rule on the claim's subject that states every number of the claim.
  const numbers = claim.replace(AGE_OF_ASKERS, ' ').match(/\d[\d,.]*\d|\d/g);
  // Most of the subject, not half: "under 16 years of age" of a minor's work permit holds "kids" but not "drop out".
  if (numbers && about.some((s) => coverage(s) > SUBJECT_COVERAGE && numbers.every((n) => new RegExp(`(?<![\\d,.])${escapeRegExp(n)}(?![\\d,]|\\.\\d)`).test(s.read)))) return 'confirmed';
  return null;
}
