import type { Citation } from '@civicdesk/contract';
import { describe, expect, it } from 'vitest';
import { premiseCorrection, premiseOf } from './premise';

const cite = (quote: string, status: Citation['status'] = 'in_force'): Citation => ({
  number: '§ 2-532',
  title: 'Time limits',
  quote,
  source_url: null,
  status,
  verified: true,
  kind: 'code_section',
  source_id: 'x',
});

describe('premises', () => {
  it('finds the premise of a question (truth table by hand)', () => {
    const cases: [string, string | null][] = [
      ['Since agencies have 30 days to answer, can we wait?', 'agencies have 30 days to answer'],
      ['Given that the fee is $25, who pays?', 'the fee is $25'],
      ['Block parties can go until midnight, right?', 'Block parties can go until midnight'],
      ['How long do agencies have to answer?', null],
    ];
    for (const [question, premise] of cases) expect(premiseOf(question), question).toBe(premise);
  });

  it('corrects a period, an amount, a repeal or a missing rule the quote contradicts, and nothing else', () => {
    const deadline = cite('A public body shall respond within 15 days of the receipt of any such request.');
    expect(premiseCorrection('Since agencies have 30 days to answer, can we wait?', [deadline])).toMatch(/^The question assumes agencies have 30 days to answer, but the code says otherwise: § 2-532/);
    expect(premiseCorrection('Since agencies have 15 days to answer, can we wait?', [deadline])).toBeNull();
    expect(premiseCorrection('Since candidates must live here 90 days, who can run?', [cite('A candidate shall have resided in the District for one year.')])).toMatch(/says otherwise/);
    expect(premiseCorrection('Now that the bag fee is 10 cents, where does it go?', [cite('The fee shall be $0.05 for each disposable bag.')])).toMatch(/says otherwise/);
    expect(premiseCorrection('Since the District repealed rent control in 2020, can rents rise?', [cite('The rent of a rental unit may be increased only as this chapter provides.')])).toMatch(/shows this law in force/);
    expect(premiseCorrection("Since D.C. doesn't have a leash law, may my dog run free?", [cite('No owner shall allow a dog to go at large.')])).toMatch(/has such a rule/);
    expect(premiseCorrection('How long do agencies have to answer?', [deadline])).toBeNull();
  });
});
