import { expect, it } from 'vitest';
import { describeLinear, expectLinearGrowth, repeatTo } from '../../test/linear-time';
import { actorIn } from './lead';
import { namesOnlyAsSuch } from './support';
import { shortFormsOf } from './provisions';
import { contentWords } from './text';

// A section's text comes from a city's own files: reading its short forms must take time in
// proportion to it. Read with one regular expression for the words before each parenthesis, a
// run of 80 KB of letters before "(x" took 21 s (each start in the run scanned to its end).
describeLinear("a section's short forms are read in time proportional to its text (1, 2 and 4 MB)", { timeout: 150_000 }, () => {
  it('one run of letters with no space, before a parenthesis that defines nothing and before one that does', () => {
    expectLinearGrowth((n) => `${'a'.repeat(n)} (x`, shortFormsOf);
    expectLinearGrowth((n) => `${'a'.repeat(n)} (“X”)`, shortFormsOf);
  });

  it('many short forms, each after a long word that ends in no letter', () => {
    expectLinearGrowth((n) => repeatTo(`${'a'.repeat(200)}! (“X”) `, n), shortFormsOf);
    expectLinearGrowth((n) => repeatTo('a contractor daytime parking permit (“CDP permit”) ', n), shortFormsOf);
  });

  it('still reads the long form of each', () => {
    expect(shortFormsOf('gas chromatography/mass spectrometry (“GCMS”); a contractor daytime parking permit (“CDP permit”)')).toEqual(
      new Map([
        ['gcms', 'mass spectrometry'],
        ['cdp permit', 'contractor daytime parking permit'],
      ]),
    );
  });
});

describeLinear('"such" read in one pass over a sentence (1, 2 and 4 MB)', { timeout: 150_000 }, () => {
  it('many times "such appeal", each after the appeal it points back to', () => {
    const subject = new Map([[contentWords('appeal')[0], 1]]);
    expectLinearGrowth((n) => repeatTo('an appeal and such appeal ', n), (text) => namesOnlyAsSuch(text, subject));
  });
});

describeLinear('the actor of a provision read in time proportional to it (1, 2 and 4 MB)', { timeout: 150_000 }, () => {
  it('many clauses set off by commas, with and without a verb after them', () => {
    expectLinearGrowth((n) => repeatTo('the board, after notice and a hearing, ', n), (text) => actorIn(text, true));
    expectLinearGrowth((n) => repeatTo('the board, after notice and a hearing, may ', n), (text) => actorIn(text, false));
    expectLinearGrowth((n) => `the ${'a'.repeat(n)}, b, shall`, (text) => actorIn(text, true));
  });
});
