import type { DraftBlock, DraftContent, DraftInline } from '@civicdesk/contract';
import { diffArrays } from 'diff';
import { paragraph } from './content';

/**
 * An edited plain text applied back onto a structured draft (an AI edit, by rule or by model): the
 * lines that did not change keep their blocks as they were (headings, bold, the comparative
 * print's strike and underline); a changed line keeps its block's kind with the new words; a new
 * line becomes a paragraph after the line before it; a removed line removes its block.
 */
interface Leaf {
  /** The array holding the leaf, and the leaf itself (a paragraph or heading). */
  parent: (DraftBlock | DraftInline)[];
  block: DraftBlock;
  /** The top-level block the leaf belongs to (where a new paragraph goes after it). */
  top: DraftBlock;
  text: string;
}

const textOf = (block: DraftBlock) =>
  (block.content ?? [])
    .map((n) => (n.type === 'text' ? ((n as { marks?: { type: string }[] }).marks?.some((m) => m.type === 'strike') ? '' : (n as { text: string }).text) : n.type === 'hardBreak' ? '\n' : ''))
    .join('');

/** The leaves in reading order: the units plainText() writes one line each for. */
function leavesOf(content: DraftContent): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (nodes: (DraftBlock | DraftInline)[], top: DraftBlock | null, prefix: string) => {
    for (const node of nodes) {
      if (node.type === 'text' || node.type === 'hardBreak') continue;
      const block = node as DraftBlock;
      const owner = top ?? block;
      if (block.type === 'paragraph' || block.type === 'heading') leaves.push({ parent: nodes, block, top: owner, text: prefix + textOf(block) });
      else if (block.type === 'bulletList' || block.type === 'orderedList') walk(block.content ?? [], owner, `${prefix}- `);
      else if (block.type !== 'horizontalRule') walk(block.content ?? [], owner, prefix);
    }
  };
  walk(content.content, null, '');
  return leaves;
}

export function mergeText(content: DraftContent, edited: string): DraftContent {
  const next = structuredClone(content) as DraftContent;
  const leaves = leavesOf(next).filter((l) => l.text.trim().length > 0);
  const newLines = edited.split('\n').filter((l) => l.trim().length > 0);
  const changes = diffArrays(
    leaves.map((l) => l.text.trim()),
    newLines.map((l) => l.trim()),
  );
  let at = 0;
  let lastTop: DraftBlock | null = null;
  const removed: Leaf[] = [];
  const pendingRemovals: Leaf[] = [];
  for (const change of changes) {
    if (!change.added && !change.removed) {
      removed.push(...pendingRemovals.splice(0));
      for (let i = 0; i < change.count!; i++) lastTop = leaves[at++].top;
      continue;
    }
    if (change.removed) {
      for (let i = 0; i < change.count!; i++) pendingRemovals.push(leaves[at++]);
      continue;
    }
    // Added lines: first they take the place of lines just removed (an edit of those lines), then become new paragraphs.
    for (const line of change.value) {
      const replaced = pendingRemovals.shift();
      const words = line.replace(/^- /, '');
      if (replaced) {
        replaced.block.content = [{ type: 'text', text: words }];
        lastTop = replaced.top;
      } else {
        const block = paragraph(words);
        const list = next.content;
        const after = lastTop ? list.indexOf(lastTop) : -1;
        list.splice(after + 1, 0, block);
        lastTop = block;
      }
    }
    removed.push(...pendingRemovals.splice(0));
  }
  removed.push(...pendingRemovals);
  for (const leaf of removed) {
    const index = leaf.parent.indexOf(leaf.block);
    if (index >= 0) leaf.parent.splice(index, 1);
  }
  // A list item or list left empty by removals goes too.
  const prune = (nodes: (DraftBlock | DraftInline)[]) => {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i] as DraftBlock;
      if (!node.content || node.type === 'paragraph' || node.type === 'heading') continue;
      prune(node.content);
      if (node.content.length === 0) nodes.splice(i, 1);
    }
  };
  prune(next.content);
  return next;
}
