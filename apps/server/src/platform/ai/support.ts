import { escapeRegExp } from '../regex';
import { CIVIC_SYNONYMS } from '../retrieval/synonyms';
import { type Asked, askerIn, dutyBearerIn, isFigureKind, isPenalty } from './lead';
import { longFormsIn, shortFormsOf, withoutLabels } from './provisions';
import { quantitiesIn } from './quantities';
import { askingSentence, contentWords, sentencesOf, withoutAskerLabel } from './text';

/**
 * The support check (issue 30): may an answer lead with a verdict (yes or no, a number of days, an
 * amount, an actor, an hour) that rests on this quote? Only when the quoted words state it for this
 * question:
 * - they are about the question's subject: most of what the question is about (keeping chickens, a
 *   vehicle left on a street, a security deposit) is in the quote, its lead-in, or (at half) its
 *   section's heading, each word or a statute word the reader's word maps to;
 * - they state the kind of fact asked (a period for "how long", a body for "who"...): the caller
 *   gives the verdict it read from the quote, or null when the quote states none;
 * - a yes or no is said of whom the question asks about ("Does my employer have to …"): the quote
 *   names that party, or lays its rule on everyone ("No person shall");
 * - they are not a carve-out the question does not ask about (an exception, an extension of
 *   another paragraph's limit), a penalty for another act, a definition of another term, or a
 *   heading.
 * A verdict without support is never said: the answer says the code does not answer the question
 * directly and lists the closest provisions as related. The same check guards every tool that
 * answers (answer.ts) and a model's answer as well as the built-in engine's.
 */

export type Unsupported =
  /** The quote is about something else than what the question asks about. */
  | 'off_subject'
  /** It does not state the kind of fact asked (no period for "how long", no body for "who"). */
  | 'wrong_kind'
  /** An exception or an extension of another paragraph's rule the question did not ask about. */
  | 'carve_out'
  /** A rule for a case the question's own figure is outside of ("an employer with 100 or more employees" for a bakery of 12). */
  | 'other_case'
  /** A penalty, when the question asks for a rule, a period or an amount. */
  | 'penalty'
  /** The definition of a term the question does not ask about. */
  | 'definition'
  /** A duty of a body ("the Board shall notify"), when the question asks what a person must do ("how long do they have to file"). */
  | 'other_actor'
  /** A heading or a label, not a provision. */
  | 'heading'
  /** A period bound to another act than the one asked ("within 5 days" to pay, asked how long to contest). */
  | 'other_act';

export interface SupportInput {
  question: string;
  /** What the question asks for (lead.ts askedFor). */
  asked: Asked;
  /** The verdict the answer would lead with, read from the quote ("within 15 days", "No", "the Mayor"); null when it states none. */
  verdict: string | null;
  /** The quoted words, and what is quoted before them (a lead-in). */
  quote: string;
  /** The sentence the verdict is read from, when the quote holds more (a list's lead-in with all its items). */
  statement?: string;
  /** The whole list a quoted item belongs to when its items are required together ("shall: (1) …; (2) …; and (3) Be in writing"): its words cover the subject too. */
  list?: string;
  /** The section's heading: counts half. */
  heading?: string;
  /** The quote is a carve-out (an exception, a paragraph changing another's rule) the question does not name. */
  carveOut?: boolean;
  /**
   * The reader's words and the statute words they map to: a reader's word is covered when the quote
   * has it or one of its statute words. By default the synonym layer's groups the question uses.
   */
  equivalents?: Equivalent[];
  /** A follow-up's conversation: the subject it keeps, counted when the question's own words are few. */
  context?: string;
  /** The whole section the quote is from: a follow-up's conversation words may be anywhere in it. */
  section?: string;
  /** The section's defined short forms, where the caller has read them already (else read here from `section`). */
  shortForms?: Map<string, string>;
  /** The place's own name and code ("San Francisco", "SF"): no subject of a question about its law, as "D.C." is not. */
  place?: string;
}

export interface Equivalent {
  /** Stems of the reader's phrase ("car"). */
  reader: string[];
  /** Stems of the statute words it maps to ("motor", "vehicl"). */
  statute: string[];
}

export interface Support {
  supported: boolean;
  reason?: Unsupported;
  /** Share (0..1) of the question's subject the quote covers. */
  coverage: number;
  /** Subject words the quote does not have. */
  missing: string[];
}

/** Share of the subject a quote must cover to support a verdict (tuned on the development sets only; see decision 037). */
export const SUBJECT_COVERAGE = 0.5;
/** A word of the question's other sentences ("A resident emailed us. How long do we have?") weighs this much against one of the asking sentence. */
const BACKGROUND_WEIGHT = 0.35;
const HEADING_WEIGHT = 0.5;

/**
 * Words that say what kind of fact is asked, or that any question about a city's law has: they are
 * not its subject ("how long", "allowed", "the District", "a resident").
 */
