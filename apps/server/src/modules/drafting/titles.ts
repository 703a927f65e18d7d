import { contentWords } from '../../platform/ai';
import { bareNumber } from './amendment';
import { AND_ENCOURAGING, baseVerb, type RequestAnalysis, type TextChange } from './analysis';
import type { ComposeInput } from './compose';
import { designationOf } from './recitals';
import { FINE_AFTER_FAILURE } from './rule';
import { escapeRegExp } from '../../platform/regex';

/**
 * Titles as a codifier writes them (issue 19). A short title names the subject: for an amendment,
 * the amended section's place in the code (its subchapter, chapter or heading: § 2-532 sits in
 * "Freedom of Information") and the aspect the request changes ("Response Time"), never the
 * request's verbs, numbers or "D.C. Code"; a long title names each amended section once.
 */

/** Where a section sits in the code: what a short title names it by. */
export interface SectionPlace {
  title: string;
  chapterTitle: string | null;
  subchapterTitle: string | null;
}

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'with', 'under', 'within', 'per', 'upon']);
/** Words that end a noun phrase in a request: what follows is a clause, a quantity or the change. */
const PHRASE_END = new RegExp(
  String.raw`\s*[,;:()]|${AND_ENCOURAGING}|\s+(?:that|which|who|whose|where|so|because|from|by|to|for|with|between|after|before|until|when|if|unless|instead|whichever|should|would|could|will|can|must|is|are|was|were|has|have|had|says|run|operated|administered|managed|funded)(?=\s|$)`,
  'i',
);
const HONORIFIC = /^(?:Mr|Mrs|Ms|Dr|Hon|Rev)\.?$/;

/** "D.C." and "LED" stay as written; other words take a capital, small words none (except first). */
export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => {
      if (/[A-Z].*[A-Z]|\d/.test(w) || /^[A-Z]\./.test(w)) return w;
      if (i > 0 && SMALL.has(w.toLowerCase())) return w.toLowerCase();
      return w[0].toUpperCase() + w.slice(1).toLowerCase();
    })
    .join(' ');
}

const singular = (word: string) => (/[^s]s$/i.test(word) && !/(?:us|is)$/i.test(word) ? word.slice(0, -1) : word);
/** Nouns of doing ("Removal", "Registration", "Preservation"): "Removal of Snow" reads "Snow Removal" in a title. */
const ACTION_NOUN = /^(?:\w+(?:al|tion|sion|ment|ance|ence)|licensing|parking|towing|control|care|use|sale|review|repair|inspection)$/i;

/**
 * A heading as a title names it: its first clause, without a trailing place ("From Streets and
 * Sidewalks"), "Removal of Snow and Ice" turned round to "Snow and Ice Removal".
 */
export function headingName(heading: string): string {
  // A codifier's note ("Employee Sick Leave. [Recodified]") and the heading's own period are no words of its name.
  const first = heading
    .replace(/\s*\[[^\]]*\]/g, '')
    .split(/\s*[;:—–]\s*|\s+-\s+/)[0]
    .replace(/\.\s*$/, '')
    .trim();
  const cut = first.replace(/\s+(?:from|in|on|at|for|by|to|within|under|upon|into|against|through)\s+.*$/i, '');
  const of = /^(.+?)\s+of\s+(.+)$/i.exec(cut);
  if (of && of[1].split(/\s+(?:and|or)\s+/).every((w) => ACTION_NOUN.test(w))) {
    const object = of[2].replace(/^the\s+/i, '').split(/\s+/);
    object[object.length - 1] = singular(object[object.length - 1]);
    return titleCase(`${object.join(' ')} ${of[1]}`);
  }
  return titleCase(cut);
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The amended section's subject: of its subchapter, chapter and heading, the name that speaks most to the request (short names first). */
export function sectionSubject(place: SectionPlace, request: string): string {
  const wanted = new Set(contentWords(request));
  const names = [place.subchapterTitle, place.chapterTitle, place.title].filter((n): n is string => Boolean(n?.trim())).map(headingName);
  const score = (name: string) => 2 * new Set(contentWords(name).filter((w) => wanted.has(w))).size - (wordCount(name) > 5 ? 3 : 0);
  return names.reduce((best, name) => (score(name) > score(best) ? name : best), names[0] ?? '');
}

