import { ADD_SECTION, editParts } from '../../platform/ai/edits';
import { escapeRegExp } from '../../platform/regex';
import type { NewSection } from '../../platform/ai/types';
import { analyzeRequest, baseVerb, type RequestAnalysis } from './analysis';
import { regulatedPhrase } from './home';
import { baseOfGerund, eachRule, FINE_AFTER_FAILURE, laterRules, ORDINAL, PASSIVE, requestClauses, type RuleRequest, requestRule, requestSentences, ruleHeading, ruleOf, rulePurpose, ruleSentence, ruleTopics, series, statuteTime, withoutEnforcementNames } from './rule';

export { statuteTime };

/**
 * The operative text of a new rule, written from the request's facts in statutory form (issue 32):
 * "limit the use of gas-powered leaf blowers to the hours between 8 a.m. and 6 p.m. and set a fine"
 * -> "A person shall not operate a gas-powered leaf blower before 8:00 a.m. or after 6:00 p.m." and
 * "A person who violates subsection (a) of this section shall be subject to a civil fine of
 * [amount]." A fact the request does not give is a [placeholder] in its sentence; a request of no
 * shape read here leaves the whole provision to the drafter, in brackets.
 */
export interface Provision {
  /**
   * The rule's sentences, each a subsection: first the rules, then what refers to them, a fine's
   * sentence naming the rules' subsections as `{rule}` ("subsection (a) or (b)"), a scope's as `{rules}`.
   */
  sentences: string[];
  /** How many of the sentences are rules (the rest refer to them). */
  rules: number;
  /** A heading for a new section: "Gas-powered leaf blowers". */
  heading: string;
  /** False when no sentence could be written: the one sentence is the bracketed request. */
  written: boolean;
}

const TIME = String.raw`\d{1,2}(?::\d{2})?\s*(?:a\.m\.|p\.m\.|am|pm|a\.m|p\.m)`;
const HOURS_BETWEEN = new RegExp(String.raw`\bbetween\s+(${TIME})\s+and\s+(${TIME})`, 'i');
/** A span of hours, and the days it holds on: "7 a.m. to 7 p.m. on weekdays", "between 9 a.m. and 5 p.m. on Saturdays". */
const DAYS = String.raw`(?:weekdays|weekends|holidays|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?)`;
const WINDOW = new RegExp(String.raw`(?:between\s+)?(${TIME})\s*(?:to|and|until|through|-|–)\s*(${TIME})(?:\s+on\s+(${DAYS}(?:\s+(?:and|through|to)\s+${DAYS})?))?`, 'gi');
/** "limit construction work on residential blocks to 7 a.m. to 7 p.m. …": what is limited to its hours. */
const LIMITED_TO = new RegExp(String.raw`^(?:limit|restrict|confine)\w*\s+(.+?)\s+to\s+(?:the\s+hours\s+(?:of\s+|between\s+)?)?(?=between|${TIME})`, 'i');
/** "…, with no work at all on Sundays": the days it may not be done at all. */
const NONE_ON = new RegExp(String.raw`\bno\s+(?:[\w-]+\s+){0,3}?(?:at\s+all\s+)?on\s+(${DAYS}(?:\s+(?:or|and)\s+${DAYS})?)`, 'i');

/**
 * An activity limited to hours that differ by day ("limit construction work … to 7 a.m. to 7 p.m. on weekdays
 * and 9 a.m. to 5 p.m. on Saturdays, with no work at all on Sundays"): "A person shall not perform construction
 * work … except between 7:00 a.m. and 7:00 p.m. on weekdays or between …", then each day it is not done at all.
 * Null for one span on no day (the before-and-after form says it).
 */
