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

const bold = [{ type: 'bold' }];
const text = (t: string, marks?: { type: string }[]) => (marks ? { type: 'text', text: t, marks } : { type: 'text', text: t });

/** A D.C. act's top as the drafter writes it: a centred bold short title, the enacting clause's bold words, bold section headings. */
const act: DraftContent = {
  type: 'doc',
  content: [
    { type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Records Response Time Amendment Act of 2026', bold)] },
    { type: 'paragraph', content: [text('BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA', bold), text(', That this act may be cited as the "Records Response Time Amendment Act of 2026".')] },
    { type: 'paragraph', content: [text('Sec. 2. ', bold), text('Section 2-532(c)(1) is amended by striking the phrase "15 days" and inserting the phrase "10 days" in its place.')] },
    { type: 'paragraph', content: [text('Sec. 3. Fiscal impact statement.', bold), text(' The Council adopts the fiscal impact statement.')] },
    { type: 'paragraph', content: [text('Sec. 4. Effective date.', bold), text(' This act shall take effect [effective date].')] },
    { type: 'heading', attrs: { level: 2 }, content: [text('Comparative print: § 2-532')] },
    { type: 'paragraph', content: [text('(c)(1) A public body shall within '), text('15 days', [{ type: 'strike' }]), text(' '), text('10 days', [{ type: 'underline' }]), text(' respond to any request.')] },
  ],
} as DraftContent;

describe('mergeText', () => {
  it('changes only the edited line, keeps the others exactly (marks, headings, lists) and the marks of the edited line', () => {
    const edited = plainText(draft).replace('15 working days', '10 working days');
    const merged = mergeText(draft, edited);
    expect(merged.content[0]).toEqual(draft.content[0]);
    expect(merged.content[2]).toEqual(draft.content[2]);
    expect(merged.content[3]).toEqual(draft.content[3]);
    expect(merged.content[1]).toEqual({ type: 'paragraph', content: [text('Sec. 2. ', bold), text('The officer shall respond within 10 working days.')] });
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

  it('a new short title keeps the title line centred and bold, and the enacting clause its bold words', () => {
    const edited = plainText(act).split('Records Response Time Amendment Act of 2026').join('Freedom of Information Response Time Amendment Act of 2026');
    const merged = mergeText(act, edited);
    expect(merged.content[0]).toEqual({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Freedom of Information Response Time Amendment Act of 2026', bold)] });
    expect(merged.content[1].content).toEqual([
      text('BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA', bold),
      text(', That this act may be cited as the "Freedom of Information Response Time Amendment Act of 2026".'),
    ]);
    expect(merged.content.slice(2)).toEqual(act.content.slice(2));
  });

  it('a clause added before the effective date is a bold-headed paragraph, and the renumbered clause stays bold', () => {
    const lines = plainText(act).split('\n');
    const severability = 'Sec. 4. Severability. If any provision of this act is held invalid, the rest remains in effect.';
    const edited = [...lines.slice(0, 4), severability, lines[4].replace('Sec. 4.', 'Sec. 5.'), ...lines.slice(5)].join('\n');
    const merged = mergeText(act, edited);
    expect(plainText(merged)).toBe(edited);
    expect(merged.content[4]).toEqual({ type: 'paragraph', content: [text('Sec. 4. Severability.', bold), text(' If any provision of this act is held invalid, the rest remains in effect.')] });
    expect(merged.content[5]).toEqual({ type: 'paragraph', content: [text('Sec. 5. Effective date.', bold), text(' This act shall take effect [effective date].')] });
  });

  it("a changed line of a comparative print keeps its struck and underlined words", () => {
    const edited = plainText(act).replace('respond to any request.', 'respond to any written request.');
    const merged = mergeText(act, edited);
    expect(merged.content[6].content).toEqual([
      text('(c)(1) A public body shall within '),
      text('15 days', [{ type: 'strike' }]),
      text(' '),
      text('10 days', [{ type: 'underline' }]),
      text(' respond to any written request.'),
    ]);
    expect(plainText(merged)).toBe(edited);
  });
});
