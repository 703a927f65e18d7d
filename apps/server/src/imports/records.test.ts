import { describe, expect, it } from 'vitest';
import { legislationRecord, withText } from './records';

describe("a measure's text", () => {
  it('is empty when the source holds only its sections\' numbers (441 shipped D.C. laws read "2", "2\\n3\\n4" …)', () => {
    expect(withText('2')).toBe('');
    expect(withText('2\n3\n4\n4a')).toBe('');
    expect(withText('Sec. 2.\n(b)\nIV.')).toBe('');
    const row = legislationRecord.parse({ id: 'L15-273', kind: 'law', title: 'Parking Meter Fee Moratorium Act of 2004', text: '2' });
    expect(row.text).toBe('');
  });

  it('is kept whole when any line says something', () => {
    expect(withText('2\nThe Council finds that parking meters …')).toBe('2\nThe Council finds that parking meters …');
    expect(withText('Sec. 2. This act may be cited as the Parking Act.')).toBe('Sec. 2. This act may be cited as the Parking Act.');
  });
});
