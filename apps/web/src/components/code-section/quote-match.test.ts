import { describe, expect, it } from 'vitest';
import { findQuote, splitAtQuote } from './quote-match';

const SECTION = 'A public body shall, upon request,\nmake the record available within 15 days — except as provided in § 2-534.';

describe('splitAtQuote', () => {
  it('marks the quoted passage and keeps the rest as plain text', () => {
    expect(splitAtQuote('Before. The quoted words. After.', 'The quoted words.')).toEqual([
      { text: 'Before. ', marked: false },
      { text: 'The quoted words.', marked: true },
      { text: ' After.', marked: false },
    ]);
  });

  it('finds a quote across line breaks, dashes and curly quote marks, as the server accepts it', () => {
    const found = findQuote(SECTION, '“upon request, make the record available within 15 days - except”');
    expect(found && SECTION.slice(found.start, found.end)).toBe('upon request,\nmake the record available within 15 days — except');
  });

  it('ignores a trailing ellipsis and treats regex characters literally', () => {
    expect(findQuote(SECTION, 'as provided in § 2-534....')).not.toBeNull();
    expect(findQuote('Costs (if any) apply.', 'Costs (if any)')).toEqual({ start: 0, end: 14 });
  });

  it('leaves the text whole when the quote is not in it', () => {
    expect(splitAtQuote(SECTION, 'nowhere in this section')).toEqual([{ text: SECTION, marked: false }]);
    expect(splitAtQuote(SECTION, undefined)).toEqual([{ text: SECTION, marked: false }]);
  });
});
