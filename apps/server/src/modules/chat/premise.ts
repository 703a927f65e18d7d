import type { Citation } from '@civicdesk/contract';
import { sentencesOf } from '../../platform/ai';
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
const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, twenty: 20, thirty: 30, sixty: 60, ninety: 90 };
const NOUNS = 'days?|hours?|weeks?|months?|years?|members?|cents?|dollars?|percent|minutes?';
const QUANTITY = new RegExp(String.raw`\b(\d[\d,]*(?:\.\d+)?|${Object.keys(WORD_NUMBERS).join('|')})(?:\s*\(\d+\))?(?:[\s-]+(?:working|business|calendar|consecutive))?[\s-]+(${NOUNS})\b|\$\s?(\d[\d,]*(?:\.\d+)?|\.\d+)`, 'gi');
/** A time of day: "midnight", "noon", "10 p.m.", "7:30 am". */
const CLOCK = /\b(midnight|noon)\b|\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?/gi;
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

interface Quantity {
  value: number;
  noun: string;
}

/** Periods in days and money in cents, so "one year" and "365 days", "$0.05" and "5 cents" compare. */
const IN_DAYS: Record<string, number> = { minute: 1 / 1440, hour: 1 / 24, day: 1, week: 7, month: 30, year: 365 };

function quantitiesIn(text: string): Quantity[] {
  const clock = [...text.matchAll(CLOCK)].map((m): Quantity => {
    if (m[1]) return { value: m[1].toLowerCase() === 'noon' ? 12 * 60 : 24 * 60, noun: 'clock' };
    const hour = (Number(m[2]) % 12) + (m[4].toLowerCase() === 'p' ? 12 : 0);
    // 12 a.m. is midnight, counted as the end of the day as "until midnight" means.
    return { value: (hour === 0 ? 24 : hour) * 60 + Number(m[3] ?? 0), noun: 'clock' };
  });
  return [...clock, ...[...text.matchAll(QUANTITY)].map((m) => {
    if (m[3]) return { value: Math.round(Number(m[3].replace(/,/g, '')) * 100), noun: 'cent' };
    const raw = m[1].toLowerCase();
    const value = WORD_NUMBERS[raw] ?? Number(raw.replace(/,/g, ''));
    const noun = m[2].toLowerCase().replace(/s$/, '');
    if (noun in IN_DAYS) return { value: value * IN_DAYS[noun], noun: 'period' };
    if (noun === 'dollar') return { value: value * 100, noun: 'cent' };
    return { value, noun };
  })];
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
