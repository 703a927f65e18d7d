import { contentWords } from '../../platform/ai';
import { AND_ENCOURAGING, type RequestAnalysis, SENTENCE_END } from './analysis';

/**
 * A ceremonial resolution's recitals and resolve as sentences (issue 19): each WHEREAS has a
 * subject and a verb, the honoree keeps its article ("the Eastern Market"), an occasion is the
 * honoree's ("marks its 50th anniversary"), and a placeholder asks only for what the request did
 * not give, never beside the fact that answers it.
 */
export interface Ceremony {
  /** As the request writes it, with its article; null when the request names nobody. */
  honoree: string | null;
  occasion: string | null;
  date: string | null;
  /** "for 35 years of service at 14th Street": the reason the request gives. */
  reason: string | null;
  recognition: string | null;
  encourages: string | null;
  /** "the second week of May as Bike to Work Week in the District": a time or place recognized as a named observance. */
  designation: Designation | null;
  /** Who asked for it, from the request's details ("Requested by the Market Advisory Committee"). */
  requester: string | null;
}

/** What "recognizing X as Y" names: the observance Y ("Bike to Work Week"), when X, and where. */
export interface Designation {
  named: string;
  when: string;
  where: string;
}

/** "the second week of May as Bike to Work Week in the District": the observance's name is its capitalized words ("to", "of" between them). */
const DESIGNATION = /^(.{3,120}?)\s+as\s+((?:[A-Z0-9][\w'’.-]*)(?:\s+(?:(?:to|of|and|for|the|on|in)\s+)?[A-Z0-9][\w'’.-]*)*)(\s+(?:in|across|throughout)\s+.{2,80})?$/;
export function designationOf(honoree: string | null): Designation | null {
  const m = honoree ? DESIGNATION.exec(honoree.trim()) : null;
  return m ? { when: m[1].trim(), named: m[2].trim(), where: (m[3] ?? '').trim() } : null;
}

/** "Requested by the Market Advisory Committee", "At the request of Ward 6 residents": who asked. */
const REQUESTER = /\b(?:requested by|at the request of|on behalf of)\s+(.{3,120}?)(?=[.;\n]|$)/i;

const UNNAMED = '[name of the people or organization recognized]';
/** A reason runs to the end of its sentence ("D.C." and "Ms." do not end one). */
const REASON = new RegExp(String.raw`\bfor\s+(.{3,160}?)(?=${SENTENCE_END}|${AND_ENCOURAGING}|$)`, 'i');

export function ceremonyOf(analysis: RequestAnalysis, query: string, details = ''): Ceremony {
  const honoree = analysis.honorees[0] ?? null;
  const afterHonoree = honoree ? query.slice(query.indexOf(honoree) + honoree.length) : query;
  return {
    honoree,
    occasion: analysis.occasion,
    date: analysis.dates[0] ?? null,
    reason: REASON.exec(afterHonoree)?.[1]?.trim() ?? null,
    recognition: analysis.recognition,
    encourages: analysis.encourages,
    designation: designationOf(honoree),
    requester: REQUESTER.exec(details)?.[1]?.trim() ?? REQUESTER.exec(query)?.[1]?.trim() ?? null,
  };
}

