import { describe, expect, it } from 'vitest';
import { citableSection, qualifiedNumber } from './code-sources';

describe('a number more than one of the city\'s codes has', () => {
  it('is cited by the division as the city cites it where the book numbers its divisions (Baltimore: "Art. 16, § 4-1")', () => {
    expect(qualifiedNumber({ number: '§ 4-1', titleName: 'Article 16 - Markets', titleNumber: 'Art. 16' })).toBe('Art. 16, § 4-1');
    expect(qualifiedNumber({ number: '§ 4-1', titleName: 'Article 27 - Stormwater Remediation Fees', titleNumber: 'Art. 27' })).toBe('Art. 27, § 4-1');
  });

  it('is cited with its code\'s name where the codes are named, not numbered (San Francisco: "Park Code Sec. 1.05")', () => {
    expect(qualifiedNumber({ number: 'Sec. 1.05', titleName: 'Park Code', titleNumber: 'Park' })).toBe('Park Code Sec. 1.05');
    expect(qualifiedNumber({ number: 'Park Code Sec. 1.05', titleName: 'Park Code', titleNumber: 'Park' })).toBe('Park Code Sec. 1.05');
  });

  it('is cited as the code writes it when no other code has it', () => {
    const row = { id: 'x', number: '§ 4-1', numberKey: '4-1', title: 'Market days and hours', titleName: 'Article 16 - Markets', titleNumber: 'Art. 16', text: 'Markets open at 6 a.m.', status: 'in_force', sourceUrl: null };
    expect(citableSection(row).number).toBe('§ 4-1');
    expect(citableSection(row, true).number).toBe('Art. 16, § 4-1');
  });
});