const NOT_SUBJECT = new Set(
  contentWords(
    'how long many much soon often quickly fast promptly far old age whose once time times day days week weeks month months year years hour hours minute minutes ' +
      'dollar dollars amount amounts maximum minimum most least use uses using ' +
      'deadline deadlines limit limits ahead advance before after early earlier late later prior within until till past who whom which what when where why whether can could may might must should shall will would ' +
      'allowed allow allows permitted legal illegal lawful unlawful legally ok okay required require requires requirement need needs needed ' +
      'have has having get gets got go goes going want wants like let know tell say said ask asks asked mean means meaning ' +
      'anyone someone somebody anybody person people thing things something anything everything way ways ' +
      'rule rules law laws code codes section sections provision provisions statute regulation regulations ' +
      'city town district columbia dc d.c washington resident residents citizen citizens staff office ' +
      'yes true right correct actually really still also just exactly currently generally usually ever even ' +
      'do does did done make makes made take takes took give gives given put puts change changes changed ' +
      'i me we us you he she they them it our my your his her their one ones there here now today am him myself yourself himself herself itself ourselves themselves ' +
      // Words of the telling, not of the law: where, when and how the asker came to ask.
      'without instead yet out off through around down up back away new old last next first ago already again ' +
      'yesterday tomorrow tonight monday tuesday wednesday thursday friday saturday sunday week weekend ' +
      'think thinks thought happen happens happened face faces wonder wondering hear heard during bring brings brought caught catch kind kinds sort type ' +
      // Words of the kind of fact asked, like "how much": what it costs, what one pays, the latest hour.
      'cost costs price pay pays paid paying latest earliest since pm am',
  ),
);
/** "a parking permit" names a thing, as "is it permitted" does not: the noun of a stem that is otherwise no subject. */
const NOUN_FORMS: [string, RegExp][] = [[contentWords('permit')[0], /\bpermits?\b(?! (?:me|us|you|him|her|them|it|a|an|the)\b)/i]];
const nounsOf = (text: string) => new Set(NOUN_FORMS.filter(([, form]) => form.test(text)).map(([stem]) => stem));
/** A word that can name what a question is about (not "how long", "allowed", "the District"). */
export const isSubjectWord = (stem: string) => !NOT_SUBJECT.has(stem) && !/^\d/.test(stem);
const DEFINITION = /^["“]([^"”]{1,80})["”]\s+(?:means|includes|shall mean|refers to|has the meaning)\b/i;
const STATES_SOMETHING = /\b(?:shall|may|must|is|are|means|includes|has|have|will|constitutes?)\b/i;
/** An item of a list its lead-in's "shall:" binds ("(4) Notify the board in writing of any change of address …"): a verb, then what it acts on. */
const BOUND_ITEM = /^(?:\([\w.-]+\)\s*)*[A-Z][a-z]+\s+(?:the|a|an|any|all|each|every|such|his|her|its|their)\b/;


/** A text's words in their places: each word's stem, or null for a word that is not a content word or a mark between words. */
function wordsInPlace(text: string): (string | null)[] {
  return text.split(/(?<=[^\s\w'’-])|\s+|(?=[^\s\w'’-])/).flatMap((w) => {
    const ws = contentWords(w);
    return ws.length ? ws : [null];
  });
}

/** A question's subject words with their weights, and the word before each that names which one ("yard" of "yard sale"). */
export class Subject extends Map<string, number> {
  readonly modifierOf = new Map<string, string>();
  /** Words that came from a follow-up's conversation, not from the question itself. */
  readonly fromContext = new Set<string>();
}

/** The question's subject: its asking sentence's content words (weight 1), its other sentences' (less). */
export function subjectOf(text: string, context = '', notSubject?: Set<string>): Subject {
  const question = withoutAskerLabel(text.replace(/\s+/g, ' ').trim());
  const sentences = sentencesOf(question);
  const asking = askingSentence(question);
  const weights = new Subject();
  // "a yard sale" is not any sale: in two subject words side by side, the first says which the second is.
  const words = wordsInPlace(asking);
  for (let i = 1; i < words.length; i++) if (words[i] && words[i - 1] && isSubjectWord(words[i]!) && isSubjectWord(words[i - 1]!)) weights.modifierOf.set(words[i]!, words[i - 1]!);
  const add = (text: string, weight: number) => {
    const nouns = nounsOf(text);
    for (const w of contentWords(text)) if ((!NOT_SUBJECT.has(w) || nouns.has(w)) && !notSubject?.has(w) && !/^\d/.test(w) && (weights.get(w) ?? 0) < weight) weights.set(w, weight);
  };
  add(asking, 1);
  const asked = new Set(weights.keys());
  for (const s of sentences) if (s !== asking) add(s, BACKGROUND_WEIGHT);
  // The telling does not outweigh the question: its words together weigh at most what the asking sentence's do
  // ("A resident emailed our agency asking for copies of last year's inspection reports. How long do we have to respond?").
  const told = [...weights.keys()].filter((w) => !asked.has(w));
  const toldWeight = told.reduce((sum, w) => sum + weights.get(w)!, 0);
  if (asked.size && toldWeight > asked.size) for (const w of told) weights.set(w, (weights.get(w)! * asked.size) / toldWeight);
  // "Can that be extended?": a follow-up with no subject of its own keeps its conversation's.
  if ([...weights.values()].filter((w) => w === 1).length < 2) {
    const own = new Set(weights.keys());
    add(context, BACKGROUND_WEIGHT);
    for (const w of weights.keys()) if (!own.has(w)) weights.fromContext.add(w);
  }
  return weights;
}

/**
 * Porter leaves a word family apart where the statute and the reader use different members of it:
 * "presumption" (presumpt) / "presume" (presum), "retaliation" (retali) / "retaliatory"
 * (retaliatori). A stem of six letters or more that begins the other, which adds at most five, is
 * the same word ("polic" is too short to begin "polici": police is not policy).
 */
export const sameFamily = (a: string, b: string) => {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 6 && long.length - short.length <= 5 && long.startsWith(short) && !/\d/.test(long);
};
/** A past participle Porter leaves apart from its verb ("in writing", "a written request"), or a plural from its noun: the verb's (noun's) stem. */
const IRREGULAR = new Map(
  [
    ['written', 'write'], ['wrote', 'write'], ['given', 'give'], ['gave', 'give'], ['sold', 'sell'], ['bought', 'buy'], ['kept', 'keep'], ['held', 'hold'],
    ['taken', 'take'], ['sent', 'send'], ['built', 'build'], ['found', 'find'], ['told', 'tell'], ['driven', 'drive'], ['drove', 'drive'], ['ridden', 'ride'],
    // A noun Porter leaves apart from its verb: a sale is selling ("sell at public auction").
    ['sale', 'sell'], ['sales', 'sell'],
    ['shown', 'show'], ['known', 'know'], ['chosen', 'choose'], ['stolen', 'steal'], ['bitten', 'bite'], ['fed', 'feed'], ['lost', 'lose'], ['sworn', 'swear'], ['withdrawn', 'withdraw'],
    // Plurals Porter leaves apart from their noun ("children's play areas" for a child).
    ['children', 'child'], ['men', 'man'], ['women', 'woman'], ['people', 'person'], ['feet', 'foot'], ['teeth', 'tooth'], ['mice', 'mouse'], ['geese', 'goose'],
  ].map(([form, verb]) => [contentWords(form)[0], contentWords(verb)[0]]),
);
const baseOf = (stem: string) => IRREGULAR.get(stem) ?? stem;
/** "unclaimed" is said of a claim, "unpaid" of pay: a word with "un-" before a stem of four letters or more speaks of that stem's thing. */
const unPrefixed = (a: string, b: string) => (b.length >= 4 && a === `un${b}`) || (a.length >= 4 && b === `un${a}`);
function holdsWord(words: Set<string>, word: string): boolean {
  if (words.has(word)) return true;
  const base = baseOf(word);
  for (const w of words) if (baseOf(w) === base || sameFamily(w, word) || unPrefixed(w, word)) return true;
  return false;
}

/** How much of the question's subject the words cover: its own words, or the statute words they map to; the heading's at half. */
export function coverageOf(subject: Map<string, number>, quote: string, heading = '', equivalents: Equivalent[] = [], section = ''): { coverage: number; missing: string[] } {
  const said = new Set(contentWords(quote));
  const headed = new Set(contentWords(heading));
  const modifierOf = subject instanceof Subject ? subject.modifierOf : new Map<string, string>();
  const fromContext = subject instanceof Subject ? subject.fromContext : new Set<string>();
  const formsOf = (word: string) => [word, ...familyOf(word), ...equivalents.filter((e) => e.reader.includes(word)).flatMap((e) => e.statute)];
  const inQuote = (word: string) => formsOf(word).some((w) => holdsWord(said, w));
  // "What does that registration cost?": the conversation set the subject (vacant buildings); the
  // section it is answered from keeps it, the quote states the fact asked ("The initial registration fee shall be $250").
  // Only when the quote holds the question's own words: a subpoena's "unreasonable time" under a wage
  // law's heading says nothing of an employer who does not pay, though the section speaks of wages.
  const kept = fromContext.size && section && [...subject.keys()].some((w) => !fromContext.has(w) && inQuote(w)) ? new Set(contentWords(section)) : null;
  let total = 0;
  let covered = 0;
  const missing: string[] = [];
  const inText = (word: string) => formsOf(word).some((w) => holdsWord(said, w) || holdsWord(headed, w));
  const placed = modifierOf.size ? wordsInPlace(quote) : [];
  /** "a tax sale" for "a yard sale": the quote names the word only as another kind of it (another word before it, the question's nowhere). */
  const anotherKind = (word: string, modifier: string | undefined) => {
    if (!modifier || inText(modifier)) return false;
    const at = placed.flatMap((w, i) => (w && sameFamily(w, word) ? [i] : []));
    return at.length > 0 && at.every((i) => placed[i - 1] && isSubjectWord(placed[i - 1]!));
  };
  for (const [word, weight] of subject) {
    total += weight;
    const alternatives = formsOf(word);
    // "tax sale" is not the "yard sale" asked about: such a word counts at half.
    const which = anotherKind(word, modifierOf.get(word)) ? HEADING_WEIGHT : 1;
    if (inQuote(word) || (kept && fromContext.has(word) && alternatives.some((w) => holdsWord(kept, w)))) covered += weight * which;
    else if (alternatives.some((w) => holdsWord(headed, w))) covered += weight * HEADING_WEIGHT * which;
    else missing.push(word);
  }
  // A question with no subject of its own ("What changes?" on an ordinance's page) is about what it is asked of.
  return { coverage: total ? covered / total : 1, missing };
}

/**
 * Words the statute and the reader use for one act, either way round: to respond to a request is to
 * answer it ("shall answer within 30 calendar days"); to sue is to bring an action ("actions … may
 * not be brought after"); to challenge a finding is to contest it ("may contest the determination … within 15 business days");
 * to post a notice is to give it ("shall provide notice … not less than 48 hours"); a lawsuit is an action
 * ("actions … may not be brought after"); to live somewhere is to reside there ("shall have resided in the District"); to set a fee is to fix or establish it.
 */
const ACT_FAMILIES: string[][] = [['respond answer reply response answers responds replies'], ['sue file bring brought commence institute'], ['challenge contest dispute fight'], ['give provide post serve send deliver'], ['lawsuit suit action lawsuits suits actions'], ['live lives lived living reside resides resided residing'], ['set sets setting fix fixes fixed establish establishes established']].map(([words]) => [...new Set(contentWords(words))]);
const REPLY = new Set(ACT_FAMILIES[0]);
/** The words of a question for a penalty that say what kind of fact it asks. */
const PENALTY_WORDS = new Set(contentWords('fine fines fined penalty penalties punishment punished ticket tickets sanction sanctions consequence consequences'));
const familyOf = (word: string) => ACT_FAMILIES.find((f) => f.includes(word)) ?? [];

/** The synonym layer's table as stems: a reader's phrase, and the statute words it maps to. */
let table: Equivalent[] | null = null;
const tableOf = () => (table ??= CIVIC_SYNONYMS.flatMap(([phrases, statute]) => phrases.map((p) => ({ reader: contentWords(p), statute: contentWords(statute) })).filter((e) => e.reader.length > 0)));

/** The groups of the synonym layer whose reader's phrase the text uses ("car" -> "motor vehicle"). */
export function equivalentsIn(text: string): Equivalent[] {
  const words = contentWords(text);
  return tableOf().filter((e) => words.some((_, i) => e.reader.every((r, j) => words[i + j] === r)));
}

/** Verbs that ask for an agency's or a person's response in general: the statute names it its own way ("make the record accessible"). */
export const ANY_ACT = new Set(contentWords('answer answers respond responds reply act deal handle process decide wait sit stay keep hold last remain run come bring'));
const ACT_ASKED = [
  // "How long does the owner have to contest that?", "how long do we get to file"
  /\b(?:have|has|had|get|gets|got)\s+to\s+(\w+)/i,
  // "How far ahead must it apply for registration?", "How soon must the landlord return …"
  /\b(?:must|should|shall|need to|needs to)\s+(?:(?:i|we|you|he|she|it|they)\s+|(?:the|a|an|my|our|their|his|her|its)\s+\w+\s+)?(\w+)/i,
  // "What's the deadline for filing an appeal?"
  /\b(?:deadline|time limit)\s+(?:for|to)\s+(\w+)/i,
  // "How long before it can release the records?", "how soon until we may reopen"
  /\bhow (?:long|soon|many \w+)\s+(?:before|until|till)\s+(?:i|we|you|he|she|it|they|(?:the|a|an|my|our|their|his|her|its)\s+\w+)\s+(?:can|may|must|could|is allowed to|are allowed to|has to|have to)\s+(\w+)/i,
];

/** The thing the asked act is done to, the last word of its noun phrase: "how many days do I have to file my answer?" asks of an answer, not of a petition; "file an anti-SLAPP dismissal motion", of a motion. */
const OBJECT_ASKED = [
  /\b(?:have|has|had|get|gets|got)\s+to\s+\w+\s+(?:my|our|the|a|an|their|his|her|your)\s+((?:[a-z-]+\s+){0,3}[a-z-]+)/i,
  /\b(?:must|should|shall|need to|needs to)\s+(?:(?:i|we|you|he|she|it|they)\s+)?\w+\s+(?:my|our|the|a|an|their|his|her|your)\s+((?:[a-z-]+\s+){0,3}[a-z-]+)/i,
];
const PHRASE_ENDS = /\s+(?:to|for|of|on|in|at|by|with|from|after|before|if|when|once|so|and|or|but|that|which|who|because|since|until|under|against|over|about)\b.*$/i;
export function objectAsked(question: string): string | null {
  const asking = askingSentence(question);
  for (const pattern of OBJECT_ASKED) {
    const phrase = pattern.exec(asking)?.[1].replace(PHRASE_ENDS, '');
    const stem = contentWords(phrase ?? '').at(-1);
    if (stem && isSubjectWord(stem)) return stem;
  }
  return null;
}

/** Words that name the kind of fact asked ("how much … pay") but are an act when a period is asked of them ("how many days … to pay"). */
const ACT_NOT_SUBJECT = new Set(contentWords('pay tell'));

/** The act a "how long" question asks the period of ("contest", "apply", "pay"), when it names one the statute must name too. */
export function actAsked(question: string): string | null {
  const asking = askingSentence(question);
  for (const pattern of ACT_ASKED) {
    const m = pattern.exec(asking);
    const stem = m && contentWords(m[1])[0];
    if (stem && (isSubjectWord(stem) || ACT_NOT_SUBJECT.has(stem)) && !ANY_ACT.has(stem)) return stem;
  }
  return null;
}

/**
 * The act a "who" question names as its own verb ("Who decides whether …", "who issues parking
 * permits?", "who can approve a lease?"): the actor a quote names must be the one it binds to it.
 * Null for "who is", "who has", "who gets to" and the like, which name no act.
 */
export function whoActs(question: string): string | null {
  // ("In a custody case, who is supposed to serve …": after a phrase that sets the scene.)
  const m = /^(?:[^,?]{3,60},\s*)?(?:(?:and|so|but|then)\s+)?who\s+(?:can|may|must|should|will|would|does|do|is allowed to|is supposed to)?\s*([a-z]+)\b/i.exec(askingSentence(question).trim());
  const stem = m && contentWords(m[1])[0];
  return stem && !/^(?:is|are|was|were|has|have|had|get|gets|got|be|the|a|an)$/i.test(m![1]) && !NOT_SUBJECT_ACTS.has(stem) ? stem : null;
}
/**
 * "Whose written consent does the court need?": the consent, approval or permission asked of, which the
 * body a quote names must be the one to give ("consent … of the Mayor"), not merely named near it.
 */
export function whoseAsked(question: string): string | null {
  const m = /\bwhose\s+(?:written\s+|signed\s+|prior\s+)?(consent|approval|permission|signature|authorization|sign-off)\b/i.exec(askingSentence(question));
  return m ? (contentWords(m[1])[0] ?? null) : null;
}
/** Whether the quote names the body as the one giving the consent asked ("the written consent of the Director", "the Board shall approve"), not one before whom it is signed. */
function givesIt(quote: string, body: string, given: string): boolean {
  const named = escapeRegExp(body.replace(/^the\s+/i, ''));
  const noun = `${given.slice(0, 5)}\\w*`;
  return (
    new RegExp(String.raw`\b${noun}\s+(?:[^.;,]{0,30}?\s)?(?:of|from|by)\s+(?:the\s+)?${named}\b`, 'i').test(quote) ||
    new RegExp(String.raw`\b${named}\s+(?:shall|must|may|has|have|to)?\s*(?:first\s+)?${noun}`, 'i').test(quote)
  );
}
/** Verbs of a who-question that say nothing of what is done ("who handles", "who deals with"). */
const NOT_SUBJECT_ACTS = new Set(contentWords('handle handles deal deals take takes do does make makes go goes pay pays need needs want wants know knows own owns run runs'));

/** A penalty for violating the section it stands in. */
const PUNISHES_THIS_SECTION = /\bviolat\w*\b[^.;]{0,60}?\bthis\s+(?:section|subsection)\b/i;
const VIOLATION_OF = /\bviolat\w*\b[^.;]{0,60}?(?:\bthis\b|§|\bsection\b|\bsubsection\b|\bchapter\b|\barticle\b|\bsubchapter\b|\bcode\b)/i;

/**
 * The act a penalty question asks the fine of ("the fine for peeing on the street", "the penalty for
 * littering", "the fine if I don't pick up after my dog"): its verb, which the penalty's sentence must name.
 */
export function penaltyAct(question: string): string | null {
  const m = /\b(?:fine|fines|penalty|penalties|punishment|ticket)\b[^?.]{0,40}?\b(?:for|if (?:i|you|we|they|someone|somebody|a person|people|my \w+|the \w+)(?:\s+(?:don't|doesn't|do not|does not|didn't|did not|get caught|gets caught))?)\s+([a-z]+ing|[a-z]+)\b/i.exec(askingSentence(question));
  const stem = m && contentWords(m[1])[0];
  return stem && isSubjectWord(stem) && !/^(?:a|an|the|my|your|his|her|their|our|each|every|first|second|third|not|no)$/i.test(m![1]) ? stem : null;
}

/** Where the clause that holds position `at` begins: after the last full stop, semicolon or colon before it. */
const clauseStart = (quote: string, at: number) => Math.max(quote.lastIndexOf('.', at), quote.lastIndexOf(';', at), quote.lastIndexOf(':', at)) + 1;

/**
 * The words a period in the quote is bound to: its clause before the figure ("protests shall be
 * filed not later than 10 business days"), and after it all but the event it runs from ("within 60
 * business days from the date on which the protest is filed" binds the decision, not the filing).
 * The whole quote when the figure is not found in it.
 */
function boundTo(quote: string, verdict: string): string {
  const figure = /\d[\d,.]*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)\b/i.exec(verdict)?.[0];
  const at = figure ? quote.indexOf(figure) : -1;
  if (at < 0) return quote;
  const start = clauseStart(quote, at);
  const ends = [quote.indexOf('.', at + figure!.length), quote.indexOf(';', at)].filter((i) => i >= 0);
  // Only the event right after the figure is left out ("90 days of the date that the Board declares a vacancy, the members … shall fill" keeps "fill").
  const after = quote.slice(at, ends.length ? Math.min(...ends) : quote.length).replace(/^(?:\S+\s+){0,4}?(?:from|after|of|since|following|upon)\b[^,;.]*/i, ' ');
  return `${quote.slice(start, at)} ${after}`;
}

/**
 * The clause the verdict is bound in. An item of a list reads with its lead-in ("actions … may not
 * be brought after … : (4) for libel, slander … — 1 year"): the act is in the lead-in, the figure in the item.
 */
/** A party the clause gives the act to ("the contractor may appeal", "an applicant shall file"): a person by role, not a body. */
/** A body asked how long it has to decide, and a clause that speaks of its deciding. */
const ASKS_DECISION = /\b(?:decide|rule on|make (?:a|its|their) (?:decision|ruling|determination)|issue (?:a|its|their) (?:decision|ruling|determination)|reach a decision)\b/i;
const DECISION = /\b(?:decid\w*|decision|determin\w*|rul(?:e|es|ing)\s+(?:on|upon)|ruling|order|act (?:on|upon))\b/i;
// (Things end so too: "the order shall be issued", "the statement shall be filed" name no party.)
const PARTY_ACTS =
  /\b(?:the|a|an|any|each|such)\s+(?:[a-z-]+\s+)?(?!(?:order|number|chapter|matter|letter|register|water|meter|paper|other|latter|former|transfer|answer|offer|power|border|center|filter|container|trailer|motor|error|factor|sector|floor|door|indicator|monitor|calendar)\s)(?:person|individual|parent|guardian|[a-z]+(?:or|ant|[^m]ent|ee|er))\s+(?:shall|may|must)\b(?!\s+not\b)/;
function verdictClause(input: SupportInput): string {
  const verdict = input.verdict ?? '';
  const body = withoutLabels(input.quote).replace(/\s+/g, ' ');
  const statement = withoutLabels(input.statement ?? '').replace(/\s+/g, ' ').trim();
  const at = statement ? body.indexOf(statement) : -1;
  const colon = at > 0 ? body.lastIndexOf(':', at) : -1;
  if (colon >= 0) return `${body.slice(clauseStart(body, colon - 1), colon)} ${boundTo(statement, verdict)}`;
  // A sentence of cases after its lead-in ("shall pay a license fee based upon seating capacity as follows: 0-10 seats $133 …; 11-50 seats $166 …"): the lead-in is each case's.
  const figureAt = body.indexOf(verdict.replace(/^\D+/, ''));
  const lead = figureAt > 0 ? body.lastIndexOf(':', figureAt) : -1;
  const bound = boundTo(input.quote, verdict);
  return lead > 0 && !/[.]\s/.test(body.slice(lead, figureAt)) ? `${body.slice(clauseStart(body, lead - 1), lead)} ${bound}` : bound;
}

const ONE_OFF = /\b(?:of|after|from|following|before|on|by) the effective date of (?:this|the) (?:act|chapter|subchapter|section|title|part|amendment)\b|\bafter (?:the )?(?:enactment|effective date) of this\b/i;
const ASKS_ONE_OFF = /\b(?:effective date|took effect|takes effect|enact\w*|new law|when the law)\b/i;
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100 };
const numberOf = (word: string): number => NUMBER_WORDS[word.toLowerCase()] ?? Number(word.replace(/,/g, ''));
const NUMBER = String.raw`(\d[\d,]*|${Object.keys(NUMBER_WORDS).join('|')})`;
/** The text without its numbers, in digits or words ("a DC will needs three witnesses" -> "a DC will needs   witnesses"). */
export const withoutNumbers = (text: string) => text.replace(new RegExp(String.raw`\b${NUMBER}\b`, 'gi'), ' ');
/** Counts of things a text states ("12 employees", "three witnesses", "at least two credible witnesses": 2 of "witnesses"), with the noun counted. */
export function countsIn(text: string): { n: number; noun: string }[] {
  return [...text.matchAll(new RegExp(String.raw`\b${NUMBER}\s+(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'))]
    .map((m) => ({ n: numberOf(m[1]), noun: m[2].toLowerCase() }))
    .filter((c) => !Number.isNaN(c.n) && !/^(?:days|weeks|months|years|hours|minutes|seconds|dollars|cents|percent|times)$/.test(c.noun));
}
/** How often a text says a thing is done: "shall meet … at least 9 times per year" -> 9 (the thing is the sentence's verb, the caller's to name). */
export function timesIn(text: string): number[] {
  return [...text.matchAll(new RegExp(String.raw`\b${NUMBER}\s+times\s+(?:per|a|an|each|every)\s+(?:year|month|week|day)\b`, 'gi'))].map((m) => numberOf(m[1])).filter((n) => !Number.isNaN(n));
}
/** Whether two counted nouns are one ("witnesses", "witnesses"; "employees", "employee's"). */
export const sameNoun = (a: string, b: string) => sameWord(contentWords(a)[0] ?? a, contentWords(b)[0] ?? b);

/** The bounds a provision sets on a count of a noun: "100 or more employees", "at least 25, but not more than 99, employees", "24 or fewer employees". */
const BOUNDS: [RegExp, (n: number) => (x: number) => boolean][] = [
  [new RegExp(String.raw`\b${NUMBER}\s+or\s+more\s+(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'), (n) => (x) => x >= n],
  [new RegExp(String.raw`\b${NUMBER}\s+or\s+(?:fewer|less)\s+(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'), (n) => (x) => x <= n],
  [new RegExp(String.raw`\b(?:fewer|less) than\s+${NUMBER}\s+(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'), (n) => (x) => x < n],
  [new RegExp(String.raw`(?<!\b(?:not|no)\s)\bmore than\s+${NUMBER},?\s+(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'), (n) => (x) => x > n],
  [new RegExp(String.raw`\b(?:not|no) more than\s+${NUMBER},?\s+(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'), (n) => (x) => x <= n],
  [new RegExp(String.raw`\bat least\s+${NUMBER},?\s+(?:but\s+(?:not|no)\s+more\s+than\s+\d[\d,]*,?\s+)?(?:[a-z-]+\s+)?([a-z-]+s)\b`, 'gi'), (n) => (x) => x >= n],
  // "101 seats and over"
  [new RegExp(String.raw`\b${NUMBER}\s+(?:[a-z-]+\s+)?([a-z-]+s)\s+(?:and|or)\s+(?:over|above|more)\b`, 'gi'), (n) => (x) => x >= n],
];
/** "11-50 seats", "10 to 49 employees": a count of a noun between two numbers. */
const RANGE = /\b(\d[\d,]*)\s*(?:-|–|to|through)\s*(\d[\d,]*)\s+(?:[a-z-]+\s+)?([a-z-]+s)\b/gi;

/**
 * The question's own figure falls outside the case the rule is for: "I work at a bakery with 12
 * employees" is not "an employer with 100 or more employees". Only a count of the same noun, in
 * the sentence the verdict is read from; the question's ages and periods are other checks' to read.
 */
export function outsideCase(question: string, statement: string): boolean {
  const stated = countsIn(question);
  if (!stated.length) return false;
  for (const [pattern, bound] of BOUNDS) {
    for (const m of statement.matchAll(pattern)) {
      const noun = m[2].toLowerCase();
      const test = bound(numberOf(m[1]));
      if (stated.some((q) => sameNoun(q.noun, noun) && !test(q.n))) return true;
    }
  }
  for (const m of statement.matchAll(RANGE)) {
    const [low, high] = [numberOf(m[1]), numberOf(m[2])];
    if (stated.some((q) => sameNoun(q.noun, m[3]) && (q.n < low || q.n > high))) return true;
  }
  return false;
}

/** Of a sentence that sets a figure for each case, one clause each ("0-10 seats $133 per annum; 11-50 seats $166 per annum"), the verdict's clause. */
function caseClauseOf(statement: string, verdict: string | null): string {
  if (!verdict || !statement.includes(';')) return statement;
  return statement.split(/;\s*/).find((clause) => clause.includes(verdict)) ?? statement;
}

/** Statute words for an act a question names: who "has to pay" a fine is who is liable for it. */
// ("Tell the board my new address" is said in a statute as notifying it, "notice" its noun.)
const ACT_FORMS: Record<string, string[]> = Object.fromEntries([['pay', 'liable owe owes responsible'], ['tell', 'notify notification notice inform']].map(([act, forms]) => [contentWords(act)[0], contentWords(forms)]));

/** The clause that names an actor ("the Mayor may issue a notice", "shall be filed with the Board"): the whole quote when it does not name it. */
function actorClause(quote: string, actor: string): string {
  const at = quote.toLowerCase().indexOf(actor.toLowerCase());
  if (at < 0) return quote;
  const start = clauseStart(quote, at);
  const rest = quote.slice(at + actor.length);
  // "The Court may order each parent to submit a … plan which shall … best serve the interest of the child": what the
  // actor does is its main clause, not what a relative clause says of another thing.
  const end = rest.search(/[.;:]|,?\s+(?:which|who|whose)\b/);
  return quote.slice(start, at) + (end < 0 ? rest : rest.slice(0, end));
}

/** Words of a class that name a breach of the rule, not who it is for ("any person who violates this section"). */
const BREACH = /\b(?:violat\w*|fail\w*|refus\w*|commit\w*|offend\w*|convicted)\b/i;
/** A relative clause's someone that names no class ("which a person may"). */
const ANYONE_WORD = /^(?:person|persons|individual|one|party|other person)$/i;
/** "while operating a moving school bus": the vehicle's motion names no class. */
const MOVING = contentWords('moving')[0];
/**
 * The words of the class a rule binds when its subject is one ("A person who holds a learner's
 * permit shall be prohibited …", "Any driver who is under 18 years of age may not …"), when its
 * relative clause names one ("the maximum rate of interest which a pawnbroker may contract for"), or
 * what the act is done in ("while operating a moving school bus"): empty for "No person shall", "An
 * employer shall" and for a breach ("Any person who violates this section").
 */
export function classBoundIn(statement: string): string[] {
  const text = withoutLabels(statement);
  const m = /^(?:\([\w.-]+\)\s*)*(?:a|an|any|no|every|each)\s+(?:[a-z-]+\s+){0,2}?(?:who|that)\s+([^,;]{3,80}?)\s+(?:shall|may|must|is prohibited|are prohibited|is not|cannot)\b/i.exec(text.trim());
  if (m && !BREACH.test(m[1])) return contentWords(m[1]).filter(isSubjectWord);
  // "the maximum rate of interest which a pawnbroker may contract for": a class in the relative clause ("which the Mayor may" names a body, not a class).
  const relative = /\b(?:which|that)\s+(?:a|an|any)\s+([a-z-]+(?:\s+[a-z-]+)?)\s+(?:may|shall|must)\b/i.exec(text);
  if (relative && !ANYONE_WORD.test(relative[1])) return contentWords(relative[1]).filter(isSubjectWord);
  const w = /\bwhile\s+(?:operating|driving|riding|using|in charge of)\s+(?:a|an|any)\s+([^,;:.]{3,60}?)(?=\s*[,;:.]|\s+(?:that|which|who|on|in|at|unless|except|if|with|without)\b|$)/i.exec(text);
  return w ? contentWords(w[1]).filter((x) => isSubjectWord(x) && x !== MOVING) : [];
}

/**
 * Does the sentence name a word of the subject as "such X" ("within 10 days of … such appeal") with no
 * X before it in the sentence? Its X is then one defined elsewhere in its section, narrower than the
 * subject's: "such knowledge or suspicion" after "knows or has reasonable cause to suspect" is the sentence's own.
 */
export function namesOnlyAsSuch(sentence: string, subject: Map<string, number>): boolean {
  // One pass over the words (a section's text is a city's: linear in it), each subject word marked once seen.
  const keys = [...subject.keys()];
  const seen = new Set<string>();
  let previous = '';
  for (const token of sentence.split(/[^A-Za-z'’-]+/)) {
    if (!token) continue;
    const word = contentWords(token)[0];
    if (word) {
      for (const k of keys) {
        if (!sameFamily(k, word)) continue;
        if (previous === 'such' && !seen.has(k)) return true;
        seen.add(k);
      }
    }
    previous = token.toLowerCase();
  }
  return false;
}

/**
 * Does the statement bind its rule to a class (classBoundIn) the asker's words do not put them in, half its words or more
 * missing? `equivalents` are those of the asker's words: a statute word one of them maps to is theirs ("my car": a motor vehicle).
 */
export function outsideClass(statement: string, asked: string, equivalents: Equivalent[]): boolean {
  const bound = classBoundIn(statement);
  const held = (w: string) => holdsAct(asked, w, equivalents) || equivalents.some((e) => e.statute.includes(w));
  return bound.length > 0 && bound.filter(held).length * 2 <= bound.length;
}

/** Whether the words hold the act asked: its word or a form of it, a statute word the synonym layer maps it to, or one of `also`. */
export function holdsAct(text: string, act: string, equivalents: Equivalent[], also: string[] = []): boolean {
  const said = contentWords(text);
  const forms = [act, ...also, ...familyOf(act), ...equivalents.filter((e) => e.reader.includes(act)).flatMap((e) => e.statute)];
  return forms.some((f) => said.some((w) => sameWord(f, w)));
}

/** A word and the quote's are one word's forms: the same stem, or a shared beginning of five letters ("appeal", "appellant"; "notify", "notice" do not). */
const sameWord = (a: string, b: string) => a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5)) || unPrefixed(a, b);

/** "How many unexcused absences …?": the thing counted, which the verdict's figure must count. */
function countedIn(question: string): string[] {
  const m = /\bhow many\s+((?:[a-z-]+\s+){0,2}[a-z-]+)/i.exec(askingSentence(question));
  return m ? contentWords(m[1]).filter(isSubjectWord) : [];
}
/** "What temperature …", "how far from a school …", "how loud": a measure, which a quote states with its unit. */
const ASKS_MEASURE = /\b(?:speed limit|what (?:temperature|distance|height|depth|size|speed|volume|weight)|how (?:far|close|near|tall|high|deep|big|wide|heavy|loud|fast|hot|cold|warm)\b(?!\s+(?:ahead|in advance|back)))/i;
const STATES_MEASURE = /\b\d[\d,.]*\s*(?:°|degrees?|feet|foot|ft\b|inches|inch|miles?|yards?|meters?|metres?|kilometers?|pounds?|lbs?\b|tons?|decibels?|dba?\b|mph\b|acres?|stories|storeys)/i;
const ASKS_MONEY = /\b(?:cost|costs|fee|fees|price|pay|paid|charge|charged|owe|dollars?|liable)\b/i;
const MONEY_FIGURE = /\$|\bdollars?\b|\bcents?\b/i;
const ASKS_SHARE = /\b(?:percent|percentage|rate|share|portion|fraction)\b/i;

/** Whether the quote states a figure of each kind the question names (a time of day, a period, an amount, a measure); true when it names none. */
function figureOfKindIn(question: string, quote: string): boolean {
  const kindsIn = (text: string) => new Set(quantitiesIn(text).map((q) => (['period', 'clock', 'cent', 'percent'].includes(q.noun) ? q.noun : 'count')));
  const asked = kindsIn(question);
  const stated = kindsIn(quote);
  for (const kind of asked) if (kind !== 'count' && !stated.has(kind) && !(kind === 'clock' && DAYTIME.test(quote))) return false;
  return !STATES_MEASURE.test(question) || STATES_MEASURE.test(quote);
}
const DAYTIME = /\b(?:sunrise|sunset|daytime|nighttime|night-time|daylight|dark)\b/i;

/** What a fee in the quote is the fee of: "an impoundment fee of $15" -> "impound" (stem); null when it is not named so. */
function pricedIn(quote: string, verdict: string): string | null {
  const figure = /\$\s?\d[\d,]*(?:\.\d+)?/.exec(verdict)?.[0];
  const at = figure ? quote.indexOf(figure) : -1;
  if (at < 0) return null;
  const m = /\b([a-z-]+)\s+(?:fee|charge|surcharge|tax|fine|penalty|deposit|assessment|allowance|stipend|payment)s?\s+(?:of|is|shall be|in the amount of|not to exceed)?\s*$/i.exec(quote.slice(Math.max(0, at - 80), at));
  const stem = m && contentWords(m[1])[0];
  return stem && isSubjectWord(stem) && !/^(?:annual|yearli|month|daili|addit|total|applic|flat|first|late|nonrefund|base)/.test(stem) ? stem : null;
}

/**
 * Whom a yes-or-no question asks about ("Does my employer have to …", "Can the power company shut
 * off …", "Is it legal for my landlord to …"): the first words of the noun after the verb, which a
 * quote must name (or a statute word they map to) to say yes or no of them. Empty when the question
 * asks of the asker ("Can I …", "Do we …") or names no one.
 */
/** A rule laid on everyone ("No person shall", "any person who"; not "any individual who will be a qualified elector"): it speaks of whomever the question asks about. */
const ANYONE = /\bno (?:person|individual|entity|one)\b|\b(?:unlawful|illegal) for any (?:person|individual|entity)\b|\b(?:any|every) person\b|\banyone\b|\bwhoever\b/i;
function partyAsked(question: string): string[] {
  const asking = askingSentence(question);
  const m =
    /\b(?:does|do|did|can|could|may|must|will|would|should|is|are|has|have)\s+(?:my|our|the|a|an|your|his|her|their|this|that|each|every|any)\s+([a-z'’-]+(?:\s+[a-z'’-]+)?)/i.exec(asking) ??
    /\bfor\s+(?:my|our|the|a|an|your|his|her|their)\s+([a-z'’-]+(?:\s+[a-z'’-]+)?)\s+to\b/i.exec(asking);
  if (!m) return [];
  // "a friend who isn't a minister": a person described by what the law asks of them, not a party it names.
  if (/^\s*(?:who|whom|whose|that|which)\b/i.test(asking.slice(m.index + m[0].length - m[1].length + m[1].split(/\s+/)[0].length))) return [];
  return contentWords(m[1]).filter(isSubjectWord);
}

/**
 * The act a "can I …?" question asks leave for ("Can I record a phone call …?" -> "record", "Is it legal
 * to fly a drone …?" -> "fly"), when the asker or an everyday someone is who would do it: a yes or no is
 * said of that act, and a rule on using a phone while driving a school bus says nothing of recording a call.
 */
export function leaveAsked(question: string): string | null {
  const m = /\b(?:(?:can|could|may|am|are|is)\s+(?:i|we|you|they|he|she|someone|anyone|people|a person)\s+(?:be\s+(?:allowed|permitted)\s+to\s+|allowed\s+to\s+|permitted\s+to\s+)?|is\s+it\s+(?:legal|illegal|lawful|unlawful|ok|okay|allowed|permitted)\s+(?:for\s+(?:me|us|you|them|him|her|someone|anyone|a\s+\w+)\s+)?to\s+)(?:(?:legally|still|just|actually|ever|also|lawfully)\s+)?([a-z]+)\b/i.exec(askingSentence(question));
  const act = m ? contentWords(m[1])[0] : undefined;
  return act && isSubjectWord(act) && !ANY_ACT.has(act) && !NOT_SUBJECT_ACTS.has(act) ? act : null;
}

/**
 * What a "do I need a permit to …" question asks a permit for: the head of the act's object ("to hold a
 * garage sale in my driveway" -> "sale"), which a quote must name to say a permit is needed for it
 * (a permit to "operate a parking garage" is not one for a garage sale).
 */
export function permittedAsked(question: string): string | null {
  const m = /\b(?:permit|permits|license|licence|licenses|permission|approval)\s+(?:(?:from|by)\s+(?:the\s+)?[a-z]+\s+)?(?:to|for)\s+(?:[a-z]+ing|[a-z]+)\s+(?:(?:a|an|the|my|our|their|his|her|some|any|this|that)\s+)?((?:[a-z-]+\s+){0,3}?[a-z-]+)(?=\s+(?:in|on|at|for|from|with|without|during|near|this|next|every|after|before|by|to|if|when|while|so|and|or|but|outside|inside|along)\b|\s*[?.,!]|\s*$)/i.exec(askingSentence(question));
  const head = m ? contentWords(m[1].split(/\s+/).pop() ?? '')[0] : undefined;
  return head && isSubjectWord(head) ? head : null;
}

/**
 * What a "how much does it cost" question prices ("How much does a residential parking permit cost?"
 * -> "permit", "the fee for a dog license" -> "licens"): the last word of what is priced, which a quote
 * must name to state its price (a tax abatement "per residential FAR square foot" prices no permit).
 */
function pricedAsked(question: string): string | null {
  const asking = askingSentence(question);
  const m =
    /\bhow much (?:does|do|will|would|did) (?:a|an|the|my|our|your|their|one)\s+([a-z' -]{2,60}?)\s+cost\b/i.exec(asking) ??
    // "how much is the yearly residential parking permit sticker for my zone?"
    /\bhow much (?:is|are) (?:a|an|the|my|our|your|their)\s+([a-z' -]{2,60}?)(?=\s+(?:in|for|at|on|per|each|every|when|if|to|from|with|these days|now|today)\b|\s*[?,.]|$)/i.exec(asking) ??
    // "what's the fee for a food truck vending permit?", "what does the city charge for an official certified birth certificate copy?"
    /\b(?:fee|price|cost|charge) (?:for|of) (?:(?:a|an|the|my|our|your|their)\s+)?([a-z-]+(?:\s+[a-z-]+){0,4}?)(?=\s+(?:in|for|at|on|per|each|every|when|if|to|from|with)\b|\s*[?,.]|$)/i.exec(asking);
  const nouns = m ? nounsOf(m[1]) : new Set<string>();
  const words = m ? contentWords(m[1]).filter((w) => isSubjectWord(w) || nouns.has(w)) : [];
  return words.at(-1) ?? null;
}

/** Whether a period read from a sentence is an age there ("under six months old", "18 years of age", "the age of 16 years"). */
function isAge(statement: string, verdict: string): boolean {
  const figure = verdict.replace(/^(?:of|for|under|over|at)\s+/i, '');
  const at = statement.toLowerCase().indexOf(figure.toLowerCase());
  if (at < 0) return false;
  const after = statement.slice(at + figure.length, at + figure.length + 12);
  const before = statement.slice(Math.max(0, at - 20), at);
  return /\bof age\s*$/i.test(figure) || /^\s*(?:old|of age)\b/i.test(after) || /\b(?:age(?: of)?|aged)\s*$/i.test(before);
}
/** Whether a period read from a sentence is a window before an event ("the 18 months immediately preceding the date of the infraction"), not a time to act. */
function isLookback(statement: string, verdict: string): boolean {
  const at = statement.toLowerCase().indexOf(verdict.toLowerCase());
  return at >= 0 && /^\s*(?:immediately\s+)?preceding\b/i.test(statement.slice(at + verdict.length, at + verdict.length + 30));
}
/** "Until what age …", "until when …": the figure asked is where something ends. */
const ASKS_END = /\buntil (?:what|which|when)\b|\bup to what age\b/i;
/** Whether a figure is said as an end ("until the minor reaches the age of 18 years", "through age 21", "under 8 years of age"). */
function endsAt(statement: string, verdict: string): boolean {
  const figure = verdict.replace(/^(?:of|for|under|over|at|until|through|within)\s+/i, '');
  const at = statement.toLowerCase().indexOf(figure.toLowerCase());
  if (at < 0) return true;
  return /\b(?:until|till|through|up to|under|younger than|not (?:yet )?(?:reached|attained)|reaches|attains|expires?|ends?|ceases?|extends)\b[^.;,]{0,40}$/i.test(statement.slice(Math.max(0, at - 60), at));
}
const ASKS_AGE = /\b(?:what age|how old|which age|age limit|minimum age|maximum age)\b/i;

/** What the support check reads as a source's heading: its own, and its place in the code (its chapter's title), both at half. */
export const headingOf = (source: { title?: string; place?: string } | undefined): string => [source?.title, source?.place].filter(Boolean).join(' ');

/** Does the quote state the verdict for this question? (see the module's comment) */
export function supportOf(input: SupportInput): Support {
  // "How long do we have to respond?": the statute names the response its own way ("make the requested record accessible"); the period is what is asked.
  // "What's the fine if I don't pick up after my dog?": the fine is what is asked, as "how long" is; the dog and the act are the subject.
  const kindWords = input.asked === 'period' || input.asked === 'clock' ? REPLY : input.asked === 'penalty' ? PENALTY_WORDS : undefined;
  const placeWords = contentWords(input.place ?? '');
  const subject = subjectOf(input.question, input.context, placeWords.length ? new Set([...(kindWords ?? []), ...placeWords]) : kindWords);
  const equivalents = input.equivalents ?? equivalentsIn(`${input.question} ${input.context ?? ''}`);
  const body = withoutLabels(input.quote).trim();
  // The sentence the verdict is read from, when the quote holds more (a list's lead-in with its items).
  const stated = input.statement ?? body;
  // "Any person who shall violate the provisions of this Section shall be … fined": the fine's act is the section's rule,
  // so the section's text says what it punishes ("urinate … on any public street"), as its quote cannot.
  // So too "The Attorney General … shall prosecute violations of this section": who acts on a breach of the section's rule.
  const punishesSection = (input.asked === 'penalty' || input.asked === 'who') && !!input.section && PUNISHES_THIS_SECTION.test(stated);
  // The section's shorthand in the quote is read as what it stands for ("a CDP permit": a contractor daytime parking permit).
  const quoted = input.list ?? input.quote;
  const shortForms = input.shortForms ?? (input.section ? shortFormsOf(input.section) : null);
  const spelledOut = shortForms ? `${quoted}\n${longFormsIn(quoted, shortForms)}` : quoted;
  const { coverage, missing } = coverageOf(subject, punishesSection ? `${quoted}\n${input.section}` : spelledOut, input.heading, equivalents, input.section);
  const refuse = (reason: Unsupported): Support => ({ supported: false, reason, coverage, missing });
  if (!(STATES_SOMETHING.test(body) || BOUND_ITEM.test(body)) || body.split(/\s+/).length < 4) return refuse('heading');
  if (input.carveOut) return refuse('carve_out');
  if (outsideCase(input.question, caseClauseOf(stated, input.verdict))) return refuse('other_case');
  // "Within 180 days of the effective date of this act, the Department shall promulgate regulations": a
  // deadline that ran once, when the law was new, answers no question about the rule as it stands.
  if (ONE_OFF.test(stated) && !ASKS_ONE_OFF.test(input.question)) return refuse('other_case');
  // A statute word the question is about: one of its subject words, or one a subject word maps to ("motor vehicle" for "car").
  const isAbout = (w: string) => subject.has(w) || equivalents.some((e) => e.statute.includes(w) && e.reader.some((r) => subject.has(r)));
  const defined = DEFINITION.exec(body);
  if (defined && !contentWords(defined[1]).some(isAbout)) {
    return refuse('definition');
  }
  // (A period in one item of a list of limitation periods is no penalty because another item is "for a statutory penalty".)
  if (input.asked !== 'penalty' && input.asked !== 'yes_no' && input.asked !== 'other' && isPenalty(stated) && !isPenalty(input.question)) return refuse('penalty');
  if (input.asked !== 'other' && !input.verdict) return refuse('wrong_kind');
  // "Can officers serve a warrant up until midnight?", "… unless it reaches 100 degrees?": a yes or no
  // about a figure is stated only by a quote that states a figure of that kind.
  if (input.asked === 'yes_no' && !figureOfKindIn(askingSentence(input.question), input.quote)) return refuse('wrong_kind');
  // A question for a measure ("what temperature must a landlord keep …") is not answered by a quote that states none.
  if (input.asked === 'other' && ASKS_MEASURE.test(askingSentence(input.question)) && !STATES_MEASURE.test(input.quote)) return refuse('wrong_kind');
  // The verdict is of the kind asked: a count of what is counted, money for what something costs.
  // (A count in other words, "5 residents" for "how many neighbors", may be one; a number of days or dollars is not.)
  const counted = input.asked === 'count' ? countedIn(input.question) : [];
  const verdictWords = contentWords(input.verdict ?? '');
  const countsTimeOrMoney = quantitiesIn(input.verdict ?? '').some((q) => q.noun === 'period' || q.noun === 'cent') || /\btimes\b/i.test(input.verdict ?? '');
  if (counted.length && countsTimeOrMoney && !counted.some((w) => verdictWords.some((v) => sameWord(w, v)))) return refuse('wrong_kind');
  if (input.asked === 'amount' && ASKS_MONEY.test(askingSentence(input.question)) && !ASKS_SHARE.test(input.question) && input.verdict && !MONEY_FIGURE.test(input.verdict)) return refuse('wrong_kind');
  // "How much is the yearly license for a spayed dog?" is not answered by "an impoundment fee of $15".
  if (input.asked === 'amount' && input.verdict) {
    const named = pricedIn(input.quote, input.verdict);
    if (named && !isAbout(named)) return refuse('other_act');
    // Nor "How much does a residential parking permit cost?" by a price of something the quote does not name as asked.
    const priced = pricedAsked(input.question);
    // (Its own word, or a statute word the word alone maps to: "parking permit" -> "residential parking" names no permit.)
    if (priced && !holdsAct(verdictClause(input), priced, equivalents.filter((e) => e.reader.length === 1))) return refuse('other_act');
  }
  // "How long do I have to get her a license?" is not answered by an age ("puppies under six months old"): an age answers "how old", "what age".
  const asksAge = ASKS_AGE.test(askingSentence(input.question));
  if (input.asked === 'period' && input.verdict && !asksAge && isAge(stated, input.verdict)) return refuse('wrong_kind');
  // And "how old does a child have to be …" is answered by an age only, not by "the 5-day period beginning with …".
  if (input.asked === 'period' && input.verdict && asksAge && !isAge(stated, input.verdict) && !/\b(?:age|old|older|younger)\b/i.test(input.verdict)) return refuse('wrong_kind');
  // "Until what age does that attendance obligation last?" asks where it ends: "a minor who has reached the age of 5 years" is where it begins.
  if (input.asked === 'period' && input.verdict && ASKS_END.test(askingSentence(input.question)) && !endsAt(stated, input.verdict)) return refuse('wrong_kind');
  // Nor "how long do they have to respond" by a window looked back over ("during the 18 months immediately preceding the date of the infraction").
  if (input.asked === 'period' && input.verdict && isLookback(stated, input.verdict)) return refuse('wrong_kind');
  // "What's the fine for peeing on the street?" is not answered by the fine for placing a debris box on a street: the act fined is named.
  const fined = input.asked === 'penalty' ? penaltyAct(input.question) : null;
  // (A fine "for a violation of this section" or "of § 9-601" names its act by where the rule is: the subject's coverage reads that.)
  if (fined && !holdsAct(stated, fined, equivalents) && !VIOLATION_OF.test(stated)) return refuse('other_act');
  // "How long does the owner have to contest it?" is not answered by a period to pay.
  // (An age is no period to act in: "until what age does my kid have to ride in a car seat" is answered by "Children under 8 years of age shall be properly seated".)
  const act = input.asked === 'period' && !asksAge ? actAsked(input.question) : null;
  if (act && !holdsAct(verdictClause(input), act, equivalents, ACT_FORMS[act])) return refuse('other_act');
  // Nor by a period to file something else: "file my answer" is not "file … a petition … setting aside the demand".
  const object = act ? objectAsked(input.question) : null;
  if (object && !holdsAct(body, object, equivalents)) return refuse('other_act');
  // "Who has to pay the fine?" is not answered by "the Mayor may issue a notice of infraction": the
  // actor named must be the one the quote binds to the act asked.
  const doer = input.asked === 'who' && input.verdict ? (actAsked(input.question) ?? whoActs(input.question)) : null;
  const given = input.asked === 'who' && input.verdict ? whoseAsked(input.question) : null;
  if (given && !givesIt(stated, input.verdict!, given)) return refuse('other_act');
  if (doer && !holdsAct(actorClause(input.quote, input.verdict!), doer, equivalents, ACT_FORMS[doer])) return refuse('other_act');
  // "How long do they have to file a protest?" is not answered by "Within one business day …, the Board shall notify".
  // (A period, an hour, a yes or no: what a body must do is not what the asker must. An amount a body
  // sets "where the applicant has paid $35 for each inch" is still what the asker pays.)
  if (input.asked === 'period' || input.asked === 'clock' || input.asked === 'yes_no') {
    const asker = askerIn(askingSentence(input.question));
    const bearer = asker && !asker.body ? dutyBearerIn(body) : null;
    if (bearer) return refuse('other_actor');
    if (input.asked === 'period' && asker?.body) {
      const clause = verdictClause(input);
      // Nor "How quickly does the board have to decide it?" by "within 90 days …, the contractor may appeal the decision to the Board":
      // a period a party has is not the body's.
      if (PARTY_ACTS.test(clause)) return refuse('other_actor');
      // It asks for the body's decision: "the Board shall notify the contracting officer within one business day" is another act.
      if (ASKS_DECISION.test(askingSentence(input.question)) && !DECISION.test(clause)) return refuse('other_act');
    }
  }
  // "Does my employer have to give paid time off to vote?" is not answered by a rule on registering to vote: a yes or no is said of whom the question asks about.
  if (input.asked === 'yes_no') {
    const permitted = permittedAsked(input.question);
    if (permitted && !holdsAct(body, permitted, equivalents)) return refuse('other_act');
    const leave = leaveAsked(input.question);
    if (leave && !holdsAct(`${stated} ${body}`, leave, equivalents, ACT_FORMS[leave])) return refuse('other_act');
    const party = partyAsked(input.question);
    if (party.length && !ANYONE.test(body) && !party.some((w) => holdsAct(body, w, equivalents))) return refuse('other_actor');
    // "Is it legal to hold my phone … while I'm driving?" is not answered by "A person who holds a learner's permit shall be
    // prohibited from using any mobile telephone": a rule for a class the asker does not say they are in.
    if (outsideClass(stated, `${input.question} ${input.context ?? ''}`, equivalents)) return refuse('other_case');
  }
  // "Within 90 days" of "the work provided for in such contract, in respect of which a payment bond is furnished" is the
  // period of the contract its section defined before, not of a contract at large (premise.ts reads a claim's figure so too).
  const figureAt = input.verdict && isFigureKind(input.asked) ? /\d[\d,.]*/.exec(input.verdict) : null;
  const verdictAt = figureAt ? stated.indexOf(figureAt[0]) : -1;
  if (verdictAt > 0 && namesOnlyAsSuch(stated.slice(0, verdictAt), subject)) return refuse('other_case');
  if (coverage < SUBJECT_COVERAGE) return refuse('off_subject');
  return { supported: true, coverage, missing };
}
