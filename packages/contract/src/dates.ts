import { z } from 'zod';

/**
 * The one calendar-date rule (decision 034): every day and time the API takes is a real calendar day
 * from 1000-01-01 to 9998-12-31. PostgreSQL has no year 0, and the server's date arithmetic (the end of
 * a day, a due date 25 business days on) must stay inside years JavaScript and PostgreSQL both write
 * as four digits; a city's records and requests live well inside this range.
 */
export const EARLIEST_DAY = '1000-01-01';
export const LATEST_DAY = '9998-12-31';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OUT_OF_RANGE = `Use a date from ${EARLIEST_DAY} to ${LATEST_DAY}`;

/** "2026-02-30" is not a day; "2026-02-28" is. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(value);
}

const inRange = (day: string) => day >= EARLIEST_DAY && day <= LATEST_DAY;

/** "2024-05-31": a calendar day in the API's range, as a query parameter, a field and in answers. */
export const calendarDaySchema = z
  .string()
  .regex(DAY, 'Use a date like 2024-05-31')
  .refine(isCalendarDay, 'Not a calendar date')
  .refine(inRange, OUT_OF_RANGE);

/** An ISO time with its offset ("2026-05-31T14:00:00Z"), on a day in the API's range. */
export const instantSchema = z.iso
  .datetime({ offset: true, message: 'Use an ISO time like 2026-05-31T14:00:00Z' })
  // Each check stands on its own (zod runs the later ones after an earlier one failed): no value may throw here.
  .refine((v) => {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return false;
    const day = new Date(at).toISOString().slice(0, 10);
    return inRange(day) && inRange(v.slice(0, 10));
  }, OUT_OF_RANGE);
