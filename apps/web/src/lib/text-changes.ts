import { diffLines, diffWords } from 'diff';

/**
 * Changes between two texts, for the drafting editor: an AI edit's proposal as changes a drafter
 * accepts or rejects one by one, and the words that differ between two versions.
 */
export interface TextChange {
  id: number;
  /** Lines the change removes ("" when it only adds). */
  removed: string;
  /** Lines it adds ("" when it only removes). */
  added: string;
}

export type Segment = { kind: 'same'; text: string } | { kind: 'change'; change: TextChange };

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The proposal as unchanged runs and changes; a removal followed by an addition is one change. */
export function changesBetween(before: string, after: string): Segment[] {
  const segments: Segment[] = [];
  let id = 0;
  let pending: TextChange | null = null;
  const flush = () => {
    if (pending) segments.push({ kind: 'change', change: pending });
    pending = null;
  };
  for (const part of diffLines(withNewline(before), withNewline(after))) {
    if (!part.added && !part.removed) {
      flush();
      segments.push({ kind: 'same', text: part.value });
    } else if (part.removed) {
      flush();
      pending = { id: id++, removed: part.value, added: '' };
    } else {
      if (pending && !pending.added) pending.added = part.value;
      else {
        flush();
        pending = { id: id++, removed: '', added: part.value };
      }
    }
  }
  flush();
  return segments;
}

/** The text with the accepted changes applied and the rejected ones left as they were. */
export function applyChanges(segments: Segment[], accepted: ReadonlySet<number>): string {
  return segments
    .map((s) => (s.kind === 'same' ? s.text : accepted.has(s.change.id) ? s.change.added : s.change.removed))
    .join('')
    .replace(/\n$/, '');
}

export interface WordPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/** Word by word: what two versions share, what the later one removed and what it added. */
export function wordDiff(before: string, after: string): WordPart[] {
  return diffWords(before, after).map((p) => ({ text: p.value, kind: p.added ? 'added' : p.removed ? 'removed' : 'same' }));
}