/** The noun of a verb, for "the time to respond" -> "Response Time". */
const NOUN_OF_VERB: Record<string, string> = {
  respond: 'Response', answer: 'Response', reply: 'Response', register: 'Registration', remove: 'Removal', tow: 'Towing', appeal: 'Appeal', notify: 'Notice',
  pay: 'Payment', file: 'Filing', apply: 'Application', review: 'Review', decide: 'Decision', comply: 'Compliance', inspect: 'Inspection',
  process: 'Processing', issue: 'Issuance', complete: 'Completion', submit: 'Submission', correct: 'Correction', repair: 'Repair', approve: 'Approval',
  confirm: 'Confirmation', declare: 'Declaration', extend: 'Extension', authorize: 'Authorization', adopt: 'Adoption', designate: 'Designation',
  establish: 'Establishment', create: 'Establishment', accept: 'Acceptance', award: 'Award', renew: 'Renewal', recognize: 'Recognition', honor: 'Recognition', ratify: 'Ratification', repeal: 'Repeal', amend: 'Amendment',
};
export const nounOfVerb = (verb: string) => NOUN_OF_VERB[verb.toLowerCase()] ?? null;

/** What a request changes, in the words a title uses: a time, period, deadline, fee, fine, notice... */
/** The aspect a change sets, a word of its own: "short-term" or "part-time" names no term or time. */
const ASPECT = /(?<![\w-])(time|period|deadline|fee|fine|payment|rent|notice|limit|penalty|term|rate|charge|cap|tax|age|distance|window|deposit|bond|speed|height|setback|capacity|threshold)(?![\w-])/i;
const MODIFIER_STOP = new Set([...SMALL, 'can', 'could', 'would', 'will', 'may', 'must', 'shall', 'we', 'you', 'they', 'our', 'their', 'its', 'most', 'more', 'less', 'least', 'current', 'existing', 'new', 'business', 'working', 'calendar', 'days', 'hours', 'this', 'that', 'any']);

export function aspectOf(subject: string, change?: Pick<TextChange, 'unit' | 'from'>): string | null {
  const timeTo = /\btime\s+(?:limits?\s+)?(?:to|for)\s+(\w+)/i.exec(subject);
  const noun = timeTo && nounOfVerb(baseVerb(timeTo[1]) ?? timeTo[1]);
  if (noun) return `${noun} Time`;
  const head = ASPECT.exec(subject);
  if (head) {
    const before = subject.slice(0, head.index).trim().split(/\s+/);
    const modifiers: string[] = [];
    for (let i = before.length - 1; i >= 0 && modifiers.length < 3; i--) {
      const w = before[i];
      if (!/^[A-Za-z][\w-]*$/.test(w) || MODIFIER_STOP.has(w.toLowerCase()) || baseVerb(w)) break;
      modifiers.unshift(w);
    }
    return titleCase([...modifiers, head[1]].join(' '));
  }
  if (change && /day|week|month|year|hour|minute/i.test(change.unit)) return 'Time Limit';
  if (change?.from.startsWith('$')) return 'Amount';
  return null;
}

/** "Freedom of Information" + "Response Time"; an aspect that already names the subject ("Special Tree Removal Payment") stands alone. */
export function amendedSubject(place: SectionPlace, request: string, aspect: string | null): string {
  const name = sectionSubject(place, request);
  if (!aspect) return name;
  const inName = new Set(name.toLowerCase().split(/\s+/).map(singular));
  const words = aspect.split(/\s+/);
  if (words.length >= 3 && inName.has(singular(words[0].toLowerCase()))) return aspect;
  return [name, ...words.filter((w) => !inName.has(singular(w.toLowerCase())))].join(' ');
}

/**
 * The noun phrase a request is about, as a title names it: "creating a volunteer snow shoveling
 * program run by Serve DC" -> "Volunteer Snow Shoveling Program"; without its verb, the code's
 * labels, quantities, the change or an honorific.
 */
