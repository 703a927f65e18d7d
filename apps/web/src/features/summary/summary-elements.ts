import type { MinutesLink, MinutesRecord, Motion, Span } from '@civicdesk/contract';

/**
 * The elements of a summary that point at words in the minutes, each with a stable id: the id names
 * the element's card in the result (`summary-{id}`) and its highlight in the source text, so a click
 * on either side finds the other.
 */
export type ElementKind = 'motion' | 'action' | 'comment' | 'continued' | 'next' | 'gist' | 'citation';

export interface ElementSpan {
  id: string;
  kind: ElementKind;
  /** 1-based place among the elements of its kind ("Motion 2"). */
  ordinal: number;
  start: number;
  end: number;
}

export const elementIds = {
  motion: (index: number) => `motion-${index}`,
  action: (index: number) => `action-${index}`,
  comment: (index: number) => `comment-${index}`,
  continued: (index: number) => `continued-${index}`,
  next: () => 'next-meeting',
  gist: (index: number) => `gist-${index}`,
  citation: (followup: number, index: number) => `followup-${followup}-citation-${index}`,
};

/** The DOM id of an element's card in the result. */
export const elementCardId = (id: string) => `summary-${id}`;

const spanOf = (id: string, kind: ElementKind, ordinal: number, span: Span): ElementSpan => ({ id, kind, ordinal, start: span.start, end: span.end });

/**
 * Every span of a summary and its follow-up answers. The structured elements come first, so a click
 * on words that a motion and a gist sentence share selects the motion first.
 */
export function elementSpans(record: Pick<MinutesRecord, 'result' | 'followups'>): ElementSpan[] {
  const spans: ElementSpan[] = [];
  const result = record.result;
  if (result) {
    result.motions.forEach((m, i) => spans.push(spanOf(elementIds.motion(i), 'motion', i + 1, m.span)));
    result.actions.forEach((a, i) => spans.push(spanOf(elementIds.action(i), 'action', i + 1, a.span)));
    result.public_comment.forEach((c, i) => spans.push(spanOf(elementIds.comment(i), 'comment', i + 1, c.span)));
    result.continued.forEach((c, i) => spans.push(spanOf(elementIds.continued(i), 'continued', i + 1, c.span)));
    if (result.next_meeting) spans.push(spanOf(elementIds.next(), 'next', 1, result.next_meeting.span));
    result.narrative.forEach((n, i) => spans.push(spanOf(elementIds.gist(i), 'gist', i + 1, n.span)));
  }
  record.followups.forEach((followup, f) =>
    followup.citations.forEach((citation, c) => spans.push(spanOf(elementIds.citation(f, c), 'citation', c + 1, citation))),
  );
  return spans;
}

/** Whether `amends` names another motion of the list. */
const amendsAnother = (motions: Motion[], index: number) => {
  const target = motions[index].amends;
  return target !== null && Number.isInteger(target) && target >= 0 && target < motions.length && target !== index;
};

/** The main motion an amendment belongs under: follow `amends` to a motion that amends nothing; a loop leaves the motion on its own. */
function mainMotionOf(motions: Motion[], index: number): number {
  const seen = new Set<number>([index]);
  let current = index;
  while (amendsAnother(motions, current)) {
    current = motions[current].amends!;
    if (seen.has(current)) return index;
    seen.add(current);
  }
  return current;
}

export interface MotionEntry {
  index: number;
  motion: Motion;
  /** The index of the motion this one amends, when that is a motion of the list. */
  amends: number | null;
}

export interface MotionGroup extends MotionEntry {
  /** Amendments to this motion (or to its amendments), in the order they were made. */
  amendments: MotionEntry[];
}

/** Main motions in order, each with its amendments under it. */
export function groupMotions(motions: Motion[]): MotionGroup[] {
  const groups = new Map<number, MotionGroup>();
  const entry = (index: number): MotionEntry => ({ index, motion: motions[index], amends: amendsAnother(motions, index) ? motions[index].amends : null });
  motions.forEach((_, index) => {
    if (mainMotionOf(motions, index) === index) groups.set(index, { ...entry(index), amendments: [] });
  });
  motions.forEach((_, index) => {
    const main = mainMotionOf(motions, index);
    if (main !== index) groups.get(main)!.amendments.push(entry(index));
  });
  return [...groups.values()].sort((a, b) => a.index - b.index);
}

/** Where a motion's agenda item or legislation opens in the app; an agenda item without its agenda has no page. */
export function linkHref(link: MinutesLink): string | null {
  if (link.kind === 'legislation') return `/ordinance/${encodeURIComponent(link.id)}`;
  return link.agenda_id ? `/agenda/${encodeURIComponent(link.agenda_id)}#item-${encodeURIComponent(link.id)}` : null;
}