/** "Ward 8 teachers", "the Washington Nationals" are many; "the Eastern Market", "Ms. Dolores Whitfield" one. */
export const isPlural = (name: string) => /[a-z]{2,}[^s'’]s$|[A-Z][a-z]+s$/.test(name.trim().split(/\s+/).at(-1) ?? '') && !/(?:ss|us|is)$/i.test(name.trim());
const its = (name: string) => (isPlural(name) ? 'their' : 'its');
const hasHave = (name: string) => (isPlural(name) ? 'have' : 'has');
const marks = (name: string) => (isPlural(name) ? 'mark' : 'marks');
/** "WHEREAS, the Market Advisory Committee has asked the Council to …;": who asked for the measure. */
const askedRecital = (requester: string, purpose: string) => `WHEREAS, ${requester} ${hasHave(requester)} asked the Council to ${purpose};`;
/** An occasion a date marks (an anniversary), as against one the honoree reaches (a retirement). */
const dated = (occasion: string | null) => Boolean(occasion && /anniversary|birthday|centennial|founding|opening/i.test(occasion));

/** " on its 50th anniversary", or nothing. */
function onOccasion(c: Ceremony, name: string): string {
  return dated(c.occasion) ? ` on ${its(name)} ${c.occasion}` : '';
}

/** The request's recognition, when it says more than who and on what occasion ("Ms. Whitfield, who is retiring after 35 years ..."). */
function recognitionBeyond(c: Ceremony): string | null {
  if (!c.recognition) return null;
  const said = new Set(contentWords(`${c.honoree ?? ''} ${c.occasion ?? ''} ${c.date ?? ''} anniversary`));
  return contentWords(c.recognition).filter((w) => !said.has(w)).length >= 2 ? c.recognition : null;
}

/** The WHEREAS clauses, each a sentence ending in ";". */
export function ceremonialRecitals(c: Ceremony): string[] {
  const name = c.honoree ?? UNNAMED;
  const asked = c.requester ? [askedRecital(c.requester, ceremonialPurpose(c))] : [];
  // "Bike to Work Week": an observance is described by what it is for, not by a history of service.
  if (c.designation) {
    const { named, where } = c.designation;
    return [`WHEREAS, ${named} [describe what it promotes and who takes part${where ? ` ${where}` : ''}];`, ...asked];
  }
  const recitals: string[] = [];
  if (dated(c.occasion)) recitals.push(`WHEREAS, ${name} ${marks(name)} ${its(name)} ${c.occasion} on ${c.date ?? '[date]'};`);
  recitals.push(`WHEREAS, ${name} ${hasHave(name)} [describe the history, service and achievements the Council recognizes];`);
  const beyond = recognitionBeyond(c);
  if (c.reason) recitals.push(`WHEREAS, the Council wishes to recognize ${c.honoree ?? 'them'} for ${c.reason};`);
  else if (beyond) recitals.push(`WHEREAS, the Council recognizes ${beyond};`);
  return [...recitals, ...asked];
}

/** "recognize and honor the Eastern Market on its 50th anniversary": the purpose line and the resolve share it. */
export function ceremonialPurpose(c: Ceremony): string {
  // A time recognized as an observance is recognized, not honored: "recognize the second week of May as Bike to Work Week".
  if (c.designation) return `recognize ${c.honoree}`;
  const name = c.honoree ?? UNNAMED;
  return `recognize and honor ${name}${onOccasion(c, name)}${c.reason ? ` for ${c.reason}` : ''}`;
}

/** The resolve: "The Council recognizes and honors ... and encourages residents to attend the parade." */
export function ceremonialResolve(c: Ceremony): string {
  if (c.designation) return `The Council recognizes ${c.honoree}${c.encourages ? ` and encourages ${c.encourages}` : ''}.`;
  const name = c.honoree ?? UNNAMED;
  return `The Council recognizes and honors ${name}${onOccasion(c, name)}${c.reason ? ` for ${c.reason}` : ''}${c.encourages ? ` and encourages ${c.encourages}` : ''}.`;
}

/** A clause that says something: a finite verb ("The grant is from the State Revolving Fund"), not a note ("application due March 1, 2027"). */
const FINITE_VERB =
  /\b(?:is|are|was|were|has|have|had|will|shall|must|may|can|would|should|does|do|did|need|needs|requires?|provides?|offers?|covers?|funds?|pays?|came|went|made|gave|took|sent|got|held|found|began|brought|paid|sold|bought|built|left|met|ran|told|won|wrote|rose|fell|grew|kept|became)\b|\b[a-z]{3,}ed\b/i;
/** A note to the drafter in the first person ("I don't have the contract number yet"): kept with the request, never a recital. */
const FIRST_PERSON = /^(?:I|I'm|I’m|I've|I’ve|We|We're|We’re|My|Our|Please)\b|\b(?:I|me|my)\b/;
/** A sentence's first word a recital writes in lower case after "WHEREAS,": an article or a determiner, not a name. */
const LOWER_FIRST = /^(?:The|A|An|This|These|That|Those|Our|Its|Their|Each|Every|No|Some|All|Any)\b/;

/**
 * The request's Details as recitals of a measure that is not ceremonial (issue 32: nothing the user
 * typed is lost): who asked for it says so; each other sentence that says something is a WHEREAS of
 * its own, and a note that is not a sentence is given as what the request provides, for the drafter to word.
 * A note to the drafter in the first person is not the Council's recital: it stays with the stored request.
 * A sentence the request itself already holds is not said twice.
 */
export function detailRecitals(details: string, query: string, purpose: string): string[] {
  const out: string[] = [];
  const notes: string[] = [];
  const already = query.toLowerCase().replace(/\s+/g, ' ');
  for (const raw of details.split(/(?<=[.;!?])\s+|\n+/)) {
    const sentence = raw.trim().replace(/[.;,:\s]+$/, '');
    if (sentence.length < 3 || already.includes(sentence.toLowerCase())) continue;
    const requester = REQUESTER.exec(sentence)?.[1]?.trim();
    if (requester) out.push(askedRecital(requester, purpose));
    else if (FIRST_PERSON.test(sentence)) continue;
    else if (FINITE_VERB.test(sentence)) out.push(`WHEREAS, ${LOWER_FIRST.test(sentence) ? sentence[0].toLowerCase() + sentence.slice(1) : sentence};`);
    else notes.push(sentence);
  }
  if (notes.length) out.push(`WHEREAS, the request also provides: ${notes.join('; ')};`);
  return out;
}
