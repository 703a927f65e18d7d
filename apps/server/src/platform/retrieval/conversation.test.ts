import { describe, expect, it } from 'vitest';
import { type ConversationTurn, readFollowUp } from './conversation';

const records: ConversationTurn[] = [
  { role: 'user', content: 'How long does the District have to respond to a FOIA request?' },
  { role: 'assistant', content: 'Within 15 days …', cited: ['dc-2-532'], citedTitles: ['Right of access to public records; allowable costs; time limits'] },
];

describe('a follow-up read with the turns before it', () => {
  it('knows a follow-up from a question with a subject of its own (truth table by hand)', () => {
    const cases: [string, boolean][] = [
      ['Can that be extended?', true],
      ['Can the 15-day deadline be extended?', true],
      ['What about appeals?', true],
      ['And if they refuse?', true],
      ['Does it apply to the Council too?', true],
      ['Who decides?', true],
      ['Does the ANC get told too, and who sends that notice?', true],
      ['Who has to certify that he is incapacitated before that kicks in?', true],
      ['How long do her creditors have to present their claims?', true],
      ['Is a business license required to sell food from a cart on the sidewalk?', false],
      ['What notice must a landlord give before entering a rental unit?', false],
      ['What is the fine for not shoveling snow off the sidewalk?', false],
      ['How many signatures does a ballot initiative petition need?', false],
      ['Is a dog license required for a puppy kept in the District?', false],
    ];
    for (const [question, followUp] of cases) expect(readFollowUp(question, records).followUp, question).toBe(followUp);
  });

  it('carries the earlier subject and the sections the last answer cited; a first question carries nothing', () => {
    expect(readFollowUp('Can that be extended?', records)).toEqual({
      followUp: true,
      context: 'How long does the District have to respond to a FOIA request? Right of access to public records; allowable costs; time limits',
      candidates: ['dc-2-532'],
    });
    expect(readFollowUp('Can that be extended?', [])).toEqual({ followUp: false, context: '', candidates: [] });
  });
});
