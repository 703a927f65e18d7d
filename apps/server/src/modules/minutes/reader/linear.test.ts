import { it } from 'vitest';
import { expectLinearGrowth, repeatTo, describeLinear } from '../../../test/linear-time';
import { parseMinutes } from './index';

// Issue 29: a reader's time grows with its input and no faster. Each layout below made a part of
// the minutes reader (or the personal-data detector it runs) read on to the end of a word, a line,
// a paragraph or the text once per letter, sentence, name or motion.

const read = (text: string) => parseMinutes(text, ['Teresa Quarles']);
// A record is at most 1,000,000 characters (a pasted one 900,000), so 4 MB is four records' worth:
// the minutes reader weighs every sentence against some sixty patterns, one to two seconds a megabyte.
const ceilingMs = 20_000;

describeLinear('the minutes reader takes time in proportion to its input (1, 2 and 4 MB)', { timeout: 180_000 }, () => {
  it('one line of 4 MB without a line break', () => {
    expectLinearGrowth((n) => repeatTo('The council met in its chamber and voted on the items before it. ', n), read, { ceilingMs });
  });

  it('lines that all look numbered', () => {
    expectLinearGrowth((n) => repeatTo('1.1.1.1.1. Item of business\n', n), read, { ceilingMs });
  });

  it('one word of megabytes, of capitals and letters or of digits and dashes', () => {
    expectLinearGrowth((n) => `${repeatTo('Ab', n / 2)}\n${repeatTo('1-', n / 2)}`, read, { ceilingMs });
  });

  it('names without a line break, and one person named again and again', () => {
    expectLinearGrowth((n) => `${repeatTo('Ab Cd Ef Gh ', n / 2)}\n${repeatTo('Maria Ortega spoke. Ortega agreed. ', n / 2)}`, read, { ceilingMs });
  });

  it('motions in one paragraph, then amendments piled on a motion that is never voted', () => {
    expectLinearGrowth(
      (n) =>
        `${repeatTo('Councilmember Ab Cd moved to approve. The motion carried 5-0. ', n / 2)}Councilmember Ab Cd moved to approve the bill. ${repeatTo('Councilmember Ab Cd moved an amendment. ', n / 2)}The main motion as amended carried.`,
      read,
      { ceilingMs },
    );
  });

  it("deep nesting, long runs of spaces and lone '&'", () => {
    expectLinearGrowth((n) => `MINUTES\n${repeatTo('(', n / 6)}${repeatTo(')', n / 6)}\n${repeatTo(' ', n / 3)}x\n${repeatTo('& ', n / 3)}`, read, { ceilingMs });
  });
});
