import { it } from 'vitest';
import { expectLinearGrowth, repeatTo, describeLinear } from '../../../test/linear-time';
import { readAgendaDocument } from './index';

// Issue 29: a reader's time grows with its input and no faster. Each layout below made a part of
// the agenda reader read a line (or an item's whole text) again for every dot or line of it.

const read = (text: string) => readAgendaDocument({ name: 'agenda.pdf', text, pageCount: null });

describeLinear('the agenda-document reader takes time in proportion to its input (1, 2 and 4 MB)', { timeout: 120_000 }, () => {
  it('one line of 4 MB without a line break', () => {
    expectLinearGrowth((n) => repeatTo('The council met and voted. ', n), read);
  });

  it('lines that all look numbered: one item whose text goes on for megabytes', () => {
    expectLinearGrowth((n) => repeatTo('1. Item\n', n), read);
  });

  it("a dotted leader with no page number after it, deep nesting, long runs of spaces, lone '&' and '<'", () => {
    expectLinearGrowth(
      (n) => `AGENDA\nCall to order${repeatTo('.', n / 4)}\n1. Item ${repeatTo('(', n / 8)}${repeatTo(')', n / 8)}\n${repeatTo(' ', n / 4)}x\n${repeatTo('a & b < c ', n / 4)}`,
      read,
    );
  });
});
