import { describe, expect, it } from 'vitest';
import { translate } from './index';

/** Counts of one read as a person would write them (issue 22: "1 drafts", "1 reports", "1 findings"). */
describe('a count of one', () => {
  it('has its own words in English and Spanish; other counts keep theirs', () => {
    expect(translate('en', 'draftsTotal', { count: 1 })).toBe('1 draft');
    expect(translate('en', 'draftsTotal', { count: 2 })).toBe('2 drafts');
    expect(translate('en', 'draftsTotal', { count: 0 })).toBe('0 drafts');
    expect(translate('en', 'reportsTotal', { count: '1' })).toBe('1 report');
    expect(translate('en', 'findingCounts', { total: 1, open: 1, accepted: 0 })).toBe('1 finding: 1 open, 0 accepted');
    expect(translate('es', 'meetingCount', { count: 1 })).toBe('1 reunión');
    expect(translate('es', 'meetingCount', { count: 3 })).toBe('3 reuniones');
  });

  it('every singular form has its plural and its Spanish', async () => {
    const { en } = await import('./en');
    const all = { ...en, ...(await import('./en-admin')).enAdmin, ...(await import('./en-search')).enSearch, ...(await import('./en-compliance')).enCompliance, ...(await import('./en-drafting')).enDrafting, ...(await import('./en-summary')).enSummary, ...(await import('./en-chat')).enChat, ...(await import('./en-assistant')).enAssistant };
    const singles = Object.keys(all).filter((k) => k.endsWith('_one'));
    expect(singles.length).toBeGreaterThanOrEqual(20);
    for (const k of singles) expect(Object.keys(all), k).toContain(k.slice(0, -'_one'.length));
  });
});
