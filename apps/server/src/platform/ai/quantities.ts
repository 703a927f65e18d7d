/**
 * Figures in legal text — a number of days, hours, members..., an amount, a time of day — with
 * where they stand, normalised so that "one year" and "365 days", "$0.05" and "5 cents" compare.
 * The chatbot corrects a question's premise with them; the compliance check compares a document's
 * figures with the section it cites.
 */
const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Numbers written as words, "one" to "ninety-nine" ("forty-eight hours", "fifteen days"). */
const WORD_NUMBERS: Record<string, number> = Object.fromEntries([
  ...UNITS.map((w, i) => [w, i + 1]),
  ...TEENS.map((w, i) => [w, i + 10]),
  ...TENS.flatMap((w, i) => [[w, (i + 2) * 10], ...UNITS.map((u, j) => [`${w}-${u}`, (i + 2) * 10 + j + 1])]),
]);
// Longest first, so "forty-eight" is read whole and not as "forty".
const WORDS = Object.keys(WORD_NUMBERS).sort((a, b) => b.length - a.length).join('|');
// Measures too ("95 degrees Fahrenheit", "4 feet", "6 ounces"), each one unit's noun whatever its spelling.
const MEASURES = 'degrees?|inch(?:es)?|feet|foot|miles?|ounces?|pounds?';
const NOUNS = `days?|hours?|workweeks?|weeks?|months?|years?|members?|cents?|dollars?|percent|minutes?|${MEASURES}`;
const UNIT: Record<string, string> = { inche: 'inch', feet: 'foot' };
/** A measure ("97 degrees", "12 inches"): in a question, mostly the asker's fact (a forecast, a height), not a claim about the law. */
export const MEASURE = new RegExp(String.raw`\b\d[\d,]*(?:\.\d+)?[\s-]+(?:${MEASURES})\b`, 'i');
export const QUANTITY = new RegExp(String.raw`\b(\d[\d,]*(?:\.\d+)?|${WORDS})(?:\s*\(\d+\))?(?:[\s-]+(?:working|business|calendar|consecutive))?[\s-]+(${NOUNS})\b|\$\s?(\d(?:[\d,]*\d)?(?:\.\d+)?|\.\d+)|\b(\d[\d,]*(?:\.\d+)?)\s?%`, 'gi');
/** A time of day: "midnight", "noon", "10 p.m.", "7:30 am". */
export const CLOCK = /\b(midnight|noon)\b|\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?/gi;
export interface Quantity {
  value: number;
  /** period (in days), cent, clock (minutes after midnight), or the counted noun ("member"). */
  noun: string;
  start: number;
  end: number;
}

/** Periods in days and money in cents, so "one year" and "365 days", "$0.05" and "5 cents" compare. */
const IN_DAYS: Record<string, number> = { minute: 1 / 1440, hour: 1 / 24, day: 1, week: 7, workweek: 7, month: 30, year: 365 };

const SPOKEN_CLOCK = new RegExp(String.raw`\b(\d{1,2}|${Object.keys(WORD_NUMBERS).slice(0, 12).join('|')})\s+(in the morning|in the afternoon|in the evening|at night)\b`, 'gi');
/** "a full year", "an hour", "one week": a period said without a figure. */
// Not a rate's unit: "6% a year", "$50 a month".
const ONE_PERIOD = /(?<!(?:[%\d]|percent|dollars?|cents?)\s*)\b(?:a|an|one)(?:\s+full)?\s+(day|week|month|year|hour)\b/gi;

export function quantitiesIn(text: string): Quantity[] {
  const clock = [...text.matchAll(CLOCK)].map((m): Quantity => {
    const at = { start: m.index, end: m.index + m[0].length };
    if (m[1]) return { value: m[1].toLowerCase() === 'noon' ? 12 * 60 : 24 * 60, noun: 'clock', ...at };
    const hour = (Number(m[2]) % 12) + (m[4].toLowerCase() === 'p' ? 12 : 0);
    // 12 a.m. is midnight, counted as the end of the day as "until midnight" means.
    return { value: (hour === 0 ? 24 : hour) * 60 + Number(m[3] ?? 0), noun: 'clock', ...at };
  });
  // "four in the morning", "5 in the afternoon", "11 at night".
  const spoken = [...text.matchAll(SPOKEN_CLOCK)].map((m): Quantity => {
    const n = WORD_NUMBERS[m[1].toLowerCase()] ?? Number(m[1]);
    const pm = /afternoon|evening|night/i.test(m[2]) && n < 12;
    return { value: ((n % 12) + (pm ? 12 : 0) || 24) * 60, noun: 'clock', start: m.index, end: m.index + m[0].length };
  });
  const single = [...text.matchAll(ONE_PERIOD)].map((m): Quantity => ({ value: IN_DAYS[m[1].toLowerCase()], noun: 'period', start: m.index, end: m.index + m[0].length }));
  return [...clock, ...spoken, ...single, ...[...text.matchAll(QUANTITY)].map((m): Quantity => {
    const at = { start: m.index, end: m.index + m[0].length };
    if (m[3]) return { value: Math.round(Number(m[3].replace(/,/g, '')) * 100), noun: 'cent', ...at };
    if (m[4]) return { value: Number(m[4].replace(/,/g, '')), noun: 'percent', ...at };
    const raw = m[1].toLowerCase();
    const value = WORD_NUMBERS[raw] ?? Number(raw.replace(/,/g, ''));
    const spelled = m[2].toLowerCase().replace(/s$/, '');
    const noun = UNIT[spelled] ?? spelled;
    if (noun in IN_DAYS) return { value: value * IN_DAYS[noun], noun: 'period', ...at };
    if (noun === 'dollar') return { value: value * 100, noun: 'cent', ...at };
    return { value, noun, ...at };
  })];
}

