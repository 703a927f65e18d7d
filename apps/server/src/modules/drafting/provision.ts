import { ADD_SECTION, editParts } from '../../platform/ai/edits';
import type { NewSection } from '../../platform/ai/types';
import { analyzeRequest, baseVerb, type RequestAnalysis } from './analysis';
import { regulatedPhrase } from './home';
import { type RuleRequest, ruleHeading, ruleOf, rulePurpose, ruleSentence } from './rule';

/**
 * The operative text of a new rule, written from the request's facts in statutory form (issue 32):
 * "limit the use of gas-powered leaf blowers to the hours between 8 a.m. and 6 p.m. and set a fine"
 * -> "A person shall not operate a gas-powered leaf blower before 8:00 a.m. or after 6:00 p.m." and
 * "A person who violates subsection (a) of this section shall be subject to a civil fine of
 * [amount]." A fact the request does not give is a [placeholder] in its sentence; a request of no
 * shape read here leaves the whole provision to the drafter, in brackets.
 */
export interface Provision {
  /** The rule's sentences, each a subsection; a fine's sentence names the rule's subsection as `{rule}`. */
  sentences: string[];
  /** A heading for a new section: "Gas-powered leaf blowers". */
  heading: string;
  /** False when no sentence could be written: the one sentence is the bracketed request. */
  written: boolean;
}

/** "8 a.m." -> "8:00 a.m.", "6pm" -> "6:00 p.m.", "7:30 PM" -> "7:30 p.m.". */
export function statuteTime(time: string): string {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(time.trim());
  if (!m) return time.trim();
  return `${m[1]}:${m[2] ?? '00'} ${m[3].toLowerCase()}.m.`;
}

const TIME = String.raw`\d{1,2}(?::\d{2})?\s*(?:a\.m\.|p\.m\.|am|pm|a\.m|p\.m)`;
const HOURS_BETWEEN = new RegExp(String.raw`\bbetween\s+(${TIME})\s+and\s+(${TIME})`, 'i');
/** Things one operates rather than uses. */
const MACHINE = /\b(?:blowers?|mowers?|vehicles?|engines?|equipment|machines?|machinery|generators?|drones?|devices?|tools?|trucks?|scooters?|motorcycles?|boats?|compressors?|saws?|jackhammers?|loudspeakers?|amplifiers?)\b/i;
const FINE = /\b(?:fines?|penalt(?:y|ies))\b/i;
const ENFORCES = /\b(?:enforced?|enforcing|enforcement)\b/i;

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

export function provisionFor(analysis: RequestAnalysis, phrase: string, query: string, rule: RuleRequest | null = ruleOf(analysis.subject)): Provision {
  const purpose = analysis.purpose.replace(/[.\s]+$/, '');
  const verb = baseVerb(purpose.split(/\s+/)[0] ?? '') ?? purpose.split(/\s+/)[0]?.toLowerCase() ?? '';
  const heading = headingOf(phrase);
  const sentences: string[] = [];
  const object = objectOf(purpose);
  const whole = `${query} ${purpose}`;

  const hours = HOURS_BETWEEN.exec(whole);
  if (hours && /^(?:limit|restrict|regulate|allow|permit)$/.test(verb)) {
    const act = MACHINE.test(phrase) || /\boperat/i.test(whole) ? 'operate' : 'use';
    sentences.push(`A person shall not ${act} ${oneOf(phrase)} before ${statuteTime(hours[1])} or after ${statuteTime(hours[2])}.`);
  } else if (rule) {
    sentences.push(ruleSentence(rule));
  } else if ((verb === 'create' || verb === 'establish') && object) {
    sentences.push(`There is established ${/^(?:a|an|the)\s/i.test(object) ? object : `${/^[aeiou]/i.test(object) ? 'an' : 'a'} ${object}`}.`);
  }

  const fineAsked = FINE.test(whole);
  const amount = analysis.amounts.find((a) => a.startsWith('$'));
  if (fineAsked && /^(?:increase|raise|double|lower|reduce|set|change)$/.test(verb) && !sentences.length && phrase) {
    sentences.push(`The civil fine for ${phrase} shall be ${amount ?? '[amount]'}.`);
  } else if (fineAsked && sentences.length) {
    sentences.push(`A person who violates {rule} shall be subject to a civil fine of ${amount ?? '[amount]'}.`);
  }
  const enforcer = analysis.departments[0];
  if (ENFORCES.test(whole) && sentences.length) sentences.push(`${enforcer ? `The ${enforcer.replace(/^the\s+/i, '')}` : '[The enforcing agency]'} shall enforce this section.`);

  if (!sentences.length) return { sentences: [`[Text of the new provision, in statutory form: ${purpose}.]`], heading, written: false };
  // "after 6:00 p.m." ends its sentence with its own period.
  return { sentences: sentences.map((s) => s.replace(/\.\.$/, '.')), heading, written: true };
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
