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
  it('is what a clerk writes of one item: the item read and what it is ("Item 4A." alone is a number), the amendment\'s result, what was decided, and nothing else', () => {
    const gist = parseMinutes(TEXT).narrative.map((n) => n.sentence);
    expect(gist).toEqual(['Item 4A.', 'Paving contract with Tri-County Asphalt.', 'The amendment carried by voice vote.', 'The motion as amended carried 3-2 by roll call vote: Ayes: Hale, Nguyen, Ortiz.']);
  });

  // A MeetingBank-style transcript of one item (made up): speakers by number, the item read with its number, a roll call.
  const SPOKEN = [
    'Speaker 1: Item 18. Resolution number 26-212, a resolution amending the Master Fee Schedule to raise parking meter rates from $1.50 to $2.50 per hour.',
    'Speaker 0: Thank you. Staff?',
    'Speaker 2: Good evening, council. Our adopted target is 85 percent occupancy, and the core blocks run at 92 percent.',
    'Speaker 7: Thank you, Mayor. I will move approval of Resolution 26-212 as presented.',
    'Speaker 0: Is there a second? Seconded. Madam Clerk, please call the roll.',
    'Speaker 1: Three yes, four no.',
    'Speaker 0: The motion fails, three to four. Um, staff may come back with a version without the evening hours. Next item.',
  ].join('\n');

  it('a spoken item: its number and its resolution\'s number are one item; the chair\'s announcement is the decision, not "I will move approval"', () => {
    const gist = parseMinutes(SPOKEN).narrative.map((n) => n.sentence);
    expect(gist).toEqual([
      'Resolution number 26-212, a resolution amending the Master Fee Schedule to raise parking meter rates from $1.50 to $2.50 per hour.',
      'The motion fails, three to four.',
    ]);
  });

  it("leaves out the meeting's own facts: its date and place line and who was present", () => {
    const gist = parseMinutes(TEXT).narrative.map((n) => n.sentence);
    expect(gist.filter((g) => /^Tuesday, March 10|^Councilmembers Ben Hale/.test(g))).toEqual([]);
  });
});
