import type { DraftContent } from '@civicdesk/contract';
import { describe, expect, it } from 'vitest';
import { plainText } from './content';
import { mergeText } from './merge';

/** An edited text laid back onto a structured draft: unchanged lines keep their blocks and marks. */
const draft: DraftContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Comparative print' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Sec. 2. ', marks: [{ type: 'bold' }] }, { type: 'text', text: 'The officer shall respond within 15 working days.' }] },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First item' }] }] }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'Sec. 3. Effective date.' }] },
  ],
};

describe('mergeText', () => {
  it('changes only the edited line, keeps the others exactly (marks, headings, lists)', () => {
    const edited = plainText(draft).replace('15 working days', '10 working days');
    const merged = mergeText(draft, edited);
    expect(merged.content[0]).toEqual(draft.content[0]);
    expect(merged.content[2]).toEqual(draft.content[2]);
    expect(merged.content[3]).toEqual(draft.content[3]);
    expect(merged.content[1]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'Sec. 2. The officer shall respond within 10 working days.' }] });
    expect(plainText(merged)).toBe(edited);
  });

  it('inserts new lines after the line before them and removes deleted ones', () => {
    const lines = plainText(draft).split('\n');
    const edited = [lines[0], lines[1], 'Sec. 2a. Severability.', lines[2]].join('\n');
    const merged = mergeText(draft, edited);
    expect(plainText(merged)).toBe(edited);
    expect(merged.content.map((b) => b.type)).toEqual(['heading', 'paragraph', 'paragraph', 'bulletList']);
  });

  it('removes a list that loses its only item', () => {
    const edited = plainText(draft).replace('- First item\n', '');
    expect(mergeText(draft, edited).content.map((b) => b.type)).toEqual(['heading', 'paragraph', 'paragraph']);
  });
});
