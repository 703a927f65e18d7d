import type { DraftContent } from '@civicdesk/contract';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { draftToDocx, draftToPdf } from './export';

const text = (t: string) => ({ type: 'text' as const, text: t });
const para = (t: string) => ({ type: 'paragraph' as const, content: [text(t)] });
const heading = (t: string) => ({ type: 'heading' as const, attrs: { level: 2 }, content: [text(t)] });

// A bill as the editor holds it: the bill, then the drafter's aids the drafter reads (issue 32).
const CONTENT = {
  type: 'doc',
  content: [
    para('A BILL'),
    para('Sec. 2. Section 2-532 of the District of Columbia Official Code is amended by adding a new subsection (g).'),
    para('Sec. 5. Effective date. This act shall take effect following approval by the Mayor.'),
    heading('Comparative print: § 2-532 Procedure'),
    para('(a) Any person has the right to request access to public records.'),
    heading('Law this draft rests on'),
    para('§ 2-532(a): “Any person has the right to request access to public records.”'),
  ],
} as unknown as DraftContent;

describe('an exported draft', () => {
  it("carries the bill only: the comparative print and the law it rests on stay in the editor", async () => {
    const docx = await draftToDocx({ title: 'Records Act', content: CONTENT }, null);
    const words = (await mammoth.extractRawText({ buffer: docx })).value;
    expect(words).toContain('Sec. 2. Section 2-532');
    expect(words).toContain('Sec. 5. Effective date.');
    expect(words).not.toContain('Comparative print');
    expect(words).not.toContain('Law this draft rests on');
    expect(words).not.toContain('right to request access');
  });

  it('keeps a heading of the bill itself and what follows it', async () => {
    const content = { ...CONTENT, content: [...CONTENT.content, heading('Sec. 6. Severability'), para('If any provision is held invalid, the rest stands.')] } as DraftContent;
    const words = (await mammoth.extractRawText({ buffer: await draftToDocx({ title: 'Records Act', content }, null) })).value;
    expect(words).toContain('If any provision is held invalid, the rest stands.');
    expect((await draftToPdf({ title: 'Records Act', content }, null)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
