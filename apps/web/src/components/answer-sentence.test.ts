import { describe, expect, it } from 'vitest';
import { splitAnswer } from './answer-sentence';

describe('the answer sentence apart from the rest', () => {
  it('splits a text that opens with the sentence the server marked', () => {
    const text = 'Within 15 days — § 2-532(c)(1): “…”\n\nException — if …: within 25 days (§ 2-532(c)(2)(A)).';
    expect(splitAnswer(text, 'Within 15 days — § 2-532(c)(1): “…”')).toEqual({ answer: 'Within 15 days — § 2-532(c)(1): “…”', details: 'Exception — if …: within 25 days (§ 2-532(c)(2)(A)).' });
    expect(splitAnswer('Yes — § 1-101(c): “…”', 'Yes — § 1-101(c): “…”')).toEqual({ answer: 'Yes — § 1-101(c): “…”', details: '' });
  });

  it('leaves a text whole when no sentence was marked or it does not open the text (an older or stopped answer)', () => {
    expect(splitAnswer('According to § 1-101 …', undefined)).toBeNull();
    expect(splitAnswer('According to § 1-101 …', '')).toBeNull();
    expect(splitAnswer('The model stopped. Within 15 days …', 'Within 15 days …')).toBeNull();
  });
});
