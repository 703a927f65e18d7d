import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, sentenceCase } from './format';

describe('display formats', () => {
  it('prints calendar days readably, without a time-zone shift', () => {
    expect(formatDay('2024-12-17', 'en')).toBe('Dec 17, 2024');
    expect(formatDay('1977-01-01', 'en')).toBe('Jan 1, 1977');
    expect(formatDay('2024-12-17', 'es')).toMatch(/^17 dic 2024$/);
    expect(formatDay(null, 'en')).toBe('');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });

  it('prints sizes and section names', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(2_500_000, 'en')).toBe('2.4 MB');
    expect(sentenceCase('FINAL READING')).toBe('Final reading');
    expect(sentenceCase('Committee of the Whole')).toBe('Committee of the Whole');
  });
});
