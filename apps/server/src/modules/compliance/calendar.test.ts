import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessCalendar, businessDaysBetween, type Pause } from './calendar';
import { dueDateOf } from './pra';
import { locationLaw } from '../locations/settings';

/**
 * The D.C. FOIA deadline against cases counted by hand on a calendar (eval/compliance/deadlines.jsonl,
 * each with its count written out): weekends, every D.C. legal holiday and its observed day,
 * extensions and clarification pauses.
 */
interface Case {
  id: string;
  received: string;
  extension: boolean;
  pauses: Pause[];
  due: string;
  why: string;
}
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../eval/compliance/deadlines.jsonl');
const cases = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Case);

describe('D.C. records-request due dates (hand-counted)', () => {
  const law = locationLaw({ code: 'DC', name: 'District of Columbia', stateCode: 'DC', settings: {} }).records_law;
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(24));
  for (const c of cases) {
    it(`${c.id}: received ${c.received}${c.extension ? ', extended' : ''}${c.pauses.length ? `, ${c.pauses.length} pause(s)` : ''} -> ${c.due}`, () => {
      expect(dueDateOf(law, 'DC', c.received, c.extension, c.pauses), c.why).toBe(c.due);
    });
  }
});

describe('business days', () => {
  const dc = businessCalendar('DC');
  it('knows the observed days the library lacks: Emancipation Day 2028 on a Sunday is Monday April 17', () => {
    expect(dc.isBusinessDay('2028-04-17')).toBe(false);
    expect(dc.isBusinessDay('2028-04-18')).toBe(true);
    // Inauguration Day 2033 is a Thursday; 2029's falls on a Saturday and moves nowhere.
    expect(dc.isBusinessDay('2033-01-20')).toBe(false);
    expect(dc.isBusinessDay('2029-01-19')).toBe(true);
  });
  it('an open pause has no due date; counting is bounded', () => {
    expect(addBusinessDays(dc, '2026-03-03', 15, [{ asked: '2026-03-05', answered: null }])).toBeNull();
    expect(businessDaysBetween(dc, '2026-03-06', '2026-03-09')).toBe(1);
    expect(businessDaysBetween(dc, '2026-03-09', '2026-03-06')).toBe(-1);
  });
});
