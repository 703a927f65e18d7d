import type { Citation } from '@civicdesk/contract';
import { sentencesOf } from '../../platform/ai';
import { CLOCK, QUANTITY, quantitiesIn } from '../../platform/ai/quantities';
import { terms } from '../../platform/retrieval/tokenize';

/**
 * A question that takes something for granted the sources contradict ("Since the District repealed
 * its rent control law in 2020, ...", "Given that records requests have 30 days, ...") is corrected
 * from the verified citations before it is answered, never accepted. Only four kinds of claim are
 * checked, each against words a citation quotes: a number of days/hours/members/... or an amount,
 * a time of day ("until midnight" against "by 10 p.m."), a repeal, and "there is no rule".
 * Anything else is answered as asked. The premise may sit in any sentence of the question ("I
 * tripped last year. Since I have three years to ..., is there any rush?").
 */
const PREMISE = [
  /^(?:since|given that|now that|because|as|considering(?: that)?|seeing (?:that|as)|assuming(?: that)?|with)\s+(.{8,300}?),\s+/i,
  /^(?:isn't it true that|is it true that|i (?:heard|read|was told)(?: that)?)\s+(.{8,300}?)[?,.]/i,
  /^(.{8,300}?),\s+(?:right|correct|isn't it|aren't they|don't they|doesn't it)\?/i,
];
const REPEAL = /\b(?:repeal(?:ed)?|abolish(?:ed)?|eliminat(?:ed)?|struck down|scrapped|got rid of|no longer (?:exists?|in (?:effect|force)|applies))\b/i;
const ABSENCE = /\b(?:there (?:is|are) no|(?:does not|doesn't|do not|don't) (?:have|require|need)|no (?:law|rule) (?:on|about|requiring|against))\b/i;
const DUTY = /\b(?:shall|must|is required|are required|prohibited|may not|unlawful)\b/i;

export function premiseOf(question: string): string | null {
  for (const sentence of sentencesOf(question)) {
    for (const pattern of PREMISE) {
      const m = pattern.exec(sentence);
      if (m) return m[1].trim();
    }
  }
  return null;
}

/**
 * The correction to say first, quoting the citation that settles it; null when the premise (premiseOf
 * the question) stands or cannot be checked.
 */
export function premiseCorrection(premise: string | null, citations: Citation[]): string | null {
  if (!premise || !citations.length) return null;
  const cite = (c: Citation) => `${c.number}${c.title ? ` (${c.title})` : ''} provides: “${c.quote}”`;
  // A figure contradicts the premise only in a passage about the same thing (two of its words, the
  // figures aside): "within 15 days" in a report on processing times does not settle how long an
  // agency has to answer a request, nor "within three months, sue" in the gaming law a claim's notice.
  const topic = new Set(terms(premise.replace(QUANTITY, ' ').replace(CLOCK, ' ')));
  const onTopic = (c: Citation) => new Set(terms(c.quote).filter((t) => topic.has(t))).size >= Math.min(2, topic.size);
  for (const claimed of quantitiesIn(premise)) {
    for (const c of citations) {
      if (!onTopic(c)) continue;
      const stated = quantitiesIn(c.quote).filter((q) => q.noun === claimed.noun);
      if (stated.length && !stated.some((q) => q.value === claimed.value)) {
        return `The question assumes ${premise}, but the code says otherwise: ${cite(c)}`;
      }
    }
  }
  const inForce = citations.find((c) => c.status === 'in_force' && c.kind === 'code_section');
  if (REPEAL.test(premise) && inForce) return `The question assumes ${premise}, but the code shows this law in force: ${cite(inForce)}`;
  if (ABSENCE.test(premise)) {
    const duty = citations.find((c) => DUTY.test(c.quote));
    if (duty) return `The question assumes ${premise}, but the code has such a rule: ${cite(duty)}`;
  }
  return null;
}