export function hoursByDay(purpose: string): string[] | null {
  const limited = LIMITED_TO.exec(purpose);
  if (!limited) return null;
  const rest = purpose.slice(limited[0].length);
  const windows = [...rest.matchAll(WINDOW)];
  if (!windows.length || (windows.length === 1 && !windows[0][3])) return null;
  const activity = limited[1].trim();
  const act = /^\w+ing\b/i.test(activity)
    ? activity.replace(/^(\w+ing)\b/i, (w) => baseOfGerund(w))
    : /^(?:the\s+)?use\s+of\s+/i.test(activity)
      ? activity.replace(/^(?:the\s+)?use\s+of\s+/i, MACHINE.test(activity) ? 'operate ' : 'use ')
      : MACHINE.test(activity)
        ? `operate ${oneOf(activity)}`
        : `perform ${activity}`;
  const spans = windows.map((w) => `between ${statuteTime(w[1])} and ${statuteTime(w[2])}${w[3] ? ` on ${w[3]}` : ''}`);
  const sentences = [`A person shall not ${act} except ${spans.join(' or ')}.`];
  const none = NONE_ON.exec(rest);
  if (none) sentences.push(`A person shall not ${act} on ${none[1]}.`);
  return sentences;
}

/** Things one operates rather than uses. */
const MACHINE = /\b(?:blowers?|mowers?|vehicles?|engines?|equipment|machines?|machinery|generators?|drones?|devices?|tools?|trucks?|scooters?|motorcycles?|boats?|compressors?|saws?|jackhammers?|loudspeakers?|amplifiers?)\b/i;
/** A fine asked for, by name or as what follows a failure ("…within 2 hours, otherwise $50 per scooter"). */
const FINE = new RegExp(String.raw`\b(?:fines?|penalt(?:y|ies))\b|\b${FINE_AFTER_FAILURE}\d`, 'i');
const ENFORCES = /\benforc(?:e|es|ed|ing|ement)\b/i;

/** "gas-powered leaf blowers" -> "a gas-powered leaf blower"; "idling a motor vehicle engine" stays. */
function oneOf(phrase: string): string {
  if (/^\w+ing\b/i.test(phrase) || /^(?:a|an|the|any)\s/i.test(phrase)) return phrase;
  const words = phrase.split(/\s+/);
  const last = words.length - 1;
  const ofAt = words.findIndex((w) => w.toLowerCase() === 'of');
  const head = ofAt > 0 ? ofAt - 1 : last;
  const noun = words[head];
  if (/[^s]s$/i.test(noun) && !/(?:ss|us|is)$/i.test(noun)) words[head] = /ies$/i.test(noun) ? noun.replace(/ies$/i, 'y') : noun.replace(/(?<=(?:ch|sh|x|z))es$/i, '').replace(/s$/i, '');
  else return phrase;
  const one = words.join(' ');
  return `${/^[aeiou]/i.test(one) ? 'an' : 'a'} ${one}`;
}

/** A phrase as a section's heading: "Gas-powered leaf blowers". */
const headingOf = (phrase: string) => (phrase ? phrase[0].toUpperCase() + phrase.slice(1) : '[Heading]');

/** The purpose's object after its verb and frame ("the use of", "the sale of"), to the first clause that says when or how much. */
function objectOf(purpose: string): string {
  return purpose
    .replace(/^\S+\s+/, '')
    .replace(/\s+(?:to\s+the\s+hours|to\s+between|between|during|and\s+(?:set|impose|establish|provide|add)\b).*$/i, '')
    .replace(/[.\s]+$/, '')
    .trim();
}

