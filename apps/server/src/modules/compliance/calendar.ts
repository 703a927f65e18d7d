import Holidays from 'date-holidays';

/**
 * Business days of a location (decision 024): weekdays that are not its legal public holidays.
 * The holidays come from date-holidays (a maintained library: its public holidays and the weekday
 * a holiday on a weekend is observed), with what D.C. law adds that the library lacks: District of
 * Columbia Emancipation Day observed on the Friday before or Monday after a weekend (D.C. Code
 * § 1-612.02(b)(1)), and Inauguration Day, January 20 of every fourth year, or the 21st when the
 * 20th is a Sunday (§ 1-612.02(c); § 28-2701 does not move it off a Saturday).
 * Days are ISO dates ("2026-12-18"), counted in UTC so no time zone shifts them.
 */
export interface BusinessCalendar {
  isBusinessDay(day: string): boolean;
  /** The legal public holidays of a year, with their names. */
  holidays(year: number): Map<string, string>;
}

export interface Pause {
  asked: string;
  answered: string | null;
}

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

let knownStates: ReadonlySet<string> | undefined;
/** The states (and D.C.) whose legal holidays the library knows, read from it once: the holidays regions a city may choose. */
export function holidayStates(): ReadonlySet<string> {
  knownStates ??= new Set(Object.keys(new Holidays().getStates('US') ?? {}));
  return knownStates;
}

/** Per state, for the life of the process: a calendar is derived from the library's data and never goes stale. */
const cache = new Map<string, BusinessCalendar>();

export function businessCalendar(stateCode: string): BusinessCalendar {
  const key = stateCode.toUpperCase();
  const cached = cache.get(key);
  if (cached) return cached;
  // A location in a state the library knows gets that state's holidays; any other (a city created with a
  // state code the library lacks, which chose no holidays region), the federal ones.
  const lib = holidayStates().has(key) ? new Holidays('US', key) : new Holidays('US');
  const years = new Map<number, Map<string, string>>();
  const holidays = (year: number) => {
    let days = years.get(year);
    if (days) return days;
    days = new Map();
    for (const h of lib.getHolidays(year)) {
      const legal = h.type === 'public' || (h.type === 'bank' && h.substitute);
      if (legal) days.set(h.date.slice(0, 10), h.name);
    }
    if (key === 'DC') {
      const emancipation = `${year}-04-16`;
      const w = weekday(emancipation);
      if (w === 6) days.set(addDays(emancipation, -1), 'Emancipation Day (observed)');
      if (w === 0) days.set(addDays(emancipation, 1), 'Emancipation Day (observed)');
      if (year % 4 === 1) {
        const inauguration = `${year}-01-20`;
        if (weekday(inauguration) === 0) days.set(addDays(inauguration, 1), 'Inauguration Day (observed)');
        else days.set(inauguration, 'Inauguration Day');
      }
    }
    years.set(year, days);
    return days;
  };
  const calendar: BusinessCalendar = {
    holidays,
    isBusinessDay(day) {
      const w = weekday(day);
      return w !== 0 && w !== 6 && !holidays(Number(day.slice(0, 4))).has(day);
    },
  };
  cache.set(key, calendar);
  return calendar;
}

/**
 * The `n`th business day after `from` (counting starts the next day, whatever `from` is), with the
 * clock stopped during each pause: business days d with asked < d <= answered do not count (an
 * open pause, answered null, stops the clock for good: the due date is then unknown and null).
 */
export function addBusinessDays(calendar: BusinessCalendar, from: string, n: number, pauses: Pause[] = []): string | null {
  if (pauses.some((p) => p.answered === null)) return null;
  const paused = (d: string) => pauses.some((p) => d > p.asked && d <= (p.answered as string));
  let day = from;
  let counted = 0;
  // Ten years of days at most: a bound, so no input can spin this loop.
  for (let i = 0; i < 3_700 && counted < n; i++) {
    day = addDays(day, 1);
    if (calendar.isBusinessDay(day) && !paused(day)) counted++;
  }
  return day;
}

/** Business days from `from` (exclusive) to `to` (inclusive); negative when `to` is before `from`. */
export function businessDaysBetween(calendar: BusinessCalendar, from: string, to: string): number {
  if (to < from) return -businessDaysBetween(calendar, to, from);
  let count = 0;
  for (let day = addDays(from, 1), i = 0; day <= to && i < 3_700; day = addDays(day, 1), i++) if (calendar.isBusinessDay(day)) count++;
  return count;
}
