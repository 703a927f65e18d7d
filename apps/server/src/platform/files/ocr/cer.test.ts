import { describe, expect, it } from 'vitest';
import { characterErrorRate, editDistance, normaliseForCer } from './cer';

describe('character error rate', () => {
  it('counts edits by hand-checked examples', () => {
    // kitten -> sitting: k->s, e->i, +g.
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('sitting', 'kitten')).toBe(3);
    // flaw -> lawn: -f, +n.
    expect(editDistance('flaw', 'lawn')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('Omaha', 'Omaha')).toBe(0);
    // Code points, not UTF-16 units: one emoji is one character.
    expect(editDistance('a😀b', 'ab')).toBe(1);
  });

  it('divides by the truth’s length', () => {
    expect(characterErrorRate('kitten', 'sitting')).toBeCloseTo(3 / 7, 10);
    expect(characterErrorRate('sitting', 'kitten')).toBeCloseTo(3 / 6, 10);
    expect(characterErrorRate('Res. that', 'Res. that')).toBe(0);
    // More wrong characters than the page has: above 1.
    expect(characterErrorRate('abcdef', 'x')).toBe(6);
    expect(characterErrorRate('', '')).toBe(0);
    expect(characterErrorRate('noise', '  ')).toBe(1);
  });

  it('ignores layout and typography, not case or punctuation', () => {
    expect(normaliseForCer('  55.   Ord.\n      authorizing\f')).toBe('55. Ord. authorizing');
    expect(normaliseForCer('“Stokes Grill” – City’s ﬁnal')).toBe('"Stokes Grill" - City\'s final');
    expect(characterErrorRate('Res. That', 'Res. that')).toBeCloseTo(1 / 9, 10);
    expect(characterErrorRate('Res that', 'Res. that')).toBeCloseTo(1 / 9, 10);
  });
});
