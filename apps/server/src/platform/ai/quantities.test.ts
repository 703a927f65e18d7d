import { describe, expect, it } from 'vitest';
import { quantitiesIn } from './quantities';

/** Figures as a reader compares them; expected values worked out by hand. */
describe('quantitiesIn', () => {
  const said = (text: string) => quantitiesIn(text).map((q) => [q.noun, q.value, text.slice(q.start, q.end)]);

  it('reads periods, money and times of day in one unit each', () => {
    expect(said('within 15 working days')).toEqual([['period', 15, '15 working days']]);
    expect(said('two years')).toEqual([['period', 730, 'two years']]);
    expect(said('a fee of $1,250.50')).toEqual([['cent', 125050, '$1,250.50']]);
    expect(said('by 10 p.m.')).toEqual([['clock', 22 * 60, '10 p.m.']]);
  });

  it('ends an amount on its last digit: "$300, imprisonment …" is $300', () => {
    expect(said('a fine of not more than $300, imprisonment of not more than 90 days')).toEqual([
      ['cent', 30000, '$300'],
      ['period', 90, '90 days'],
    ]);
  });
});
