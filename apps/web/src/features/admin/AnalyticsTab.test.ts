import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { toolLabel } from './AnalyticsTab';

describe('the per-tool chart’s labels', () => {
  it('name each tool as the sidebar does, never an internal event name or a path (issue 22)', () => {
    const en = (key: Parameters<typeof translate>[1]) => translate('en', key);
    const es = (key: Parameters<typeof translate>[1]) => translate('es', key);
    expect(toolLabel('knowledge_assistant', en)).toBe('Knowledge Assistant');
    expect(toolLabel('/compliance/code', en)).toBe('Code Compliance');
    expect(toolLabel('/ordinance/L25-1', en)).toBe('Documents and ordinances');
    expect(toolLabel('/auth/login', en)).toBe('Other pages');
    expect(toolLabel('other', en)).toBe('Other pages');
    expect(toolLabel('summarizer', es)).toBe(translate('es', 'navSummarizer'));
  });
});
