import { describe, expect, it } from 'vitest';
import { parseMinutes } from './index';

// Decision 027: at most ten motions are pending at once (issue 29); past that the oldest above the
// main motion is let go, undecided. The main motion is still the one "as amended" reaches.
describe('more motions pending than a meeting keeps', () => {
  it('twelve amendments never voted on: the main motion as amended is still decided', () => {
    const amendments = Array.from({ length: 12 }, (_, k) => `Councilmember Ef Gh moved amendment ${k + 1}. `).join('');
    const { motions } = parseMinutes(`Councilmember Ab Cd moved to approve the bill. ${amendments}The main motion as amended carried.`, []);
    expect(motions).toHaveLength(13);
    expect(motions[0]).toMatchObject({ text: 'Councilmember Ab Cd moved to approve the bill.', outcome: 'carried', amends: null });
    expect(motions.slice(1).map((m) => m.outcome)).toEqual(Array(12).fill('unknown'));
    // Each amendment amends the one pending before it.
    expect(motions.slice(1).map((m) => m.amends)).toEqual(Array.from({ length: 12 }, (_, k) => k));
  });
});
