import type { DraftBlock, DraftContent, DraftInline } from '@civicdesk/contract';

export { placeholdersIn } from '@civicdesk/contract';

/**
 * A drafted document's body as TipTap/ProseMirror JSON: builders the drafter writes with, and the
 * readers the exports, lists and edits use (plain text, placeholders).
 */
export type Mark = 'bold' | 'italic' | 'underline' | 'strike';
/** A run of text with its marks (strike = words an amendment removes, underline = words it adds). */
export interface Run {
  text: string;
  marks?: Mark[];
}

const inline = (runs: (Run | string)[]): DraftInline[] =>
  runs
    .map((r) => (typeof r === 'string' ? { text: r } : r))
    .filter((r) => r.text.length > 0)
    .map((r) => (r.marks?.length ? { type: 'text' as const, text: r.text, marks: r.marks.map((type) => ({ type })) } : { type: 'text' as const, text: r.text }));

export const heading = (level: 1 | 2 | 3, text: string): DraftBlock => ({ type: 'heading', attrs: { level }, content: inline([text]) });
export const paragraph = (...runs: (Run | string)[]): DraftBlock => ({ type: 'paragraph', content: inline(runs) });
export const centered = (...runs: (Run | string)[]): DraftBlock => ({ type: 'paragraph', attrs: { textAlign: 'center' }, content: inline(runs) });
export const bold = (text: string): Run => ({ text, marks: ['bold'] });
export const bulletList = (items: (Run | string)[][]): DraftBlock => ({
  type: 'bulletList',
  content: items.map((runs) => ({ type: 'listItem', content: [paragraph(...runs)] })),
});
export const rule = (): DraftBlock => ({ type: 'horizontalRule' });
export const doc = (blocks: DraftBlock[]): DraftContent => ({ type: 'doc', content: blocks });

const isInline = (node: DraftBlock | DraftInline): node is DraftInline => node.type === 'text' || node.type === 'hardBreak';

/** Plain text: one line per paragraph or heading, list items as "- ", struck words left out. */
export function plainText(content: DraftContent, opts: { keepStruck?: boolean } = {}): string {
  const lines: string[] = [];
  const walk = (blocks: (DraftBlock | DraftInline)[], prefix: string) => {
    for (const block of blocks) {
      if (isInline(block)) continue;
      if (block.type === 'paragraph' || block.type === 'heading') {
        lines.push(prefix + inlineText(block.content ?? [], opts.keepStruck ?? false));
      } else if (block.type === 'horizontalRule') lines.push('');
      else if (block.type === 'listItem') walk(block.content ?? [], prefix);
      else if (block.type === 'bulletList' || block.type === 'orderedList') walk(block.content ?? [], `${prefix}- `);
      else walk(block.content ?? [], prefix);
    }
  };
  walk(content.content, '');
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function inlineText(nodes: (DraftBlock | DraftInline)[], keepStruck: boolean): string {
  return nodes
    .map((n) => {
      if (n.type === 'hardBreak') return '\n';
      if (n.type !== 'text') return '';
      const struck = n.marks?.some((m) => m.type === 'strike');
      return struck && !keepStruck ? '' : n.text;
    })
    .join('');
}

/** The body of a text: one paragraph per line (what an edit or an import of plain text becomes). */
export function contentOfText(text: string): DraftContent {
  return doc(
    text
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line, i, all) => line.length > 0 || (i > 0 && all[i - 1].length > 0))
      .map((line) => (line ? paragraph(line) : paragraph())),
  );
}

/** Number of characters of a body's text: the version list shows it. */
export const characters = (content: DraftContent) => plainText(content).length;
