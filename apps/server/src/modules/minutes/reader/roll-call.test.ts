import { describe, expect, it } from 'vitest';
import { answerFromReading } from './answers';
import { parseMinutes } from './index';

// Minutes written for this test in a common small-city form (issue 32): a roll call as "Name, aye;",
// a count with only the no votes named, an amendment by voice, a motion to table a measure.
const MINUTES = `CITY OF RIVERTON
REGULAR MEETING OF THE CITY COUNCIL
Tuesday, October 14, 2025, 7:00 p.m.

ROLL CALL
Present: Mayor Park, Councilmembers Alvarez, Brooks, Chen and Dunn. Absent: none.

NEW BUSINESS
A. Item 5A: Contract with Harbor Paving for the Elm Street resurfacing project, $640,000.
Councilmember Alvarez moved to award the contract to Harbor Paving in the amount of $640,000; seconded by Councilmember Dunn.
Councilmember Chen moved to amend the motion to reduce the amount to $600,000; seconded by Councilmember Brooks. The amendment carried by voice vote.
Roll call on the motion as amended: Alvarez, aye; Brooks, aye; Chen, aye; Dunn, nay; Mayor Park, aye. Motion carried 4-1.

B. Item 5B: Ordinance 2025-12 establishing parking meters on Elm Street, first reading.
Councilmember Dunn moved to table the item to November 11, 2025; seconded by Councilmember Alvarez. Motion carried 3-2, with Brooks and Chen voting no.
`;

describe('a roll call as minutes write it in many cities', () => {
  const result = parseMinutes(MINUTES, []);
  const votes = (i: number) => Object.fromEntries(result.motions[i].votes.map((v) => [v.member, v.vote]));

  it('reads every member\'s vote of "Alvarez, aye; Brooks, aye; …"', () => {
    expect(votes(0)).toEqual({ Alvarez: 'aye', Brooks: 'aye', Chen: 'aye', Dunn: 'nay', Park: 'aye' });
  });

  it('names the ayes of "carried 3-2, with Brooks and Chen voting no" when those present add up to the count', () => {
    const table = result.motions.find((m) => /table/.test(m.text))!;
    expect(Object.fromEntries(table.votes.map((v) => [v.member, v.vote]))).toEqual({ Park: 'aye', Alvarez: 'aye', Dunn: 'aye', Brooks: 'nay', Chen: 'nay' });
  });

  it('infers no aye when the count does not add up to those present', () => {
    const short = parseMinutes(MINUTES.replace('Motion carried 3-2, with Brooks and Chen voting no.', 'Motion carried 2-2, with Brooks and Chen voting no.'), []);
    const table = short.motions.find((m) => /table/.test(m.text))!;
    expect(table.votes.map((v) => v.vote).filter((v) => v === 'aye')).toEqual([]);
  });

  it('says a motion to table tabled the measure, never that the measure carried; and finds it by its heading\'s words', () => {
    const answer = answerFromReading('What happened to the parking meter ordinance?', result, MINUTES)?.answer;
    expect(answer).toBe('The motion to table Ordinance 2025-12 until November 11, 2025 carried 3-2 by roll call. Yes: Park, Alvarez and Dunn. No: Brooks and Chen.');
    expect(answerFromReading('What was the vote on Ordinance 2025-12?', result, MINUTES)?.answer).not.toMatch(/^Ordinance 2025-12 carried/);
  });

  it('keeps the called roll out of the gist: the votes are under their motion', () => {
    expect(result.narrative.map((n) => n.sentence).join('\n')).not.toMatch(/Alvarez, aye/);
  });

  it('lists a measure tabled by a motion that carried among the items continued, in the motion\'s words', () => {
    expect(result.continued.map((c) => c.text)).toEqual(['Councilmember Dunn moved to table the item to November 11, 2025; seconded by Councilmember Alvarez.']);
  });

  it('names the measure when the record says the measure itself was tabled', () => {
    const said = MINUTES.replace('Motion carried 3-2, with Brooks and Chen voting no.', 'The item was tabled to November 11, 2025.');
    const tabled = parseMinutes(said, []);
    expect(answerFromReading('What happened to Ordinance 2025-12?', tabled, said)?.answer).toBe('Ordinance 2025-12 was tabled until November 11, 2025.');
  });
});
