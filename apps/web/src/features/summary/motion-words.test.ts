import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { otherVotes, outcomeWithTally } from './motion-words';

const t = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) => translate('en', key, vars);
const tally = (aye: number, nay: number, rest: Partial<Record<'abstain' | 'absent' | 'recused', number>> = {}) => ({ aye, nay, abstain: 0, absent: 0, recused: 0, ...rest });

describe('outcomeWithTally', () => {
  it('says the outcome with the ayes and nays', () => {
    expect(outcomeWithTally({ outcome: 'carried', tally: tally(5, 2) }, t)).toBe('Carried 5–2');
    expect(outcomeWithTally({ outcome: 'failed', tally: tally(2, 3) }, t)).toBe('Failed 2–3');
  });

  it('says the outcome alone without a tally, and the tally alone without an outcome', () => {
    expect(outcomeWithTally({ outcome: 'withdrawn', tally: null }, t)).toBe('Withdrawn');
    expect(outcomeWithTally({ outcome: 'unknown', tally: tally(4, 1) }, t)).toBe('Vote 4–1');
    expect(outcomeWithTally({ outcome: 'unknown', tally: null }, t)).toBe('Outcome not stated');
  });

  it('reads in Spanish too', () => {
    expect(outcomeWithTally({ outcome: 'carried', tally: tally(5, 2) }, (key, vars) => translate('es', key, vars))).toBe('Aprobada 5–2');
  });
});

describe('otherVotes', () => {
  it('lists abstentions, absences and recusals that the tally counts', () => {
    expect(otherVotes(tally(5, 2, { abstain: 1, recused: 2 }), t)).toBe('1 abstained, 2 recused');
    expect(otherVotes(tally(5, 2, { absent: 1 }), t)).toBe('1 absent');
  });

  it('is null when there are none or no tally', () => {
    expect(otherVotes(tally(5, 2), t)).toBeNull();
    expect(otherVotes(null, t)).toBeNull();
  });
});
