import type { DraftBlock, DraftContent, DraftInline } from '@civicdesk/contract';
import { diffArrays, diffChars } from 'diff';
import { paragraph } from './content';

/**
 * An edited plain text applied back onto a structured draft (an AI edit, by rule or by model): the
 * lines that did not change keep their blocks as they were (headings, bold, the comparative
 * print's strike and underline); a changed line keeps its block and the marks of its words, new
 * words taking the marks of the words they replace or stand among (issue 19: a renumbered
 * "Sec. 5." stays bold, a new short title in the enacting clause stays plain); a new line becomes
 * a paragraph after the line before it, a "Sec. N. Heading." line bold like its siblings; a
 * removed line removes its block.
 */
interface Leaf {
  /** The array holding the leaf, and the leaf itself (a paragraph or heading). */
  parent: (DraftBlock | DraftInline)[];
  block: DraftBlock;
  /** The top-level block the leaf belongs to (where a new paragraph goes after it). */
  top: DraftBlock;
  text: string;
}

type TextNode = Extract<DraftInline, { type: 'text' }>;
type Marks = TextNode['marks'];
const isStruck = (node: DraftInline) => node.type === 'text' && Boolean((node as TextNode).marks?.some((m) => m.type === 'strike'));

const textOf = (block: DraftBlock) =>
  (block.content ?? [])
    .map((n) => (n.type === 'text' ? (isStruck(n as DraftInline) ? '' : (n as TextNode).text) : n.type === 'hardBreak' ? '\n' : ''))
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

const markKey = (marks: Marks) => (marks ?? []).map((m) => m.type).sort().join(',');
/** The marks two neighbours share (a word typed between bold and plain text is plain). */
function shared(a: Marks, b: Marks): Marks {
  if (!a) return b;
  if (!b) return a;
  const kept = a.filter((m) => b.some((n) => n.type === m.type));
  return kept.length ? kept : undefined;
}

/**
 * A line's new words laid onto its old runs: unchanged characters keep their marks; replacing
 * characters take the marks of those they replace; inserted ones the marks their neighbours
 * share. Struck words (a comparative print's removed text, not in the plain text) stay where they were.
 */
export function restyle(nodes: (DraftBlock | DraftInline)[], words: string): DraftInline[] {
  const visible: { ch: string; marks: Marks; hardBreak?: boolean }[] = [];
  const hidden = new Map<number, DraftInline[]>();
  for (const node of nodes as DraftInline[]) {
    if (node.type === 'hardBreak') visible.push({ ch: '\n', marks: undefined, hardBreak: true });
    else if (isStruck(node)) hidden.set(visible.length, [...(hidden.get(visible.length) ?? []), node]);
    else for (const ch of (node as TextNode).text) visible.push({ ch, marks: (node as TextNode).marks });
  }
  const out: DraftInline[] = [];
  const emit = (text: string, marks: Marks) => {
    const last = out.at(-1) as TextNode | undefined;
    if (text === '\n') out.push({ type: 'hardBreak' });
    else if (last?.type === 'text' && !isStruck(last as DraftInline) && markKey(last.marks) === markKey(marks)) last.text += text;
    else out.push(marks?.length ? { type: 'text', text, marks } : { type: 'text', text });
  };
  const flushHidden = (at: number) => {
    out.push(...(hidden.get(at) ?? []));
    hidden.delete(at);
  };
  const parts = diffChars(visible.map((v) => v.ch).join(''), words);
  let at = 0;
  parts.forEach((part, i) => {
    if (part.added) {
      const replaced = parts[i - 1]?.removed ? at - parts[i - 1].value.length : parts[i + 1]?.removed ? at : -1;
      const marks = replaced >= 0 ? visible[replaced]?.marks : shared(visible[at - 1]?.marks, visible[at]?.marks);
      for (const ch of part.value) emit(ch, ch === '\n' ? undefined : marks);
      return;
    }
    for (const _ of part.value) {
      flushHidden(at);
      if (!part.removed) emit(visible[at].hardBreak ? '\n' : visible[at].ch, visible[at].marks);
      at++;
    }
  });
  for (const key of [...hidden.keys()].sort((a, b) => a - b)) flushHidden(key);
  return out;
}

/** "Sec. 4. Severability." of a new line, bold when the draft's section headings are. */
const SECTION_HEADING = /^(?:Sec\.|Section)\s+\d+[a-z]?\.(?:\s+[A-Z][^.]{0,80}\.)?/;
function newParagraph(words: string, leaves: Leaf[]): DraftBlock {
  const heading = SECTION_HEADING.exec(words)?.[0];
  const boldHeadings = leaves.some((l) => {
    const first = l.block.content?.[0] as TextNode | undefined;
    return first?.type === 'text' && /^(?:Sec\.|Section)\s+\d/.test(first.text) && Boolean(first.marks?.some((m) => m.type === 'bold'));
  });
  if (!heading || !boldHeadings) return paragraph(words);
  return paragraph({ text: heading, marks: ['bold'] }, words.slice(heading.length));
}

/** How alike two lines are: their common beginning and end against the longer (0..1). */
function likeness(a: string, b: string): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return (start + end) / Math.max(a.length, b.length, 1);
}
const ALIKE = 0.3;

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
  const pending: Leaf[] = [];
  for (const change of changes) {
    if (!change.added && !change.removed) {
      removed.push(...pending.splice(0));
      for (let i = 0; i < change.count!; i++) lastTop = leaves[at++].top;
      continue;
    }
    if (change.removed) {
      for (let i = 0; i < change.count!; i++) pending.push(leaves[at++]);
      continue;
    }
    // Added lines take the place of the removed line most like them (in order), else of the next
    // removed one while there are as many left as lines to place; the rest become new paragraphs.
    change.value.forEach((line, i) => {
      const words = line.replace(/^- /, '');
      const left = change.value.length - i;
      let best = -1;
      pending.forEach((leaf, j) => {
        if (likeness(leaf.text.trim(), line.trim()) >= ALIKE && (best < 0 || likeness(leaf.text.trim(), line.trim()) > likeness(pending[best].text.trim(), line.trim()))) best = j;
      });
      if (best < 0 && pending.length >= left) best = 0;
      if (best >= 0) {
        const [replaced] = pending.splice(best, 1);
        removed.push(...pending.splice(0, best));
        replaced.block.content = restyle(replaced.block.content ?? [], words);
        lastTop = replaced.top;
      } else {
        const block = newParagraph(words, leaves);
        const list = next.content;
        list.splice(lastTop ? list.indexOf(lastTop) + 1 : 0, 0, block);
        lastTop = block;
      }
    });
    removed.push(...pending.splice(0));
  }
  removed.push(...pending);
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