export function subjectPhrase(subject: string): string {
  const cleaned = subject
    .replace(/\b(?:D\.\s?C\.\s+)?(?:Official\s+)?Code\s+§+\s*[\w.:-]+(?:\([\w-]+\))*/gi, ' ')
    .replace(/§+\s*[\w.:-]+(?:\([\w-]+\))*|\bsection\s+\d[\w.:-]*(?:\([\w-]+\))*/gi, ' ')
    .replace(/^(?:approval|acceptance|adoption|authorization|award|renewal|ratification|confirmation|designation)\s+(?:of|to)\s+/i, '')
    .replace(/['’]s\b/g, '')
    .replace(/\$\s?\d[\d,.]*(?:\s+(?:million|thousand|billion))?/gi, ' ')
    .replace(/\b(on|about|regarding)\s+whether\s+/gi, '$1 ')
    .replace(/^[\s:;,.-]+/, '')
    .replace(/^(?:consent\s+)?(?:agenda\s+)?item\s*:\s*/i, '')
    .replace(/^(?:the\s+)?(?:committee|council|board|commission)\s*:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = cleaned.split(PHRASE_END)[0].split(/\s+/).filter(Boolean);
  // "creating a program": the verb goes; "the reprogramming": a noun stays.
  if (words.length > 1 && baseVerb(words[0])) words.shift();
  while (words.length && (SMALL.has(words[0].toLowerCase()) || /^(?:new|proposed)$/i.test(words[0]))) words.shift();
  // A number stays when it is part of a name ("Ward 8", "ANC 6B"), an ordinal too ("50th"); a quantity goes.
  const kept = words
    .filter((w, i) => !/^\d/.test(w) || /^\d+(?:st|nd|rd|th)$/.test(w) || (i > 0 && /^[A-Z]/.test(words[i - 1]) && /^\d+[A-Z]?$/.test(w)))
    .filter((w) => !HONORIFIC.test(w))
    .map((w) => w.replace(/[^\p{L}\p{N}.'&-]+/gu, '').replace(/(?<![A-Z])\.$/, ''))
    .filter(Boolean)
    .slice(0, 7);
  while (kept.length && SMALL.has(kept[kept.length - 1].toLowerCase())) kept.pop();
  return titleCase(kept.join(' '));
}

/** A staff report's or agenda item's subject: the phrase, and the act it asks for ("Federal Grant Acceptance"). */
export function actionPhrase(subject: string): string {
  let phrase = subjectPhrase(subject);
  // "a proposal to lower the annual public space rent": a bare "Proposal" names nothing; what it would change does.
  const bare = /^(?:Proposal|Request|Plan|Petition|Application)$/.test(phrase) && new RegExp(String.raw`\b${phrase}\s+(?:to|for)\s+(\w+)\s+(.+)$`, 'i').exec(subject);
  if (bare && baseVerb(bare[1])) phrase = [subjectPhrase(bare[2]), phrase].filter(Boolean).join(' ');
  const verb = baseVerb(subject.replace(/^[\s:;,.-]+/, '').replace(/^(?:consent\s+)?(?:agenda\s+)?item\s*:\s*/i, '').split(/\s+/)[0] ?? '');
  const noun = verb && nounOfVerb(verb);
  return phrase && noun && !phrase.includes(noun) ? `${phrase} ${noun}` : phrase;
}

/** "section 2-532", "sections 2-532 and 2-533": each amended section named once. */
export function sectionsNamed(numbers: string[]): string {
  const unique = [...new Set(numbers.map(bareNumber))];
  if (unique.length <= 1) return `section ${unique[0] ?? ''}`.trim();
  return `sections ${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/**
 * A purpose a long title can follow "To amend <sections> of <code>" with: without a second
 * "amend <the act or section>" and without naming an amended section again; "so public bodies have
 * to give" reads "to require public bodies to give". Empty when nothing is left to say.
 */
export function purposeAfterAmending(purpose: string, numbers: string[]): string {
  let rest = purpose.trim();
  for (const number of numbers.map(bareNumber)) {
    const escaped = escapeRegExp(number);
    rest = rest.replace(new RegExp(String.raw`\s*\b(?:in|of|under|at)?\s*(?:the\s+)?(?:D\.\s?C\.\s+(?:Official\s+)?Code\s+)?(?:§+\s*|sections?\s+)${escaped}(?:\([\w-]+\))*`, 'gi'), ' ');
  }
  rest = rest.replace(/\s+/g, ' ').trim();
  if (/^amend(?:ing|s)?\b/i.test(rest)) {
    const amend = /^amend(?:ing|s)?\b.*?\s+(to|so\s+that|so|in\s+order\s+to)\s+(.*)$/i.exec(rest);
    rest = amend?.[2] ?? '';
    const so = amend && /^so/i.test(amend[1]) ? /^(.+?)\s+(?:have|has|must|shall|will|would)\s+(?:to\s+)?(\w+)\s+(.*)$/i.exec(rest) : null;
    if (so) rest = `require ${so[1]} to ${so[2]} ${so[3]}`;
  }
  return rest.replace(/[.;,\s]+$/, '');
}

/** "the Mayor's nominee to the Board of Zoning Adjustment, Marcus Reyes," -> "Board of Zoning Adjustment Marcus Reyes". */
const NOMINEE = /\bnominee\s+(?:to|for)\s+(?:the\s+)?([^,]+?),\s*((?:[A-Z][\w.'-]*\s?){2,4})(?:,|$)/;
/** "a confirmation resolution", "the emergency declaration resolution": the kind of resolution the request names. */
const NAMED_KIND = /\b((?:emergency\s+)?(?:confirmation|declaration|approval|disapproval|recognition|ceremonial|sense[-\s]of[-\s]the[-\s]council))\s+resolution\b/i;

/** A resolution's name before "Resolution of <year>": "Eastern Market 50th Anniversary Recognition", "Multiyear Contract Approval". */
const AUTHORIZES = /^(?:authoriz\w*|empower\w*)\s+(?:the\s+)?(.+?)\s+to\s+(\w+)\s+(.+)$/i;

export function resolutionName(analysis: RequestAnalysis, query: string): string {
  if (analysis.ceremonial) {
    const occasion = analysis.occasion && /anniversary|birthday|centennial/i.test(analysis.occasion) ? titleCase(analysis.occasion) : '';
    // "the second week of May as Bike to Work Week in the District" is named for the observance: "Bike to Work Week".
    const designation = designationOf(analysis.honorees[0] ?? null);
    const honoree = designation ? designation.named : subjectPhrase(analysis.honorees[0] ?? analysis.subject);
    return [honoree, occasion, 'Recognition'].filter(Boolean).join(' ');
  }
  const nominee = NOMINEE.exec(query);
  if (nominee) return `${titleCase(nominee[1].trim())} ${nominee[2].trim()} Confirmation`;
  // "authorizing the City Manager to apply for a state grant … for lead service line replacement" is
  // named for what is authorized, not for who: "Lead Service Line Replacement Grant Application Authorization".
  const authorized = AUTHORIZES.exec(analysis.subject);
  if (authorized) {
    const act = nounOfVerb(baseVerb(authorized[2]) ?? authorized[2]);
    const object = authorized[3].replace(/^(?:for|to|into|on|with)\s+/i, '');
    const purposeAt = /\s+for\s+(?!(?:the|a|an)\s+(?:city|district|council|mayor)\b)/i.exec(object);
    const head = subjectPhrase(purposeAt ? object.slice(0, purposeAt.index) : object).split(/\s+/).at(-1) ?? '';
    const named = purposeAt ? `${subjectPhrase(object.slice(purposeAt.index + purposeAt[0].length))} ${head}`.trim() : subjectPhrase(object);
    if (named) return [named, act, 'Authorization'].filter(Boolean).join(' ');
  }
  const named = NAMED_KIND.exec(query)?.[1];
  const verb = baseVerb(analysis.subject.split(/\s+/)[0] ?? '');
  const action = named && !/ceremonial/i.test(named) ? titleCase(named) : verb ? nounOfVerb(verb) : null;
  const subject = subjectPhrase(analysis.subject.replace(NAMED_KIND, ' ').replace(/^\s*(?:so|that)\b.*$/i, ''));
  return [subject, action].filter(Boolean).join(' ') || subjectPhrase(query) || 'Council';
}

/** "…, or else a $200 fine" to the request's end: a fine the request adds, no aspect of what it regulates. */
const AFTER_FAILURE_TO_END = new RegExp(String.raw`,?\s+${FINE_AFTER_FAILURE}.*$`, 'i');

/** Whom a rule binds when it binds anyone of a kind: no name for what it regulates. */
const ANY_CLASS = /^(?:residents?|persons?|people|individuals?|owners?|property\s+owners?|businesses|anyone|everyone|the\s+public|members\s+of\s+the\s+public)$/i;

/** An act's name and the word its title gives the kind of act: "Freedom of Information Response Time" + "Amendment". */
export function actName(input: Pick<ComposeInput, 'analysis' | 'amendments' | 'sections' | 'places' | 'query' | 'details' | 'home'>): { name: string; kind: string } {
  const { analysis, amendments } = input;
  // A rule the request names is the act's name ("Right to disconnect: …" -> "Right to Disconnect Amendment Act").
  const ruleName = input.home?.rule?.name;
  // ("The Bring Your Bag Act: …" is the "Bring Your Bag Amendment Act", not the "Bring Your Bag Act Amendment Act".)
  if (ruleName) return { name: titleCase(ruleName.replace(/^the\s+/i, '').replace(/\s+Act$/i, '')), kind: 'Amendment' };
  const amendedId = amendments[0]?.section_id ?? (input.home?.action === 'amend' ? input.home.section.id : undefined);
  const amended = amendedId && input.places.get(amendedId);
  if (amended) return { name: amendedSubject(amended, `${input.query} ${input.details}`, aspectOf(analysis.subject, analysis.changes[0])), kind: 'Amendment' };
  const verb = baseVerb(analysis.purpose.split(/\s+/)[0] ?? '');
  // A new rule is named for what it regulates ("Gas-powered Leaf Blowers Regulation"), with the aspect it sets ("Civil Fine").
  if (input.home?.action === 'new' && input.home.phrase && verb !== 'create' && verb !== 'establish') {
    // ("Residents; chickens" regulates chickens: a class anyone may be in names nothing.)
    const [bound, acted] = input.home.phrase.split(/;\s*/);
    const regulated = subjectPhrase(acted && ANY_CLASS.test(bound.trim()) ? acted : input.home.phrase);
    // The aspect it sets, not the verb that asks for it ("limit the use of …" is no "Limit") nor what it adds ("… and set a fine", "…, with a $100 fine", "…, or else a $200 fine").
    const asked = analysis.subject.replace(/^(\S+)\s+/, (m, w: string) => (baseVerb(w) ? '' : m)).replace(/,?\s+and\s+(?:set|impose|add|provide|establish|create|include)\b.*$/i, '').replace(/,?\s+with\s+(?:a|an)\s+[^,;]*?\b(?:fines?|penalt(?:y|ies))\b.*$/i, '').replace(AFTER_FAILURE_TO_END, '');
    const aspect = aspectOf(asked);
    if (regulated) return { name: `${regulated} ${aspect && !regulated.includes(aspect) ? aspect : 'Regulation'}`, kind: 'Amendment' };
  }
  const name = subjectPhrase(analysis.subject) || 'Municipal Code';
  if (verb === 'create' || verb === 'establish') return { name, kind: 'Establishment' };
  return { name, kind: input.sections.length ? 'Amendment' : '' };
}

/** A city form's title line without its head: "AN ORDINANCE OF THE CITY COUNCIL OF X AMENDING ..." -> "Ordinance Amending ...". */
const FORMAL_TITLE = /^(AN ORDINANCE|A RESOLUTION) OF THE CITY COUNCIL OF .+?\s(?=AMENDING|TO|ESTABLISHING|ADOPTING|APPROVING|AUTHORIZING|RECOGNIZING|HONORING|COMMENDING|DECLARING|CONFIRMING|REPEALING|CREATING)/i;

/**
 * A draft's name from its short title (decision 031): the title of an act or resolution as it
 * stands; an agenda item's "Title:" and a staff report's "Subject:" behind their kind; a city
 * form's title line without its "AN ORDINANCE OF THE CITY COUNCIL OF ..." head.
 */
export function draftName(kind: string, title: string, max: number): string {
  const formal = FORMAL_TITLE.exec(title);
  const name =
    kind === 'agenda_item'
      ? `Agenda item: ${title}`
      : kind === 'staff_report'
        ? `Staff report: ${title}`
        : formal
          ? `${/ORDINANCE/i.test(formal[1]) ? 'Ordinance' : 'Resolution'} ${titleCase(title.slice(formal[0].length).toLowerCase())}`
          : title;
  return name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name;
}