/** "with a $100 fine for the vehicle's owner": who pays, when the request names them. */
const PAYER = /\bfines?\b[^.;]*?\bfor\s+(the\s+(?!violation)[\w'’ -]+?)(?=[.,;]|$)/i;
/** A body's name: capitalised words, joined by "of", "and", "for", "the" ("Department of Public Works", "Fire Marshal"). */
const NAME_WORD = String.raw`[A-Z][\w'’&.-]*`;
const NAME_JOIN = String.raw`\s+(?:(?:of|and|for|on|the|&)\s+)*`;
const BODY = String.raw`(?:${NAME_WORD})(?:${NAME_JOIN}${NAME_WORD})*`;
const ENFORCED_BY = new RegExp(String.raw`\b[Ee]nforc(?:ed|ement)\s+(?:will\s+be\s+|shall\s+be\s+|is\s+)?by\s+(?:the\s+)?(${BODY})`);
const BODY_ENFORCES = new RegExp(String.raw`(?:^|[.;:,]\s*|\b(?:the|and)\s+)(${BODY})\s+(?:will\s+|shall\s+|should\s+|would\s+|must\s+|can\s+|to\s+)?(?:be\s+responsible\s+for\s+|handle\s+)?enforc(?:e|es|ing|ement)\b`);

/** A body as a statute names it: "The Department of Public Works", "The Police Department", "The Fire Marshal"; a name of its own without one ("Animal Services", "DOEE"). */
export function bodyNamed(body: string): string {
  const name = body.replace(/^the\s+/i, '');
  return /^(?:Department|Office|Bureau|Division|Agency|Commission|Board|Committee|Council|Mayor|Chief|Director)\b|\b(?:Department|Office|Bureau|Division|Agency|Commission|Board|Committee|Authority|Marshal|Officer|Administrator|Director|Inspector|Clerk|Utility)$/.test(name) ? `The ${name}` : name;
}

/** Who enforces, as the request names them ("Enforcement by the Police Department", "DOEE will enforce", "Animal Services enforces"). */
export function enforcerIn(request: string): string | null {
  const named = ENFORCED_BY.exec(request)?.[1] ?? BODY_ENFORCES.exec(request)?.[1];
  // A body's words end with their sentence: "… fewer than 25 workers in the District. The Department of Employment Services enforces." names the Department alone.
  const body = named
    ?.split(/(?<!\b(?:[A-Z]|D\.C|U\.S|St|Mt))\.\s+(?=[A-Z])/)
    .at(-1)
    ?.replace(/^The\s+/, '')
    .replace(/[.,;:]+$/, '')
    .trim();
  return body && !/^(?:It|This|They|We|City|Council|Please|Include|Set)$/i.test(body) ? body : null;
}

/**
 * What the city may do when the rule is not followed, as the request says it ("If they don't, the Department of
 * Public Works can clear it and bill the owner for the cost", "if it isn't removed, Public Works may remove it and
 * place a lien on the property for the cost"): the body and what it may do.
 */
const REMEDY = new RegExp(
  String.raw`^(?:[Aa]nd\s+)?[Ii]f\s+(?:they|it|he|she|the\s+[\w'’-]+(?:\s+[\w'’-]+)?|an?\s+[\w'’-]+)\s+(?:(?:do|does|did|is|are|was|were|has|have)\s*(?:n['’]?t|\s+not)|fails?\s+to|never)\b[^,]{0,120},\s+(?:then\s+)?(?:the\s+)?(${BODY})\s+(?:can|may|will|shall|should|could|is\s+allowed\s+to|gets\s+to)\s+(.{3,300})$`,
);
/**
 * The same said of what breaks the rule, first: "Anything placed without a permit, the city can remove after 48 hours'
 * notice at the owner's expense." What was so placed, and what the body may do to it.
 */
const REMEDY_OF_THING = new RegExp(
  String.raw`^((?:[Aa]nything|[Aa]ny\s+[\w'’-]+(?:\s+[\w'’-]+)?|[Aa]n?\s+[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?:placed|left|parked|installed|kept|built|stored|posted|put)\s+(?:without\s+[^,]{3,80}|in\s+violation[^,]{0,60})),\s+(?:then\s+)?(?:the\s+)?(${BODY}|city|town|village|county)\s+(?:can|may|will|shall|should|could|is\s+allowed\s+to|gets\s+to)\s+(remove|tow|impound|seize|take|haul\s+away|dispose\s+of)\s+(?:it\s+|them\s+)?(.{0,200})$`,
);
/** "Owners of commercial property" -> "an owner"; "property owners" -> "a property owner": one of whom the rule binds. */
function oneBound(actor: string | null): string {
  if (!actor) return 'a person';
  const words = actor.replace(/^(?:every|each|all|any|the)\s+/i, '').split(/\s+(?:of|with|who|that|in|on|at)\s+/i)[0].split(/\s+/);
  if (words.length > 3) return 'a person';
  const one = oneOf(words.join(' ').toLowerCase());
  return /^an?\s/.test(one) ? one : 'a person';
}

/** The remedy as a statute's sentence ("If an owner fails to comply with {first}, the Department of Public Works may clear the snow and ice …"), or null. */
export function remedyOf(request: string, rule: RuleRequest | null): string | null {
  for (const sentence of requestClauses(request)) {
    const m = REMEDY.exec(sentence.replace(/[.!\s]+$/, '').trim());
    if (!m || !/^[A-Z]/.test(m[1])) continue;
    const body = bodyNamed(m[1]);
    // (What it acts on without what narrows it: "weeds taller than 12 inches on their lots" is "the weeds".)
    const object = rule ? ruleTopics(rule).object.split(/\s+(?:on|at|in|from|within|with|that|which|who|whose|\w+er\s+than|more|less|over|under)\s+/i)[0] : '';
    // "clear it": what "it" stands for is what the rule acts on ("the snow and ice", "the graffiti").
    const act = m[2].replace(/\bit\b/, object && object.split(/\s+/).length <= 4 ? `the ${object.replace(/^(?:the|a|an)\s+/i, '')}` : 'it');
    return `If ${oneBound(rule?.actor ?? null)} fails to comply with {first}, ${body.replace(/^The\s/, 'the ')} may ${act}.`;
  }
  for (const sentence of requestClauses(request)) {
    const m = REMEDY_OF_THING.exec(sentence.replace(/[.!\s]+$/, '').trim());
    if (!m) continue;
    // ("Anything placed without a permit …": any of what the rule speaks of; the rest as the request says it.)
    const what = m[1].replace(/^anything\b/i, 'anything').replace(/^any\b/i, 'any').replace(/^(?:a|an)\s+/i, 'any ');
    const body = /^[A-Z]/.test(m[2]) ? bodyNamed(m[2]) : `The ${m[2].toLowerCase()}`;
    return `${body} may ${m[3].toLowerCase()} ${what}${m[4] ? ` ${m[4].trim()}` : ''}.`;
  }
  return null;
}

/** What a body of the city does under a rule, as a request says it in the present ("Housing Code Enforcement investigates complaints", "Parks and Recreation puts up the signs"). */
const BODY_VERBS = 'investigate|inspect|post|put|issue|review|collect|maintain|approve|handle|keep|send|clear|administer|oversee|process|hear|decide|notify|publish|track|monitor|remove|tow|adopt|certify|license|register|grant|deny|revoke|suspend|audit|report|install|provide|designate|set|run|operate|manage|receive';
// (A body by its name's words: "The Anacostia keeps collecting plastic" names a river, not who acts.)
const AGENCY_WORD = /\b(?:Department|Office|Bureau|Division|Agency|Commission|Board|Committee|Enforcement|Control|Services?|Police|Recreation|Works|Authority|Marshal|Inspector|Administrator|Director|Clerk|Health|Planning|Zoning|Transportation|Housing)\b|^[A-Z]{2,6}$/;
// (A body's name of two words at least, else an acronym.)
// ("Department of Parks and Recreation administers.": a body's duty with no object is of this section.)
const BODY_DOES = new RegExp(String.raw`^(?:the\s+)?((?:${NAME_WORD}(?:${NAME_JOIN}${NAME_WORD})+)|[A-Z]{2,6})\s+(${BODY_VERBS})(?:e?s)(?:\s+([^.;]{3,200})|\s*$)`);

/** The duties a request's later sentences give a body of the city, as a statute's sentences ("Housing Code Enforcement shall investigate complaints."). */
export function bodyDutiesIn(request: string): { body: string; said: string }[] {
  // (The first sentence asks; a body's duty is said after it.)
  return requestClauses(request, 1)
    .map((x) => BODY_DOES.exec(x.replace(/[.!\s]+$/, '').trim()))
    .filter((m): m is RegExpExecArray => !!m && AGENCY_WORD.test(m[1]) && !ENFORCES.test(m[3] ?? ''))
    // ("puts up the signs": no sign is named before it in the section, so they are the signs of this section's rule.)
    .map((m) => ({ body: m[1], said: `${bodyNamed(m[1])} shall ${m[2]} ${m[3]?.trim() || 'this section'}.`.replace(/\bshall (?:put up|post|install|erect|place) (?:the )?signs\.$/, 'shall post signs giving notice of this section.') }));
}

/** A fine and one that adds up by the day after it ("$2,000 fine … plus $100 per day …"). */
const PLUS_PER = /(\$\d[\d,]*(?:\.\d\d)?)\s+(?:civil\s+)?fine\b[^.;$]{0,80}?\bplus\s+(\$\d[\d,]*(?:\.\d\d)?)\s+(?:per|a|for\s+each|each)\s+(day|week|month)\b([^.;]{0,120})/i;

/**
 * A fine that rises ("$500 for a first violation and $1,000 for each one after that", "First violation gets
 * a written warning, then $100, then $200 for every one after that", "$100 for the first offense, $250 for
 * the second, $500 thereafter"): its steps in order, a warning or an amount each, the last for each
 * subsequent violation. Null for one fine.
 */
export function fineSteps(request: string): string | null {
  for (const sentence of requestSentences(request)) {
    if (!/\b(?:violations?|offen[cs]es?|fines?|penalt(?:y|ies))\b/i.test(sentence) || !/\b(?:first|second|then|thereafter|after\s+that|subsequent|repeat)\b/i.test(sentence)) continue;
    const steps = [...sentence.matchAll(/\b(?:a\s+)?(?:written\s+)?warning\b|\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?/gi)].map((m) => (/warning/i.test(m[0]) ? 'warning' : m[0]));
    if (steps.length < 2 || steps.every((x) => x === 'warning')) continue;
    const said = steps.map((x, i) => `${x === 'warning' ? 'a written warning' : `a civil fine of ${x}`} for ${i === steps.length - 1 ? 'each subsequent violation' : `a ${ORDINAL[i] ?? `${i + 1}th`} violation`}`);
    return series(said, 'and');
  }
  return null;
}

/** "a $250 fine for each lantern sold or offered for sale": what each fine is for. */
const EACH = new RegExp(String.raw`(?:\b(?:fines?|penalt(?:y|ies))\b|\b${FINE_AFTER_FAILURE}[\d,.]+)[^.;]*?\b(?:for\s+(each|every)|per)\s+([^.;,]+)`, 'i');

export function provisionFor(analysis: RequestAnalysis, phrase: string, query: string, rule: RuleRequest | null = requestRule(analysis.subject, query)): Provision {
  const purpose = analysis.purpose.replace(/[.\s]+$/, '');
  const verb = baseVerb(purpose.split(/\s+/)[0] ?? '') ?? purpose.split(/\s+/)[0]?.toLowerCase() ?? '';
  const heading = headingOf(phrase);
  const sentences: string[] = [];
  const object = objectOf(purpose);
  const whole = `${query} ${purpose}`;
  // What the request's other sentences state: further rules, and whom the rules apply to.
  const later = laterRules(query, analysis.subject);

  const duties = bodyDutiesIn(query);
  const hours = HOURS_BETWEEN.exec(whole);
  const byDay = hoursByDay(purpose);
  if (byDay) {
    sentences.push(...byDay);
  } else if (hours && /^(?:limit|restrict|regulate|allow|permit)$/.test(verb) && !rule?.cap) {
    const act = MACHINE.test(phrase) || /\boperat/i.test(whole) ? 'operate' : 'use';
    sentences.push(`A person shall not ${act} ${oneOf(phrase)} before ${statuteTime(hours[1])} or after ${statuteTime(hours[2])}.`);
  } else if (rule) {
    sentences.push(ruleSentence({ ...rule, then: undefined }));
  } else if ((verb === 'create' || verb === 'establish') && object) {
    sentences.push(`There is established ${/^(?:a|an|the)\s/i.test(object) ? object : `${/^[aeiou]/i.test(object) ? 'an' : 'a'} ${object}`}.`);
  }
  // A later rule that lays a duty is one more the fine punishes; one that says what is done ("Permits shall be issued by …", "Anything obtained in violation shall not be used as evidence") follows the fine.
  // So does what the rule's own sentence adds in that form ("…, and anything obtained in violation may not be used as evidence").
  const procedural = (r: RuleRequest) => PASSIVE.test(r.act);
  const add = (r: RuleRequest) => {
    const said = ruleSentence(r);
    if (!sentences.includes(said)) sentences.push(said);
  };
  // ("establishing a short-term rental registry. A host must register each unit …": what is established has the rules that follow.)
  const further = rule ? [...eachRule(rule).slice(1), ...later.rules.flatMap(eachRule)] : sentences.length ? later.rules.flatMap(eachRule) : [];
  further.filter((r) => !procedural(r)).forEach(add);
  const rules = sentences.length;

  const steps = fineSteps(query);
  const fineAsked = FINE.test(whole) || !!steps;
  const amount = analysis.amounts.find((a) => a.startsWith('$'));
  if (fineAsked && /^(?:increase|raise|double|lower|reduce|set|change)$/.test(verb) && !sentences.length && phrase) {
    sentences.push(`The civil fine for ${phrase} shall be ${amount ?? '[amount]'}.`);
  } else if (fineAsked && sentences.length) {
    const plus = PLUS_PER.exec(query);
    if (plus) {
      // "$2,000 fine for not reporting plus $100 per day once it is more than 30 days late": a fine and a daily one after it.
      sentences.push(`A person who violates {rule} shall be subject to a civil fine of ${plus[1]}, plus ${plus[2]} for each ${plus[3].toLowerCase()}${plus[4].replace(/[.\s]+$/, '')}.`);
    } else if (steps) {
      // "shall receive a written warning for a first violation and a civil fine of $100 for …", "shall be subject to a civil fine of $500 for … and a civil fine of $1,000 for …".
      sentences.push(`A person who violates {rule} shall ${steps.startsWith('a written warning') ? 'receive' : 'be subject to'} ${steps}.`);
    } else {
      const payer = PAYER.exec(query)?.[1];
      const each = EACH.exec(query);
      // "$500 per day fine": a fine by the day said before the word "fine" is one for each day of violation.
      const daily = !each && amount ? new RegExp(String.raw`${escapeRegExp(amount)}\s+(?:per|a|for\s+each|each)\s+(day|week|month)\b`, 'i').exec(query) : null;
      const per = each && !/^violations?$/i.test(each[2].trim()) ? ` for ${(each[1] ?? 'each').toLowerCase()} ${each[2].trim()}` : each ? ' for each violation' : daily ? ` for each ${daily[1].toLowerCase()} of violation` : '';
      sentences.push(payer ? `${payer[0].toUpperCase()}${payer.slice(1)} shall be subject to a civil fine of ${amount ?? '[amount]'} for each violation of {rule}.` : `A person who violates {rule} shall be subject to a civil fine of ${amount ?? '[amount]'}${per}.`);
    }
  }
  if (sentences.length) {
    further.filter(procedural).forEach(add);
    const remedy = remedyOf(query, rule);
    if (remedy) sentences.push(remedy);
    duties.forEach((d) => sentences.push(d.said));
    sentences.push(...later.scope);
  }
  const enforcer = enforcerIn(query) ?? analysis.departments[0];
  // ("Housing Code Enforcement investigates complaints" names a body with a duty of its own, not who enforces.)
  // (Nor does "register … with the Zoning Enforcement Office": a body's name.)
  if (ENFORCES.test(withoutEnforcementNames(duties.reduce((text, d) => text.split(d.body).join(' '), whole))) && sentences.length) sentences.push(`${enforcer ? bodyNamed(enforcer) : '[The enforcing agency]'} shall enforce this section.`);

  if (!sentences.length) return { sentences: [`[Text of the new provision, in statutory form: ${purpose}.]`], rules: 0, heading, written: false };
  // "after 6:00 p.m." ends its sentence with its own period.
  return { sentences: sentences.map((s) => s.replace(/\.\.$/, '.')), rules, heading, written: true };
}

/**
 * The sections an edit asks to add ("add a section requiring beekeepers to register each hive with the
 * Department of Health"), written as a new rule's provision is: its sentences, heading and purpose for
 * the long title. A part whose rule is not read here is left out, and the edit says what it needs.
 */
export function newSectionsAsked(instruction: string): NewSection[] {
  return editParts(instruction).flatMap((ask) => {
    const wanted = ADD_SECTION.exec(ask)?.[1]?.trim();
    if (!wanted) return [];
    const request = `An ordinance ${wanted}`;
    const analysis = analyzeRequest('ordinance', request);
    const rule = ruleOf(analysis.subject);
    const provision = provisionFor(analysis, regulatedPhrase(analysis.subject), request, rule);
    if (!provision.written) return [];
    return [{ ask, heading: rule ? ruleHeading(rule) : provision.heading, sentences: provision.sentences, purpose: (rule ? rulePurpose(rule) : analysis.purpose).replace(/[.\s]+$/, '') }];
  });
}
