import { describe, expect, it } from 'vitest';
import { parseMinutes } from './index';

// Made-up minutes of one agenda item, as a city writes them.
const TEXT = [
  'CITY OF RIVERTON',
  'REGULAR MEETING OF THE CITY COUNCIL',
  'Tuesday, March 10, 2026, 7:00 p.m., Council Chambers, City Hall',
  '',
  'Present: Mayor Dana Ortiz; Councilmembers Ben Hale, Carla Nguyen, Ed Park and Fran Lowe.',
  '',
  'Item 4A. Paving contract with Tri-County Asphalt.',
  'Councilmember Hale moved to approve the contract with Tri-County Asphalt in the amount of $1,200,000. Councilmember Nguyen seconded.',
  'Councilmember Park moved to amend the motion to reduce the amount to $1,100,000. Councilmember Lowe seconded. The amendment carried by voice vote.',
  'The motion as amended carried 3-2 by roll call vote: Ayes: Hale, Nguyen, Ortiz. Nays: Park, Lowe.',
].join('\n');

describe('the gist of minutes', () => {
  it('leads with the item read and what it is ("Item 4A." alone is a number), then what was decided', () => {
    const gist = parseMinutes(TEXT).narrative.map((n) => n.sentence);
    expect(gist.slice(0, 3)).toEqual(['Item 4A.', 'Paving contract with Tri-County Asphalt.', 'The motion as amended carried 3-2 by roll call vote: Ayes: Hale, Nguyen, Ortiz.']);
  });

  it("leaves out the meeting's own facts: its date and place line and who was present", () => {
    const gist = parseMinutes(TEXT).narrative.map((n) => n.sentence);
    expect(gist.filter((g) => /^Tuesday, March 10|^Councilmembers Ben Hale/.test(g))).toEqual([]);
  });
});
